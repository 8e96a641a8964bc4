/** The loyalty pages' own texts (TR default, EN, CN): the brand's points rules, the points mall and its
 * redemptions. ``t`` reads these first and the console's shared texts (src/shared/texts.ts) for every other key. */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";
import type { TextKey } from "../../shared/texts";
import { named as sharedNamed, t as sharedT } from "../../shared/texts";

const TR = {
  pointRules: "Puan kuralları", pointsMall: "Puan marketi", mallRedemptions: "Market talepleri",
  pointType: "Puan türü", bettingUnit: "Birim tutar", ratio: "Birim başına puan", ruleState: "Durum",
  on: "Açık", off: "Kapalı", edit: "Düzenle", save: "Kaydet", saved: "Kaydedildi.",
  LIVE: "Canlı casino", LOTTERY: "Piyango", CARD: "Kart oyunları", SLOT: "Slot", SPORTS: "Spor", DEPOSIT: "Yatırım", REDEEM: "Harcama",
  rulesHint: "Her birim tutarlık geçerli bahis (yatırım türünde yatırılan tutar) oran kadar puan kazandırır; değişiklik bir sonraki sayılan tutardan itibaren geçerlidir.",
  rulesReadOnly: "Puan kurallarını yalnızca markanın yöneticisi değiştirebilir.",
  editRule: "{type} kuralını düzenle", earns: "Puan kazandırsın",
  auditReason: "Gerekçe (denetim kaydına yazılır)", unitHint: "Örnek: 100.00",
  unitInvalid: "Birim tutar 0.01 ile 1,000,000.00 arasında, en fazla 2 ondalıklı bir tutardır.",
  ratioInvalid: "Oran 0 ile 1,000,000 arasında bir tam sayıdır.",
  picture: "Görsel", pictureAddress: "Görsel adresi", pictureHint: "https:// ile başlayan bir adres ya da sitedeki bir yol (/images/…).",
  pictureInvalid: "Görsel https:// ile başlayan bir adres ya da / ile başlayan bir yol olmalıdır.",
  name: "Ad", nameIn: "Ad ({language})", points: "Puan", stock: "Stok", itemState: "Durum", sort: "Sıra", item: "Ürün",
  active: "Satışta", inactive: "Kapalı", onSale: "Markette göster", soldOut: "Tükendi",
  mallEmpty: "Bu markanın marketinde ürün yok.", mallReadOnly: "Marketi yalnızca içerik rolü (veya yönetici) değiştirebilir.",
  addItem: "Ürün ekle", editItem: "Ürün #{id} düzenleniyor", add: "Ekle", itemCreated: "Ürün eklendi.", itemSaved: "Ürün kaydedildi.",
  turkishName: "Türkçe (TR) ad zorunludur.", pointsInvalid: "Puan 1 ile 100,000,000 arasında bir tam sayıdır.",
  stockInvalid: "Stok 0 ile 1,000,000 arasında bir tam sayıdır.", sortInvalid: "Sıra 0 ile 10000 arasında bir tam sayıdır.",
  initialStock: "Başlangıç stoku", changeStock: "Stok değiştir", stockOf: "{item} stoku (şu an {stock})",
  stockChange: "Değişiklik (+ ekler, - düşer)", stockChangeInvalid: "Değişiklik sıfır olmayan bir tam sayıdır (-1,000,000 ile 1,000,000 arası).",
  stockChanged: "Stok değişti; şimdi {stock}.", apply: "Uygula",
  redemptionsHint: "Üyelerin puanla aldığı ürünler. Onay teslimatı başlatır; ret puanları üyeye, stoku ürüne geri verir.",
  number: "No. / tarih / hesap", quantity: "Adet", delivery: "Teslimat adresi", mobile: "Cep telefonu", decidedBy: "{name}, {when}",
  IN_PROCESS: "İşlemde", APPROVED: "Onaylandı", REJECTED: "Reddedildi", noBrand: "Önce bir marka seçin.",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  pointRules: "Points rules", pointsMall: "Points mall", mallRedemptions: "Mall redemptions",
  pointType: "Point type", bettingUnit: "Betting unit", ratio: "Points a unit", ruleState: "State",
  on: "On", off: "Off", edit: "Edit", save: "Save", saved: "Saved.",
  LIVE: "Live casino", LOTTERY: "Lottery", CARD: "Card games", SLOT: "Slots", SPORTS: "Sports", DEPOSIT: "Deposit", REDEEM: "Redeemed",
  rulesHint: "Each betting unit of valid bet (of the amount deposited, for deposits) earns the ratio in points; a change applies from the next amount counted.",
  rulesReadOnly: "Only the brand's admin may change the points rules.",
  editRule: "Edit the {type} rule", earns: "Earns points",
  auditReason: "Reason (written to the audit log)", unitHint: "For example 100.00",
  unitInvalid: "The betting unit is an amount from 0.01 to 1,000,000.00, with at most 2 decimals.",
  ratioInvalid: "The ratio is a whole number from 0 to 1,000,000.",
  picture: "Picture", pictureAddress: "Picture address", pictureHint: "An address starting with https:// or a path on the site (/images/…).",
  pictureInvalid: "The picture must be an address starting with https:// or a path starting with /.",
  name: "Name", nameIn: "Name ({language})", points: "Points", stock: "Stock", itemState: "State", sort: "Order", item: "Item",
  active: "On sale", inactive: "Off", onSale: "Show in the mall", soldOut: "Sold out",
  mallEmpty: "This brand's mall has no items.", mallReadOnly: "Only the content role (or an admin) may change the mall.",
  addItem: "Add an item", editItem: "Editing item #{id}", add: "Add", itemCreated: "Item added.", itemSaved: "Item saved.",
  turkishName: "A Turkish (TR) name is required.", pointsInvalid: "Points are a whole number from 1 to 100,000,000.",
  stockInvalid: "The stock is a whole number from 0 to 1,000,000.", sortInvalid: "The order is a whole number from 0 to 10000.",
  initialStock: "Initial stock", changeStock: "Change stock", stockOf: "Stock of {item} (now {stock})",
  stockChange: "Change (+ adds, - takes)", stockChangeInvalid: "The change is a whole number other than zero (from -1,000,000 to 1,000,000).",
  stockChanged: "Stock changed; now {stock}.", apply: "Apply",
  redemptionsHint: "Items members bought with points. Approving starts the delivery; rejecting gives the points back to the member and the stock back to the item.",
  number: "No. / date / account", quantity: "Quantity", delivery: "Delivery address", mobile: "Mobile", decidedBy: "{name}, {when}",
  IN_PROCESS: "In process", APPROVED: "Approved", REJECTED: "Rejected", noBrand: "Pick a brand first.",
};

const CN: Record<Key, string> = {
  pointRules: "积分规则", pointsMall: "积分商城", mallRedemptions: "商城兑换",
  pointType: "积分类型", bettingUnit: "投注单位", ratio: "每单位积分", ruleState: "状态",
  on: "开启", off: "关闭", edit: "编辑", save: "保存", saved: "已保存。",
  LIVE: "真人娱乐", LOTTERY: "彩票", CARD: "棋牌", SLOT: "电子", SPORTS: "体育", DEPOSIT: "存款", REDEEM: "兑换",
  rulesHint: "每一个投注单位的有效投注（存款类型为存入金额）可获得相应比例的积分；修改从下一笔计入的金额起生效。",
  rulesReadOnly: "只有该品牌的管理员可以修改积分规则。",
  editRule: "编辑{type}规则", earns: "获得积分",
  auditReason: "原因（写入审计日志）", unitHint: "例如 100.00",
  unitInvalid: "投注单位为 0.01 至 1,000,000.00 之间的金额，最多两位小数。",
  ratioInvalid: "比例为 0 至 1,000,000 之间的整数。",
  picture: "图片", pictureAddress: "图片地址", pictureHint: "以 https:// 开头的地址，或站内路径（/images/…）。",
  pictureInvalid: "图片须为以 https:// 开头的地址或以 / 开头的路径。",
  name: "名称", nameIn: "名称（{language}）", points: "积分", stock: "库存", itemState: "状态", sort: "排序", item: "商品",
  active: "上架", inactive: "下架", onSale: "在商城显示", soldOut: "已售罄",
  mallEmpty: "该品牌的商城暂无商品。", mallReadOnly: "只有内容角色（或管理员）可以修改商城。",
  addItem: "添加商品", editItem: "正在编辑商品 #{id}", add: "添加", itemCreated: "商品已添加。", itemSaved: "商品已保存。",
  turkishName: "土耳其语（TR）名称为必填。", pointsInvalid: "积分为 1 至 100,000,000 之间的整数。",
  stockInvalid: "库存为 0 至 1,000,000 之间的整数。", sortInvalid: "排序为 0 至 10000 之间的整数。",
  initialStock: "初始库存", changeStock: "调整库存", stockOf: "{item} 的库存（当前 {stock}）",
  stockChange: "变动（+ 增加，- 减少）", stockChangeInvalid: "变动为非零整数（-1,000,000 至 1,000,000）。",
  stockChanged: "库存已调整，当前为 {stock}。", apply: "应用",
  redemptionsHint: "会员用积分兑换的商品。批准后开始配送；拒绝会将积分退还会员、库存退回商品。",
  number: "编号 / 时间 / 账户", quantity: "数量", delivery: "收货地址", mobile: "手机号", decidedBy: "{name}，{when}",
  IN_PROCESS: "处理中", APPROVED: "已批准", REJECTED: "已拒绝", noBrand: "请先选择品牌。",
};

const own = translator<Key>({ TR, EN, CN } satisfies Catalog<Key>);

export type LoyaltyTextKey = Key;
/** A key of these texts or of the console's shared ones. */
export type AnyTextKey = Key | TextKey;

function isOwn(key: string): key is Key {
  return Object.hasOwn(TR, key);
}

export function t(language: Language, key: AnyTextKey, params?: Record<string, string | number>): string {
  return isOwn(key) ? own(language, key, params) : sharedT(language, key, params);
}

/** A text for a value the server names (a point type, a redemption's state), the value itself when there is none. */
export function named(language: Language, value: string): string {
  if (isOwn(value)) return own(language, value);
  return value in Object.prototype ? value : sharedNamed(language, value);
}

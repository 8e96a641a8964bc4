/** The bonus details page's texts (TR default, EN, CN). */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  title: "Bonus ayrıntıları", filter: "Duruma göre", all: "Tüm durumlar", empty: "Henüz bonusunuz yok.",
  emptyLead: "Bir promosyona katılın; şartlara uyan yatırımınız bonus kazansın.", seePromotions: "Promosyonlara göz atın",
  amount: "Bonus", deposit: "Yatırım", wagered: "Çevrilen: {done} / {required}", left: "Kalan çevrim: {amount}",
  progress: "{name} çevrim ilerlemesi", expires: "Son gün", settled: "Sonuçlandı", maxBet: "Sayılan en fazla bahis",
  noMaxBet: "Sınır yok", games: "Geçerli oyunlar", granted: "Verildi", pages: "Sayfalar", previous: "Önceki", next: "Sonraki",
  GRANTING: "Hesaba geçiyor", ACTIVE: "Çevrimde", RELEASING: "Ana cüzdana geçiyor", RELEASED: "Ana cüzdana geçti",
  EXPIRING: "Süresi doluyor", EXPIRED: "Süresi doldu", FORFEITED: "Vazgeçildi", FAILED: "Verilemedi",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  title: "Bonus details", filter: "By status", all: "All statuses", empty: "You have no bonuses yet.",
  emptyLead: "Join a promotion and your qualifying deposit earns its bonus.", seePromotions: "See the promotions",
  amount: "Bonus", deposit: "Deposit", wagered: "Wagered: {done} of {required}", left: "Still to wager: {amount}",
  progress: "Wagering progress of {name}", expires: "Expires", settled: "Settled", maxBet: "Max bet that counts",
  noMaxBet: "No limit", games: "Counts on", granted: "Granted", pages: "Pages", previous: "Previous", next: "Next",
  GRANTING: "Being credited", ACTIVE: "Wagering", RELEASING: "Moving to main wallet", RELEASED: "Released",
  EXPIRING: "Expiring", EXPIRED: "Expired", FORFEITED: "Forfeited", FAILED: "Not granted",
};

const CN: Record<Key, string> = {
  title: "红利明细", filter: "按状态", all: "全部状态", empty: "您还没有红利。", emptyLead: "参加优惠活动，符合条件的存款即可获得红利。",
  seePromotions: "查看优惠活动", amount: "红利", deposit: "存款", wagered: "已完成流水：{done} / {required}",
  left: "剩余流水：{amount}", progress: "{name} 流水进度", expires: "到期", settled: "结算时间", maxBet: "计入流水的单注上限",
  noMaxBet: "无上限", games: "适用游戏", granted: "发放时间", pages: "分页", previous: "上一页", next: "下一页",
  GRANTING: "发放中", ACTIVE: "流水进行中", RELEASING: "转入主钱包中", RELEASED: "已转入主钱包", EXPIRING: "即将失效",
  EXPIRED: "已失效", FORFEITED: "已放弃", FAILED: "发放失败",
};

export const CATALOG: Catalog<Key> = { TR, EN, CN };
export type BonusTextKey = Key;
export const bt = translator(CATALOG);


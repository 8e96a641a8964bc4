/** The points mall's texts (TR default, EN, CN). */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";

type Key =
  | "pointMall" | "myPoints" | "balance" | "earned" | "spent" | "shop" | "redemptions" | "details" | "points"
  | "stock" | "soldOut" | "notEnough" | "redeem" | "redeemTitle" | "quantity" | "deliveryAddress" | "mobile"
  | "paymentPassword" | "total" | "cancel" | "close" | "redeemed" | "noItems" | "noRedemptions" | "noRecords"
  | "loginLead" | "login" | "register" | "earningRules" | "noRules" | "rule" | "records" | "time" | "transactionNo"
  | "item" | "status" | "reason" | "change" | "balanceAfter" | "type" | "remark" | "allStates" | "IN_PROCESS"
  | "APPROVED" | "REJECTED" | "EARN" | "REDEEM" | "REFUND" | "LIVE" | "LOTTERY" | "CARD" | "SLOT" | "SPORTS"
  | "DEPOSIT" | "quantityRule" | "addressRule" | "mobileRule" | "passwordRule" | "stockRule" | "pointsRule"
  | "ruleOne" | "filter" | "pages" | "previous" | "next" | "basis" | "inStock" | "unitPoints" | "onePoint" | "balanceLeft"
  | "convert" | "rate" | "least" | "pointsToConvert" | "cashGet" | "unitsRule" | "convertShortRule" | "convertOff"
  | "convertShort" | "mostHint" | "convertButton" | "convertPaid" | "convertPending" | "convertFailed" | "CONVERT" | "cash"
  | "noMoney" | "moneyRule" | "moneyTotal" | "money" | "paymentPending" | "paymentFailed" | "paymentRefunding" | "paymentRefunded";

const TR: Record<Key, string> = {
  pointMall: "Puan mağazası", myPoints: "Puanlarım", balance: "Puan bakiyesi", earned: "Toplam kazanılan",
  spent: "Toplam harcanan", shop: "Ürünler", redemptions: "Taleplerim", details: "Puan ayrıntıları", points: "puan",
  stock: "Stok: {n}", soldOut: "Tükendi", notEnough: "Yetersiz puan", redeem: "Puanla al", redeemTitle: "{name} al",
  quantity: "Adet", deliveryAddress: "Teslimat adresi", mobile: "Cep telefonu", paymentPassword: "Ödeme şifresi",
  total: "Toplam: {n} puan", cancel: "Vazgeç", close: "Kapat",
  redeemed: "Talebiniz alındı (işlem no {no}). Durumunu Taleplerim sekmesinden izleyebilirsiniz.",
  noItems: "Şu anda sunulan ürün yok.", noRedemptions: "Henüz talebiniz yok.", noRecords: "Henüz puan hareketi yok.",
  loginLead: "Puanlarınızı görmek ve ürün almak için giriş yapın.", login: "Giriş yap", register: "Kayıt ol",
  earningRules: "Kazanma kuralları", noRules: "Şu anda puan kazandıran bir kural yok.",
  rule: "{type}: {amount} {currency} = {n} puan", ruleOne: "{type}: {amount} {currency} = 1 puan", records: "Puan hareketleri", time: "Zaman",
  transactionNo: "İşlem no", item: "Ürün", status: "Durum", reason: "Gerekçe", change: "Değişim",
  balanceAfter: "Sonraki bakiye", type: "Tür", remark: "Not", allStates: "Tüm durumlar", IN_PROCESS: "İşlemde",
  APPROVED: "Onaylandı", REJECTED: "Reddedildi", EARN: "Kazanç", REDEEM: "Harcama", REFUND: "İade", LIVE: "Canlı casino",
  LOTTERY: "Loto", CARD: "Kart oyunları", SLOT: "Slot", SPORTS: "Spor bahisleri", DEPOSIT: "Para yatırma",
  quantityRule: "Adet 1 ile {max} arasında olmalıdır.", addressRule: "Adres 5 ile 300 karakter arasında olmalıdır.",
  mobileRule: "Cep telefonu 6–20 rakam olmalıdır (başında + olabilir).", passwordRule: "Ödeme şifrenizi girin.",
  stockRule: "Stokta yalnızca {n} adet var.", pointsRule: "Bu adet için {n} puan gerekir; bakiyeniz {balance}.",
  filter: "Duruma göre", pages: "Sayfalar", previous: "Önceki sayfa", next: "Sonraki sayfa",
  basis: "Esas tutar", inStock: "Stokta", unitPoints: "{n} puan", onePoint: "{n} puan", balanceLeft: "Kalan bakiye: {n} puan",
  convert: "Nakde çevir", rate: "{n} puan = {amount} {currency}", least: "Bir seferde en az {n} puan, {unit} puanın katları olarak.",
  pointsToConvert: "Çevrilecek puan", cashGet: "Alacağınız tutar: {amount} {currency}",
  unitsRule: "Puan {unit} puanın tam katı ve en az {least} olmalıdır.", convertShortRule: "{n} puan çevrilemez; bakiyeniz {balance}.",
  convertOff: "Puanları nakde çevirme şu anda kapalı.", convertShort: "Nakde çevirmek için en az {least} puan gerekir; bakiyeniz {balance}.",
  mostHint: "Bakiyenizle en fazla {n} puan çevirebilirsiniz.", convertButton: "Çevir",
  convertPaid: "{points} puan çevrildi: {amount} {currency} ana cüzdanınızda (işlem no {no}).",
  convertPending: "{points} puan çevrildi: {amount} {currency} ana cüzdanınıza aktarılıyor (işlem no {no}).",
  convertFailed: "Çevirme ödenemedi; {points} puanınız iade edildi (işlem no {no}).", CONVERT: "Nakde çevirme",
  cash: "Nakit: {amount} {currency}",
  noMoney: "Ana bakiyeniz yetersiz ({amount} gerekir)", moneyRule: "Bu adet için ana bakiyenizden {amount} alınır; ana bakiyeniz {balance}.",
  moneyTotal: "Ana bakiyenizden alınacak: {amount}", money: "Tutar", paymentPending: "Cüzdan bekleniyor",
  paymentFailed: "Ödeme alınamadı", paymentRefunding: "İade ediliyor", paymentRefunded: "İade edildi",
};

const EN: Record<Key, string> = {
  pointMall: "Points mall", myPoints: "My points", balance: "Points balance", earned: "Earned in total",
  spent: "Spent in total", shop: "Items", redemptions: "My redemptions", details: "Points details", points: "points",
  stock: "In stock: {n}", soldOut: "Sold out", notEnough: "Not enough points", redeem: "Redeem", redeemTitle: "Redeem {name}",
  quantity: "Quantity", deliveryAddress: "Delivery address", mobile: "Mobile number", paymentPassword: "Payment password",
  total: "Total: {n} points", cancel: "Cancel", close: "Close",
  redeemed: "Your redemption is received (no. {no}). Follow it under My redemptions.",
  noItems: "No items are on offer right now.", noRedemptions: "No redemptions yet.", noRecords: "No points records yet.",
  loginLead: "Log in to see your points and redeem items.", login: "Log in", register: "Register",
  earningRules: "How points are earned", noRules: "No activity earns points right now.",
  rule: "{amount} {currency} of {type} = {n} points", ruleOne: "{amount} {currency} of {type} = 1 point", records: "Points records", time: "Time",
  transactionNo: "Transaction no.", item: "Item", status: "Status", reason: "Reason", change: "Change",
  balanceAfter: "Balance after", type: "Type", remark: "Remark", allStates: "All states", IN_PROCESS: "In process",
  APPROVED: "Approved", REJECTED: "Rejected", EARN: "Earned", REDEEM: "Redeemed", REFUND: "Refunded", LIVE: "live casino",
  LOTTERY: "lottery", CARD: "card games", SLOT: "slots", SPORTS: "sports betting", DEPOSIT: "deposits",
  quantityRule: "The quantity must be between 1 and {max}.", addressRule: "The address must be 5 to 300 characters.",
  mobileRule: "The mobile number must be 6–20 digits (a leading + is allowed).", passwordRule: "Enter your payment password.",
  stockRule: "Only {n} left in stock.", pointsRule: "This quantity needs {n} points; your balance is {balance}.",
  filter: "By state", pages: "Pages", previous: "Previous page", next: "Next page",
  basis: "Base amount", inStock: "In stock", unitPoints: "{n} points", onePoint: "{n} point", balanceLeft: "Balance after: {n} points",
  convert: "Convert to cash", rate: "{n} points = {amount} {currency}", least: "At least {n} points at once, in multiples of {unit}.",
  pointsToConvert: "Points to convert", cashGet: "You get: {amount} {currency}",
  unitsRule: "Enter a whole multiple of {unit} points, at least {least}.", convertShortRule: "You cannot convert {n} points; your balance is {balance}.",
  convertOff: "Converting points to cash is switched off right now.", convertShort: "You need at least {least} points to convert; your balance is {balance}.",
  mostHint: "Your balance converts up to {n} points.", convertButton: "Convert",
  convertPaid: "{points} points converted: {amount} {currency} is in your main wallet (no. {no}).",
  convertPending: "{points} points converted: {amount} {currency} is on its way to your main wallet (no. {no}).",
  convertFailed: "The conversion could not be paid: your {points} points were given back (no. {no}).", CONVERT: "Converted to cash",
  cash: "Cash: {amount} {currency}",
  noMoney: "Not enough in your main balance ({amount} needed)", moneyRule: "This quantity takes {amount} from your main balance; it holds {balance}.",
  moneyTotal: "Taken from your main balance: {amount}", money: "Amount", paymentPending: "Waiting for the wallet",
  paymentFailed: "Payment failed", paymentRefunding: "Being refunded", paymentRefunded: "Refunded",
};

const CN: Record<Key, string> = {
  pointMall: "积分商城", myPoints: "我的积分", balance: "积分余额", earned: "累计获得", spent: "累计消费",
  shop: "商品", redemptions: "兑换记录", details: "积分明细", points: "积分", stock: "库存：{n}", soldOut: "已售罄",
  notEnough: "积分不足", redeem: "兑换", redeemTitle: "兑换 {name}", quantity: "数量", deliveryAddress: "收货地址",
  mobile: "手机号码", paymentPassword: "资金密码", total: "合计：{n} 积分", cancel: "取消", close: "关闭",
  redeemed: "兑换申请已提交（单号 {no}），可在兑换记录中查看进度。", noItems: "暂无可兑换商品。",
  noRedemptions: "暂无兑换记录。", noRecords: "暂无积分明细。", loginLead: "登录后查看积分并兑换商品。",
  login: "登录", register: "注册", earningRules: "积分获取规则", noRules: "目前没有可获得积分的活动。",
  rule: "{type}：每 {amount} {currency} = {n} 积分", ruleOne: "{type}：每 {amount} {currency} = 1 积分", records: "积分记录", time: "时间", transactionNo: "交易单号",
  item: "商品", status: "状态", reason: "原因", change: "积分变动", balanceAfter: "变动后余额", type: "类型",
  remark: "备注", allStates: "全部状态", IN_PROCESS: "处理中", APPROVED: "已通过", REJECTED: "已拒绝", EARN: "获得",
  REDEEM: "兑换", REFUND: "退回", LIVE: "真人视讯", LOTTERY: "彩票", CARD: "棋牌", SLOT: "电子游戏", SPORTS: "体育",
  DEPOSIT: "存款", quantityRule: "数量须在 1 到 {max} 之间。", addressRule: "地址须为 5 到 300 个字符。",
  mobileRule: "手机号码须为 6–20 位数字（可以 + 开头）。", passwordRule: "请输入资金密码。", stockRule: "库存仅剩 {n} 件。",
  pointsRule: "该数量需要 {n} 积分，您的余额为 {balance}。", filter: "按状态", pages: "分页", previous: "上一页",
  next: "下一页", basis: "计算金额", inStock: "有货", unitPoints: "{n} 积分", onePoint: "{n} 积分", balanceLeft: "兑换后余额：{n} 积分",
  convert: "积分兑现", rate: "{n} 积分 = {amount} {currency}", least: "每次至少 {n} 积分，须为 {unit} 的整数倍。",
  pointsToConvert: "兑现积分", cashGet: "可得金额：{amount} {currency}", unitsRule: "积分须为 {unit} 的整数倍，且不少于 {least}。",
  convertShortRule: "无法兑现 {n} 积分，您的余额为 {balance}。", convertOff: "积分兑现暂未开放。",
  convertShort: "至少需要 {least} 积分才能兑现，您的余额为 {balance}。", mostHint: "您的余额最多可兑现 {n} 积分。",
  convertButton: "兑现", convertPaid: "已兑现 {points} 积分：{amount} {currency} 已存入主钱包（单号 {no}）。",
  convertPending: "已兑现 {points} 积分：{amount} {currency} 正在转入主钱包（单号 {no}）。",
  convertFailed: "兑现未能到账，{points} 积分已退回（单号 {no}）。", CONVERT: "积分兑现", cash: "现金：{amount} {currency}",
  noMoney: "主钱包余额不足（需要 {amount}）", moneyRule: "该数量需从主钱包扣除 {amount}，您的主钱包余额为 {balance}。",
  moneyTotal: "将从主钱包扣除：{amount}", money: "金额", paymentPending: "等待钱包扣款",
  paymentFailed: "扣款失败", paymentRefunding: "退款中", paymentRefunded: "已退款",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export const pointsText = translator(CATALOG);
export type PointsKey = Key;

/** A text of this catalogue when ``value`` names one (a state, a kind, a point type), else the value itself. */
export function pointsLabel(language: Language, value: string): string {
  return value in TR ? pointsText(language, value as Key) : value;
}

/** The finance pages' own texts (TR default, EN, CN): deposits, a member's journal, balance adjustments and the
 * second-person amount. ``t`` here reads these first and the console's shared texts (src/shared/texts.ts) for every
 * other key, so a finance page needs this one translator. */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";
import type { TextKey } from "../../shared/texts";
import { named as sharedNamed, t as sharedT } from "../../shared/texts";

const TR = {
  deposits: "Yatırım kuyruğu", journal: "Üye hesap hareketleri", adjustments: "Bakiye düzeltmeleri",
  dualControl: "Çift onay",
  channel: "Kanal", BANK_TRANSFER: "Banka havalesi", SANDBOX: "Sanal ödeme (sandbox)", reference: "Referans",
  history: "Geçmiş", historyOf: "{account} hesabının hareketleri", firstApproval: "İlk onay: {name}",
  awaitsSecond: "İlk onay kaydedildi; para ikinci bir kişinin onayıyla yatırılır.",
  depositsHint: "Yalnızca bekleyen banka havaleleri onaylanır ya da reddedilir. Çift onay sınırının üstündeki bir yatırımı ikinci bir kişi onaylar.",
  time: "Zaman", type: "Tür", wallet: "Cüzdan", balanceAfter: "Sonraki bakiye", show: "Göster", previous: "Önceki",
  nextPage: "Sonraki", journalHint: "Hareketlerini görmek istediğiniz üyenin hesap kimliğini yazın.",
  typeDeposit: "Yatırım", typeWithdrawal: "Çekim", typeTransfer: "Transfer", typeUpline: "Üst temsilci",
  typeDownline: "Alt üye", typeBet: "Bahis", typeWin: "Kazanç", typeRollback: "Geri alma", typeAdjustment: "Düzeltme",
  typeBonus: "Bonus", typeSalary: "Maaş",
  newAdjustment: "Düzeltme talep et", direction: "Yön", credit: "Ekle (alacak)", debit: "Düş (borç)",
  amountHint: "Örnek: 1,250.00", amountInvalid: "Geçerli bir tutar yazın (sıfırdan büyük, en fazla 2 ondalık).",
  send: "Gönder", adjusted: "Düzeltme yapıldı; bakiye şimdi {balance} {currency}.",
  adjustmentPending: "Tutar çift onay sınırının üstünde: talep bir kontrolcünün onayını bekliyor.",
  adjustmentRejected: "Bu talep daha önce reddedildi.", requests: "Düzeltme talepleri", requestedBy: "Talep eden",
  decidedBy: "Karar veren", checkerHint: "Talebi açan kişi kendi talebine karar veremez; onay ikinci bir kontrolcü içindir.",
  settings: "Cüzdan ayarları", mode: "Mod", single: "Tek cüzdan", transfer: "Transferli", vendors: "Sağlayıcılar",
  depositLimits: "Yatırım alt / üst sınırı", withdrawalLimits: "Çekim alt / üst sınırı",
  confirmMinutes: "Çekim onay süresi (dakika)", dualControlAbove: "Çift onay sınırı",
  dualControlHint: "Bu tutarın üstündeki para işlemleri ikinci bir kişinin onayını ister.",
  changeThreshold: "Çift onay sınırını değiştir", newThreshold: "Yeni çift onay sınırı", propose: "Öner",
  thresholdHint: "Düşürme hemen uygulanır; artış, markanın başka bir yöneticisi onaylayınca uygulanır.",
  applied: "Yeni tutar uygulandı.", raiseAsked: "Artış talep edildi; markanın başka bir yöneticisi onaylayınca uygulanır.",
  pendingRaise: "Onay bekleyen artış: {before} → {after} ({name})", changeRequests: "Sınır değişikliği talepleri",
  before: "Önceki", asked: "İstenen", decidedAt: "Karar zamanı", withdraw: "Geri çek", superseded: "Geçersiz kaldı",
  setting: "Ayar", value: "Değer",
  sort: "Sıralama", newest: "En yeni önce", oldest: "En eski önce", total: "Toplam {total} kayıt",
  memberFilter: "Üyenin hesap kimliği", requestedByFilter: "Talep edenin adı",
  queueOrder: "Kuyruk sırası", movementType: "Hareket türü", fromDay: "Başlangıç günü (UTC)", toDay: "Bitiş günü (UTC)",
  typePurchase: "Alışveriş", journalFilter: "Hareketleri süz",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  deposits: "Deposit queue", journal: "Member journal", adjustments: "Balance adjustments",
  dualControl: "Second-person control",
  channel: "Channel", BANK_TRANSFER: "Bank transfer", SANDBOX: "Sandbox gateway", reference: "Reference",
  history: "History", historyOf: "Journal of {account}", firstApproval: "First approval: {name}",
  awaitsSecond: "First approval recorded; the money is credited when a second person approves.",
  depositsHint: "Only pending bank transfers are approved or rejected. A deposit above the second-person amount is approved by a second person.",
  time: "Time", type: "Type", wallet: "Wallet", balanceAfter: "Balance after", show: "Show", previous: "Previous",
  nextPage: "Next", journalHint: "Type the account id of the member whose journal you want to see.",
  typeDeposit: "Deposit", typeWithdrawal: "Withdrawal", typeTransfer: "Transfer", typeUpline: "Upline",
  typeDownline: "Downline", typeBet: "Bet", typeWin: "Win", typeRollback: "Rollback", typeAdjustment: "Adjustment",
  typeBonus: "Bonus", typeSalary: "Salary",
  newAdjustment: "Request an adjustment", direction: "Direction", credit: "Credit (add)", debit: "Debit (take)",
  amountHint: "For example 1,250.00", amountInvalid: "Enter a valid amount (above zero, at most 2 decimals).",
  send: "Send", adjusted: "Adjusted; the balance is now {balance} {currency}.",
  adjustmentPending: "Above the second-person amount: the request waits for a checker's approval.",
  adjustmentRejected: "This request was rejected earlier.", requests: "Adjustment requests", requestedBy: "Requested by",
  decidedBy: "Decided by", checkerHint: "Whoever requested an adjustment may not decide it: approving is for a second person, a checker.",
  settings: "Wallet settings", mode: "Mode", single: "Single wallet", transfer: "With transfers", vendors: "Vendors",
  depositLimits: "Deposit min / max", withdrawalLimits: "Withdrawal min / max",
  confirmMinutes: "Withdrawal confirmation time (minutes)", dualControlAbove: "Second-person amount",
  dualControlHint: "Money actions above this amount need a second person's approval.",
  changeThreshold: "Change the second-person amount", newThreshold: "New second-person amount", propose: "Propose",
  thresholdHint: "A lowering applies at once; a raise applies when another admin of the brand approves it.",
  applied: "The new amount applies now.", raiseAsked: "Raise requested; it applies when another admin of the brand approves it.",
  pendingRaise: "Raise awaiting approval: {before} → {after} ({name})", changeRequests: "Requests to change the amount",
  before: "Before", asked: "Asked", decidedAt: "Decided", withdraw: "Withdraw", superseded: "Superseded",
  setting: "Setting", value: "Value",
  sort: "Order", newest: "Newest first", oldest: "Oldest first", total: "{total} in all",
  memberFilter: "Member's account id", requestedByFilter: "Requested by (name)",
  queueOrder: "Queue order", movementType: "Movement type", fromDay: "From day (UTC)", toDay: "To day (UTC)",
  typePurchase: "Purchase", journalFilter: "Filter the movements",
};

const CN: Record<Key, string> = {
  deposits: "存款队列", journal: "会员资金流水", adjustments: "余额调整", dualControl: "双人复核",
  channel: "渠道", BANK_TRANSFER: "银行转账", SANDBOX: "沙盒支付", reference: "参考号",
  history: "流水", historyOf: "{account} 的资金流水", firstApproval: "首次批准：{name}",
  awaitsSecond: "已记录首次批准；须由第二人批准后入账。",
  depositsHint: "只有待处理的银行转账可以批准或拒绝。超过双人复核额度的存款须由第二人批准。",
  time: "时间", type: "类型", wallet: "钱包", balanceAfter: "变动后余额", show: "查看", previous: "上一页",
  nextPage: "下一页", journalHint: "输入要查看流水的会员账户 ID。",
  typeDeposit: "存款", typeWithdrawal: "提款", typeTransfer: "转账", typeUpline: "上级", typeDownline: "下级",
  typeBet: "投注", typeWin: "派彩", typeRollback: "回滚", typeAdjustment: "调账", typeBonus: "红利", typeSalary: "工资",
  newAdjustment: "申请调整", direction: "方向", credit: "入账（增加）", debit: "扣款（减少）",
  amountHint: "例如 1,250.00", amountInvalid: "请输入有效金额（大于零，最多两位小数）。",
  send: "提交", adjusted: "已调整，当前余额 {balance} {currency}。",
  adjustmentPending: "金额超过双人复核额度：申请等待复核人审批。",
  adjustmentRejected: "该申请此前已被拒绝。", requests: "调整申请", requestedBy: "申请人",
  decidedBy: "处理人", checkerHint: "申请人不能处理自己的申请：须由第二人（复核人）审批。",
  settings: "钱包设置", mode: "模式", single: "单一钱包", transfer: "转账模式", vendors: "供应商",
  depositLimits: "存款最低 / 最高", withdrawalLimits: "提款最低 / 最高",
  confirmMinutes: "提款确认时限（分钟）", dualControlAbove: "双人复核额度",
  dualControlHint: "超过此金额的资金操作须由第二人批准。",
  changeThreshold: "修改双人复核额度", newThreshold: "新的双人复核额度", propose: "提交变更",
  thresholdHint: "调低立即生效；调高须由该品牌的其他管理员批准后生效。",
  applied: "新额度已生效。", raiseAsked: "已申请调高；须由该品牌的其他管理员批准后生效。",
  pendingRaise: "待审批的调高：{before} → {after}（{name}）", changeRequests: "额度变更申请",
  before: "原额度", asked: "申请额度", decidedAt: "处理时间", withdraw: "撤回", superseded: "已被取代",
  setting: "设置", value: "值",
  sort: "排序", newest: "最新在前", oldest: "最早在前", total: "共 {total} 条",
  memberFilter: "会员账户 ID", requestedByFilter: "申请人用户名",
  queueOrder: "队列顺序", movementType: "变动类型", fromDay: "开始日期（UTC）", toDay: "结束日期（UTC）",
  typePurchase: "购买", journalFilter: "筛选变动",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
const own = translator(CATALOG);

export type FinanceTextKey = Key;
/** A key of these texts or of the console's shared ones. */
export type AnyTextKey = Key | TextKey;

function isOwn(key: string): key is Key {
  return Object.hasOwn(TR, key);
}

export function t(language: Language, key: AnyTextKey, params?: Record<string, string | number>): string {
  return isOwn(key) ? own(language, key, params) : sharedT(language, key, params);
}

/** A text for a value the server names (a status, a channel, a mode), the value itself when there is none. */
export function named(language: Language, value: string): string {
  if (isOwn(value)) return own(language, value);
  // the shared named() tests ``value in TR``, true of Object.prototype's names too ("constructor")
  return value in Object.prototype ? value : sharedNamed(language, value);
}

/** A journal line's record type as the wallet names it, in words. */
const RECORD_TYPES: Record<string, Key> = {
  deposit: "typeDeposit", withdrawal: "typeWithdrawal", transfer: "typeTransfer", upline: "typeUpline",
  downline: "typeDownline", bet: "typeBet", win: "typeWin", rollback: "typeRollback", adjustment: "typeAdjustment",
  bonus: "typeBonus", salary: "typeSalary", purchase: "typePurchase",
};

/** The movement types the journal is filtered by (the wallet's record types). */
export const MOVEMENT_TYPES: readonly string[] = Object.keys(RECORD_TYPES);

export function recordType(language: Language, type: string): string {
  const key = Object.hasOwn(RECORD_TYPES, type) ? RECORD_TYPES[type] : undefined;
  return key ? own(language, key) : type;
}

/** The reconciliation report's own texts (TR default, EN, CN); ``t`` reads these first and the console's shared
 * texts for every other key. */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";
import type { TextKey } from "../../shared/texts";
import { t as sharedT } from "../../shared/texts";

const TR = {
  reconciliationHint: "Markanın defteri şimdi denetlenir: her para biriminin toplamı sıfır, her bakiye kendi hareketlerinin toplamı ve her işlemin kayıtları sıfır olmalıdır.",
  checkNow: "Şimdi denetle", checkedAt: "Denetim zamanı: {time}",
  addsUp: "Defter tutarlı: fark yok.", doesNotAddUp: "Defter tutarsız: aşağıdaki farklara bakın.",
  currencies: "Para birimleri", currency: "Para birimi", sum: "Toplam", state: "Durum", balanced: "Sıfır", unbalanced: "Sıfır değil",
  totals: "Hesap türlerine göre", kind: "Tür", owner: "Sahip", house: "Kasa", members: "Üyeler", trial: "Deneme",
  accounts: "Hesap", balance: "Bakiye", held: "Bekleyen",
  differences: "Hareketleriyle uyuşmayan bakiyeler ({count})", account: "Hesap", journal: "Hareketlerin toplamı",
  unbalancedTransactions: "Kayıtları sıfıra eşit olmayan işlemler ({count})", transaction: "İşlem", key: "Anahtar",
  firstRows: "İlk {shown} satır gösteriliyor.",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  reconciliationHint: "The brand's ledger is checked now: every currency must sum to zero, every balance must be the sum of its journal and every transaction's entries must sum to zero.",
  checkNow: "Check now", checkedAt: "Checked at {time}",
  addsUp: "The ledger adds up: no difference.", doesNotAddUp: "The ledger does not add up: see the differences below.",
  currencies: "Currencies", currency: "Currency", sum: "Sum", state: "State", balanced: "Zero", unbalanced: "Not zero",
  totals: "By kind of account", kind: "Kind", owner: "Owner", house: "House", members: "Members", trial: "Trial",
  accounts: "Accounts", balance: "Balance", held: "Held",
  differences: "Balances that differ from their journal ({count})", account: "Account", journal: "Journal sum",
  unbalancedTransactions: "Transactions whose entries do not sum to zero ({count})", transaction: "Transaction", key: "Key",
  firstRows: "The first {shown} rows are shown.",
};

const CN: Record<Key, string> = {
  reconciliationHint: "立即核对该品牌的账本：每种货币合计必须为零，每个余额必须等于其流水之和，每笔交易的分录合计必须为零。",
  checkNow: "立即核对", checkedAt: "核对时间：{time}",
  addsUp: "账本平衡：没有差异。", doesNotAddUp: "账本不平衡：请查看下方差异。",
  currencies: "货币", currency: "货币", sum: "合计", state: "状态", balanced: "为零", unbalanced: "不为零",
  totals: "按账户类型", kind: "类型", owner: "所有者", house: "平台", members: "会员", trial: "试玩",
  accounts: "账户数", balance: "余额", held: "冻结",
  differences: "与流水不符的余额（{count}）", account: "账户", journal: "流水合计",
  unbalancedTransactions: "分录合计不为零的交易（{count}）", transaction: "交易", key: "幂等键",
  firstRows: "仅显示前 {shown} 行。",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
const own = translator(CATALOG);

function isOwn(key: string): key is Key {
  return Object.hasOwn(TR, key);
}

export function t(language: Language, key: Key | TextKey, params?: Record<string, string | number>): string {
  return isOwn(key) ? own(language, key, params) : sharedT(language, key, params);
}

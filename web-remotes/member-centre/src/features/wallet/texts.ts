/** The wallet page's own texts (TR default, EN, CN): the bonus wallet, which is never spent or moved by the member. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  bonusWallet: "Bonus (çevrim tamamlanana kadar kilitli)",
  bonusNote: "Bonus, toplam bakiyeye dahil değildir; çevrim şartı tamamlanınca ana cüzdanınıza geçer.",
  seeBonuses: "Bonus ayrıntıları",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  bonusWallet: "Bonus (locked until wagered)",
  bonusNote: "The bonus is not in the total; it moves to your main wallet once its wagering is met.",
  seeBonuses: "Bonus details",
};

const CN: Record<Key, string> = {
  bonusWallet: "红利（完成流水前锁定）",
  bonusNote: "红利不计入合计；完成流水要求后转入您的主钱包。",
  seeBonuses: "红利明细",
};

export const CATALOG: Catalog<Key> = { TR, EN, CN };
export const wt = translator(CATALOG);

/** The bonus wallet: shown, never offered to transfer from or to. */
export const BONUS_WALLET = "bonus";

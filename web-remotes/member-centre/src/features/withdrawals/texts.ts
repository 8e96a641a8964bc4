/** The withdrawal page's own texts (TR default, EN, CN): a withdrawal asked while a bonus is not yet wagered. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  bonusHeld: "Çevrimi tamamlanmamış bonusunuz: {amount}",
  forfeit: "Bonustan vazgeç ve çek",
  forfeitTitle: "Bonustan vazgeçilsin mi?",
  forfeitBody: "{bonus} tutarındaki bonusunuz silinir ve geri alınamaz; ardından {amount} çekim talebiniz gönderilir.",
  keep: "Bonusumu koru",
  close: "Kapat",
  forfeitConfirm: "Vazgeç ve çek",
  forfeited: "Bonustan vazgeçildi; çekim talebiniz alındı.",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  bonusHeld: "Bonus not yet wagered: {amount}",
  forfeit: "Withdraw and forfeit the bonus",
  forfeitTitle: "Forfeit the bonus?",
  forfeitBody: "Your bonus of {bonus} is removed and cannot be restored; your withdrawal of {amount} is then requested.",
  keep: "Keep my bonus",
  close: "Close",
  forfeitConfirm: "Forfeit and withdraw",
  forfeited: "The bonus was forfeited and your withdrawal requested.",
};

const CN: Record<Key, string> = {
  bonusHeld: "尚未完成流水的红利：{amount}",
  forfeit: "放弃红利并提款",
  forfeitTitle: "确定放弃红利？",
  forfeitBody: "您的 {bonus} 红利将被取消且无法恢复；随后提交 {amount} 的提款申请。",
  keep: "保留红利",
  close: "关闭",
  forfeitConfirm: "放弃并提款",
  forfeited: "已放弃红利，提款申请已提交。",
};

export const CATALOG: Catalog<Key> = { TR, EN, CN };
export const wdt = translator(CATALOG);

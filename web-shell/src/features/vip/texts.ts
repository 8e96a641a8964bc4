/** The VIP page's texts (TR default, EN, CN). */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  title: "VIP kulübü", lead: "Oynadıkça yükselin: toplam geçerli bahsiniz her seviyenin cirosuna ulaştığında o seviyeye çıkar, seviye bonusunu bir kez alırsınız.",
  empty: "Bu markada henüz VIP seviyesi yok.", level: "Seviye {level}", turnover: "Gereken ciro", bonus: "Seviye bonusu",
  multiplier: "Puan çarpanı", mine: "Seviyeniz: {name}", none: "Henüz bir seviyeniz yok.", missing: "Sonraki seviye için {amount} daha geçerli bahis.",
  rewards: "Ödül merkezim", join: "Üye olun ve yükselmeye başlayın", you: "Sizin seviyeniz",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  title: "VIP club", lead: "Rise as you play: when your lifetime valid bets reach a level's turnover you reach that level and receive its bonus once.",
  empty: "This brand has no VIP levels yet.", level: "Level {level}", turnover: "Turnover needed", bonus: "Level-up bonus",
  multiplier: "Points multiplier", mine: "Your level: {name}", none: "You have no level yet.", missing: "{amount} more in valid bets to the next level.",
  rewards: "My reward centre", join: "Join and start rising", you: "Your level",
};

const CN: Record<Key, string> = {
  title: "VIP 俱乐部", lead: "越玩越高：累计有效投注达到某等级的流水即晋升该等级，并一次性获得晋级红利。", empty: "该品牌暂无 VIP 等级。",
  level: "{level} 级", turnover: "所需流水", bonus: "晋级红利", multiplier: "积分倍数", mine: "您的等级：{name}",
  none: "您还没有等级。", missing: "距下一级还需 {amount} 有效投注。", rewards: "我的奖励中心", join: "注册并开始晋级", you: "您的等级",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type VipTextKey = Key;
export const vipText = translator(CATALOG);

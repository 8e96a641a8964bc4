/** The VIP levels and referral rule page's own texts (TR default, EN, CN); every other key is the loyalty pages'. */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";
import type { AnyTextKey } from "./texts";
import { t as loyaltyT } from "./texts";

const TR = {
  vipTitle: "VIP seviyeleri ve davet", vipLevels: "VIP seviyeleri", vipHint: "Üyenin toplam geçerli bahsi bir seviyenin cirosuna ulaştığında o seviyeye çıkar ve seviye bonusu bir kez ödenir. Seviyeler 1'den sırayla numaralanır; her seviyenin cirosu bir öncekinden yüksektir.",
  adminOnly: "Yalnızca markanın yöneticisi değiştirebilir.", noLevels: "Bu markanın VIP seviyesi yok.", level: "Seviye",
  turnover: "Gereken ciro", bonus: "Seviye bonusu", multiplier: "Puan çarpanı (%)", perks: "Ayrıcalıklar",
  perksIn: "Ayrıcalıklar ({language})", addLevel: "Seviye ekle", removeLevel: "Son seviyeyi kaldır", saveLevels: "Seviyeleri kaydet",
  levelsSaved: "VIP seviyeleri kaydedildi.", turnoverInvalid: "Seviye {level}: ciro 0,01'den büyük bir tutardır ve bir önceki seviyeden yüksek olmalıdır.",
  bonusInvalid: "Seviye {level}: bonus 0 veya daha büyük bir tutardır.", multiplierInvalid: "Seviye {level}: çarpan 100 ile 1000 arasında bir tam sayıdır.",
  nameMissing: "Seviye {level}: Türkçe (TR) ad zorunludur.", referralRule: "Davet kuralı",
  referralHint: "Davet edilen üye en az bu kadar yatırıp bu kadar geçerli bahis yaptığında davet eden üyeye ödül bir kez ödenir.",
  minDeposit: "En az yatırım", minValidBet: "En az geçerli bahis", reward: "Ödül", ruleOn: "Davet ödülü açık",
  saveRule: "Kuralı kaydet", ruleSaved: "Davet kuralı kaydedildi.", amountInvalid: "Tutarlar 0 veya daha büyük, ödül 0,01'den büyük olmalıdır.",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  vipTitle: "VIP levels and referrals", vipLevels: "VIP levels", vipHint: "A member reaches a level when their lifetime valid bets reach its turnover, and its bonus is paid once. Levels are numbered from 1 in order; each needs more turnover than the one below.",
  adminOnly: "Only the brand's admin can change these.", noLevels: "This brand has no VIP levels.", level: "Level",
  turnover: "Turnover needed", bonus: "Level-up bonus", multiplier: "Points multiplier (%)", perks: "Perks",
  perksIn: "Perks ({language})", addLevel: "Add a level", removeLevel: "Remove the last level", saveLevels: "Save the levels",
  levelsSaved: "The VIP levels were saved.", turnoverInvalid: "Level {level}: the turnover is an amount above 0.00 and above the level below.",
  bonusInvalid: "Level {level}: the bonus is an amount of 0.00 or more.", multiplierInvalid: "Level {level}: the multiplier is a whole number from 100 to 1000.",
  nameMissing: "Level {level}: a Turkish (TR) name is needed.", referralRule: "Referral rule",
  referralHint: "When an invited member has deposited and bet at least this much, the member who invited them is rewarded once.",
  minDeposit: "Least deposit", minValidBet: "Least valid bet", reward: "Reward", ruleOn: "Referral reward on",
  saveRule: "Save the rule", ruleSaved: "The referral rule was saved.", amountInvalid: "Amounts are 0.00 or more; the reward is above 0.00.",
};

const CN: Record<Key, string> = {
  vipTitle: "VIP 等级与邀请", vipLevels: "VIP 等级", vipHint: "会员累计有效投注达到某等级的流水即晋升该等级，并一次性发放晋级红利。等级从 1 开始按顺序编号，每级所需流水须高于下一级。",
  adminOnly: "仅品牌管理员可以修改。", noLevels: "该品牌没有 VIP 等级。", level: "等级", turnover: "所需流水",
  bonus: "晋级红利", multiplier: "积分倍数（%）", perks: "特权", perksIn: "特权（{language}）", addLevel: "添加等级",
  removeLevel: "删除最后一级", saveLevels: "保存等级", levelsSaved: "VIP 等级已保存。",
  turnoverInvalid: "第 {level} 级：流水须大于 0.00 且高于下一级。", bonusInvalid: "第 {level} 级：红利须为 0.00 或以上。",
  multiplierInvalid: "第 {level} 级：倍数为 100 至 1000 的整数。", nameMissing: "第 {level} 级：必须填写土耳其语（TR）名称。",
  referralRule: "邀请规则", referralHint: "受邀会员的存款和有效投注均达到以下金额后，邀请人获得一次奖励。",
  minDeposit: "最低存款", minValidBet: "最低有效投注", reward: "奖励", ruleOn: "开启邀请奖励", saveRule: "保存规则",
  ruleSaved: "邀请规则已保存。", amountInvalid: "金额须为 0.00 或以上，奖励须大于 0.00。",
};

const own = translator<Key>({ TR, EN, CN } satisfies Catalog<Key>);

export type VipTextKey = Key | AnyTextKey;

function isOwn(key: string): key is Key {
  return Object.hasOwn(TR, key);
}

export function vt(language: Language, key: VipTextKey, params?: Record<string, string | number>): string {
  return isOwn(key) ? own(language, key, params) : loyaltyT(language, key, params);
}

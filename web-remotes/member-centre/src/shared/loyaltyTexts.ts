/** The texts of the invite friends and reward centre pages, one catalogue for both (TR default, EN, CN). */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  title: "Arkadaşını davet et", yourCode: "Davet kodunuz", yourLink: "Davet bağlantınız", copy: "Bağlantıyı kopyala",
  copied: "Bağlantı kopyalandı.", copyFailed: "Kopyalanamadı; bağlantıyı seçip kopyalayın.", rules: "Kurallar",
  ruleText: "Arkadaşınız bu bağlantıyla kaydolup en az {deposit} yatırdığında ve en az {bet} geçerli bahis yaptığında size {reward} ödül verilir (davet edilen her arkadaş için bir kez).",
  ruleOff: "Davet ödülleri şu anda kapalı.", invitations: "Davetleriniz", none: "Henüz davet ettiğiniz kimse yok.",
  invitee: "Arkadaş", registeredAt: "Kayıt", deposited: "Yatırım", validBet: "Geçerli bahis", qualified: "Koşul",
  yes: "Sağlandı", no: "Henüz değil", reward: "Ödül", invited: "Davet edilen", qualifiedCount: "Koşulu sağlayan",
  rewarded: "Kazanılan ödül", pendingReward: "Bekleyen ödül",
  WAITING: "Bekliyor", PENDING: "Ödeniyor", PAID: "Ödendi", FAILED: "Ödenemedi", NONE: "Bonus yok",
  vipTitle: "VIP seviyeniz", vipNone: "Henüz bir VIP seviyeniz yok.", level: "Seviye {level}", turnover: "Toplam geçerli bahis",
  nextLevel: "Sonraki seviye: {name}", missing: "{amount} daha geçerli bahis gerekli.", top: "En yüksek seviyedesiniz.",
  perks: "Seviyeler ve ayrıcalıklar", threshold: "Gereken ciro", levelBonus: "Seviye bonusu", multiplier: "Puan çarpanı",
  otherPerks: "Diğer ayrıcalıklar", current: "(şu anki)", levelUps: "Seviye atlama bonusları", noLevelUps: "Henüz seviye bonusu yok.",
  reachedAt: "Ulaşıldı", amount: "Tutar", status: "Durum", referralRewards: "Davet ödülleri", noReferralRewards: "Henüz davet ödülü yok.",
  rewardTitle: "Ödül merkezi", levelCol: "Seviye", vipPage: "VIP kulübü sayfası", noLevels: "Bu markada VIP seviyesi tanımlı değil.",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  title: "Invite friends", yourCode: "Your invite code", yourLink: "Your invite link", copy: "Copy link",
  copied: "Link copied.", copyFailed: "Could not copy; select the link and copy it.", rules: "Rules",
  ruleText: "When a friend registers through this link, deposits at least {deposit} and places at least {bet} in valid bets, you receive {reward} (once per friend invited).",
  ruleOff: "Invitation rewards are switched off at the moment.", invitations: "Your invitations", none: "You have not invited anyone yet.",
  invitee: "Friend", registeredAt: "Registered", deposited: "Deposited", validBet: "Valid bet", qualified: "Qualified",
  yes: "Yes", no: "Not yet", reward: "Reward", invited: "Invited", qualifiedCount: "Qualified",
  rewarded: "Rewards received", pendingReward: "Rewards on the way",
  WAITING: "Waiting", PENDING: "Being paid", PAID: "Paid", FAILED: "Not paid", NONE: "No bonus",
  vipTitle: "Your VIP level", vipNone: "You have no VIP level yet.", level: "Level {level}", turnover: "Lifetime valid bet",
  nextLevel: "Next level: {name}", missing: "{amount} more in valid bets needed.", top: "You are at the top level.",
  perks: "Levels and perks", threshold: "Turnover needed", levelBonus: "Level-up bonus", multiplier: "Points multiplier",
  otherPerks: "Other perks", current: "(current)", levelUps: "Level-up bonuses", noLevelUps: "No level-up bonuses yet.",
  reachedAt: "Reached", amount: "Amount", status: "Status", referralRewards: "Invitation rewards", noReferralRewards: "No invitation rewards yet.",
  rewardTitle: "Reward centre", levelCol: "Level", vipPage: "The VIP club page", noLevels: "This brand has no VIP levels.",
};

const CN: Record<Key, string> = {
  title: "邀请好友", yourCode: "您的邀请码", yourLink: "您的邀请链接", copy: "复制链接", copied: "链接已复制。",
  copyFailed: "无法复制，请手动选择链接复制。", rules: "规则",
  ruleText: "好友通过此链接注册，存款至少 {deposit} 且有效投注至少 {bet} 后，您将获得 {reward} 奖励（每位受邀好友一次）。",
  ruleOff: "邀请奖励目前已关闭。", invitations: "您的邀请", none: "您还没有邀请任何人。", invitee: "好友",
  registeredAt: "注册时间", deposited: "存款", validBet: "有效投注", qualified: "达标", yes: "已达标", no: "未达标",
  reward: "奖励", invited: "已邀请", qualifiedCount: "已达标", rewarded: "已获奖励", pendingReward: "待发奖励",
  WAITING: "等待中", PENDING: "发放中", PAID: "已发放", FAILED: "发放失败", NONE: "无红利",
  vipTitle: "您的 VIP 等级", vipNone: "您还没有 VIP 等级。", level: "{level} 级", turnover: "累计有效投注",
  nextLevel: "下一级：{name}", missing: "还需 {amount} 有效投注。", top: "您已是最高等级。", perks: "等级与特权",
  threshold: "所需流水", levelBonus: "晋级红利", multiplier: "积分倍数", otherPerks: "其他特权", current: "（当前）",
  levelUps: "晋级红利", noLevelUps: "暂无晋级红利。", reachedAt: "达成时间", amount: "金额", status: "状态",
  referralRewards: "邀请奖励", noReferralRewards: "暂无邀请奖励。", rewardTitle: "奖励中心", levelCol: "等级", vipPage: "VIP 俱乐部页面", noLevels: "该品牌未设置 VIP 等级。",
};

export const CATALOG: Catalog<Key> = { TR, EN, CN };
export type LoyaltyTextKey = Key;
export const loyaltyText = translator(CATALOG);

/** The promotions page's texts (TR default, EN, CN). */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  title: "Promosyonlar", lead: "Katılın, para yatırın, bonusunuzu çevirin: çevrim tamamlanınca bonus ana cüzdanınıza geçer.",
  FIRST_DEPOSIT: "İlk yatırım", RELOAD: "Yeniden yükleme", CASHBACK: "Kayıp iadesi", ACTIVITY: "Etkinlik",
  headline: "%{percent} bonus, en fazla {max}", headlineCASHBACK: "Günlük net kaybın %{percent} kadarı geri, en fazla {max}",
  headlineACTIVITY: "En fazla {max} bonus", minLoss: "En az net kayıp", apply: "Başvur",
  minDeposit: "En az yatırım", wagering: "Çevrim şartı", wageringValue: "Bonusun {n} katı", games: "Geçerli oyunlar",
  maxBet: "Çevrimde en fazla bahis", noMaxBet: "Sınır yok", expiry: "Çevrim süresi", days: "{n} gün", window: "Geçerlilik",
  from: "{date} tarihinden itibaren", range: "{start} – {end}", terms: "Tüm şartlar", termsTitle: "{name}: şartlar",
  join: "Katıl", joined: "Katıldınız", joinedNow: "Katıldınız. Şartlara uyan bir sonraki yatırımınız bonus kazanır.",
  loginToJoin: "Katılmak için giriş yapın.", myBonuses: "Bonuslarım", empty: "Şu anda promosyon yok.", close: "Kapat",
  list: "Promosyon listesi", RNG: "Slotlar", LIVE: "Canlı casino", PVP: "Kart oyunları", FISH: "Balık oyunları",
  SPORTS: "Spor", ESPORTS: "E-spor", COCKFIGHT: "Horoz dövüşü", LOTT: "Loto", ELOTT: "E-loto",
  applyTitle: "{name}: başvuru", remark: "Açıklama", remarkHint: "En çok 140 karakter ({left} kaldı)",
  images: "Resimler", imagesHint: "En çok 3 png ya da jpg, her biri 5 MB'tan küçük", send: "Başvuruyu gönder",
  sent: "Başvurunuz alındı; inceleniyor. Onaylanırsa bonus hesabınıza geçer.", remarkNeeded: "Bir açıklama yazın.",
  tooMany: "En çok 3 resim seçin.", type: "Yalnızca 5 MB'tan küçük png ya da jpg resimler.",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  title: "Promotions", lead: "Join, deposit, wager your bonus: once the wagering is met the bonus moves to your main wallet.",
  FIRST_DEPOSIT: "First deposit", RELOAD: "Reload", CASHBACK: "Cashback", ACTIVITY: "Activity",
  headline: "{percent}% bonus up to {max}", headlineCASHBACK: "{percent}% of your daily net loss back, up to {max}",
  headlineACTIVITY: "A bonus of up to {max}", minLoss: "Minimum net loss", apply: "Apply", minDeposit: "Minimum deposit",
  wagering: "Wagering", wageringValue: "{n}× the bonus", games: "Counts on", maxBet: "Max bet while wagering",
  noMaxBet: "No limit", expiry: "Time to wager", days: "{n} days", window: "Runs", from: "From {date}",
  range: "{start} – {end}", terms: "Full terms", termsTitle: "{name}: terms", join: "Join", joined: "Joined",
  joinedNow: "You joined. Your next qualifying deposit earns the bonus.", loginToJoin: "Log in to join.",
  myBonuses: "My bonuses", empty: "There are no promotions at the moment.", close: "Close", list: "Promotions list",
  RNG: "Slots", LIVE: "Live casino", PVP: "Card games", FISH: "Fish games", SPORTS: "Sports", ESPORTS: "E-sports",
  COCKFIGHT: "Cockfight", LOTT: "Lottery", ELOTT: "E-lottery",
  applyTitle: "{name}: apply", remark: "Remark", remarkHint: "At most 140 characters ({left} left)", images: "Images",
  imagesHint: "Up to 3 png or jpg, each under 5 MB", send: "Send the application",
  sent: "Your application was received and is being reviewed. Approved, its bonus reaches your account.",
  remarkNeeded: "Write a remark.", tooMany: "Choose at most 3 images.", type: "Only png or jpg images under 5 MB.",
};

const CN: Record<Key, string> = {
  title: "优惠活动", lead: "参加活动、存款并完成流水：达到流水要求后，红利转入您的主钱包。", FIRST_DEPOSIT: "首存",
  RELOAD: "续存", CASHBACK: "返水", ACTIVITY: "活动申请", headline: "{percent}% 红利，最高 {max}",
  headlineCASHBACK: "每日净亏损的 {percent}% 返还，最高 {max}", headlineACTIVITY: "最高 {max} 红利", minLoss: "最低净亏损", apply: "申请", minDeposit: "最低存款", wagering: "流水要求",
  wageringValue: "红利的 {n} 倍", games: "适用游戏", maxBet: "流水期间单注上限", noMaxBet: "无上限", expiry: "流水期限",
  days: "{n} 天", window: "活动时间", from: "{date} 起", range: "{start} – {end}", terms: "完整条款",
  termsTitle: "{name}：条款", join: "参加", joined: "已参加", joinedNow: "参加成功。您下一笔符合条件的存款将获得红利。",
  loginToJoin: "登录后即可参加。", myBonuses: "我的红利", empty: "目前没有优惠活动。", close: "关闭", list: "优惠活动列表",
  RNG: "老虎机", LIVE: "真人娱乐", PVP: "棋牌游戏", FISH: "捕鱼游戏", SPORTS: "体育", ESPORTS: "电子竞技",
  COCKFIGHT: "斗鸡", LOTT: "彩票", ELOTT: "电子彩票",
  applyTitle: "{name}：申请", remark: "备注", remarkHint: "最多 140 个字符（还剩 {left} 个）", images: "图片",
  imagesHint: "最多 3 张 png 或 jpg，每张小于 5 MB", send: "提交申请", sent: "您的申请已收到，正在审核。通过后红利将发放到您的账户。",
  remarkNeeded: "请填写备注。", tooMany: "最多选择 3 张图片。", type: "仅限小于 5 MB 的 png 或 jpg 图片。",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type PromotionTextKey = Key;
export const promoText = translator(CATALOG);

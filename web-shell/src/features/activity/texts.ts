/** The activity centre's texts (TR default, EN, CN): raffles and red envelopes. */
import type { Catalog, Language } from "@portal/kit";
import { formatDateTime, translator } from "@portal/kit";

const TR = {
  title: "Etkinlik merkezi", lead: "Çekilişlere bilet alın, kırmızı zarfları açın: kazançlar ana cüzdanınıza geçer.",
  loginLead: "Çekilişlere katılmak ve kırmızı zarf açmak için giriş yapın.", login: "Giriş yap", register: "Kayıt ol",
  raffles: "Çekilişler", envelopes: "Kırmızı zarflar", noRaffles: "Şu anda çekiliş yok.", noEnvelopes: "Şu anda kırmızı zarf yok.",
  UPCOMING: "Yakında", OPEN: "Açık", CLOSED: "Çekiliş yapılıyor", DRAWN: "Çekildi", ENDED: "Sona erdi",
  opens: "Başlangıç: {date}", closes: "Çekiliş: {date}", ends: "Bitiş: {date}", prizes: "Ödüller", tickets: "Bilet: {n}",
  claimTicket: "Bilet al", myTicket: "Biletiniz: #{n}", seedHash: "Tohum özeti (SHA-256)", seed: "Açıklanan tohum",
  winners: "Kazananlar", noWinners: "Bilet alınmadı; ödül verilmedi.", you: "siz", youWon: "Kazandınız: {amount}",
  verify: "Nasıl doğrulanır", verifyLead: "Çekiliş bağlamı: {context}. Herkes sonucu yeniden hesaplayabilir:",
  pool: "Toplam: {amount}", sharesLeft: "{left} / {total} pay kaldı", grab: "Zarfı aç", empty: "Tüm paylar alındı",
  got: "Zarftan {amount} çıktı", PAID: "Ana cüzdanınıza eklendi.", PENDING: "Ana cüzdanınıza aktarılıyor.",
  FAILED: "Ödenemedi; lütfen destekle iletişime geçin.", prizeRow: "{place}. ödül: {amount}",
  turnoverNeeded: "Katılım koşulu: çekilişin açıldığı günden beri {amount} bahis", turnoverSoFar: "Bahsiniz: {amount} / {needed}",
  turnoverMet: "Koşul sağlandı: {amount} / {needed}", turnoverProgress: "Bahis ilerlemesi",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  title: "Activity centre", lead: "Take a ticket in the raffles, open the red envelopes: what you win goes to your main wallet.",
  loginLead: "Log in to take part in the raffles and open red envelopes.", login: "Log in", register: "Register",
  raffles: "Raffles", envelopes: "Red envelopes", noRaffles: "There are no raffles at the moment.",
  noEnvelopes: "There are no red envelopes at the moment.", UPCOMING: "Coming soon", OPEN: "Open", CLOSED: "Being drawn",
  DRAWN: "Drawn", ENDED: "Ended", opens: "Opens {date}", closes: "Draw {date}", ends: "Ends {date}", prizes: "Prizes",
  tickets: "Tickets: {n}", claimTicket: "Get a ticket", myTicket: "Your ticket: #{n}", seedHash: "Seed hash (SHA-256)",
  seed: "Revealed seed", winners: "Winners", noWinners: "No tickets were taken; no prizes were awarded.", you: "you",
  youWon: "You won {amount}", verify: "How to verify", verifyLead: "The draw's context is {context}. Anyone can recompute it:",
  pool: "Pool: {amount}", sharesLeft: "{left} of {total} shares left", grab: "Open the envelope", empty: "All shares taken",
  got: "You got {amount}", PAID: "Added to your main wallet.", PENDING: "On its way to your main wallet.",
  FAILED: "Could not be paid; please contact support.", prizeRow: "Prize {place}: {amount}",
  turnoverNeeded: "To take part: {amount} staked since the raffle's opening day", turnoverSoFar: "Your stakes: {amount} of {needed}",
  turnoverMet: "Condition met: {amount} of {needed}", turnoverProgress: "Stake progress",
};

const CN: Record<Key, string> = {
  title: "活动中心", lead: "参加抽奖、拆红包：所得奖金将转入您的主钱包。", loginLead: "登录后即可参加抽奖和拆红包。",
  login: "登录", register: "注册", raffles: "抽奖", envelopes: "红包", noRaffles: "目前没有抽奖活动。", noEnvelopes: "目前没有红包。",
  UPCOMING: "即将开始", OPEN: "进行中", CLOSED: "开奖中", DRAWN: "已开奖", ENDED: "已结束", opens: "开始：{date}",
  closes: "开奖：{date}", ends: "结束：{date}", prizes: "奖项", tickets: "彩票：{n} 张", claimTicket: "领取彩票",
  myTicket: "您的彩票：#{n}", seedHash: "种子哈希（SHA-256）", seed: "公开的种子", winners: "中奖名单",
  noWinners: "无人领取彩票，未颁发奖项。", you: "您", youWon: "您赢得 {amount}", verify: "如何验证",
  verifyLead: "开奖上下文为 {context}。任何人都可以重新计算：", pool: "总额：{amount}", sharesLeft: "剩余 {left} / {total} 份",
  grab: "拆红包", empty: "已被抢完", got: "您抢到 {amount}", PAID: "已存入您的主钱包。", PENDING: "正在转入您的主钱包。",
  FAILED: "无法支付，请联系客服。", prizeRow: "第 {place} 名：{amount}",
  turnoverNeeded: "参与条件：自抽奖开始当天起投注 {amount}", turnoverSoFar: "您的投注：{amount} / {needed}",
  turnoverMet: "已满足条件：{amount} / {needed}", turnoverProgress: "投注进度",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type ActivityTextKey = Key;
export const activityText = translator(CATALOG);

/** A time the service sent, in the page's language (the kit's formatter). */
export function when(iso: string, language: Language): string {
  return formatDateTime(language, iso);
}

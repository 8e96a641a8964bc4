/** The raffles and red envelopes page's own texts (TR default, EN, CN); every other key is the loyalty pages' (and
 * through them the console's shared ones). */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";
import type { AnyTextKey } from "./texts";
import { t as loyaltyT } from "./texts";

const TR = {
  prizes: "Çekilişler ve kırmızı zarflar", raffles: "Çekilişler", envelopes: "Kırmızı zarflar",
  readOnly: "Çekiliş ve zarfları yalnızca içerik rolü (veya yönetici) ekleyebilir.", noRaffles: "Bu markanın çekilişi yok.",
  noEnvelopes: "Bu markanın kırmızı zarfı yok.", window: "Süre", opensAt: "Açılış (UTC)", closesAt: "Kapanış (UTC, çekiliş anı)",
  endsAt: "Bitiş (UTC, hariç)", prizeList: "Ödüller", prizesField: "Ödüller, virgülle (ör. 1000.00, 500.00, 100.00)",
  tickets: "Bilet", seedHash: "Tohum özeti", seed: "Tohum", winners: "Kazananlar", state: "Durum",
  UPCOMING: "Yakında", OPEN: "Açık", CLOSED: "Çekiliyor", DRAWN: "Çekildi", PAID: "Ödendi", PENDING: "Bekliyor", FAILED: "Ödenemedi",
  pool: "Havuz", poolField: "Havuz (ör. 1000.00)", shares: "Pay sayısı", claimed: "Alınan", paid: "Ödenen",
  addRaffle: "Çekiliş ekle", addEnvelope: "Kırmızı zarf ekle", raffleCreated: "Çekiliş eklendi; tohum özeti yayımlandı: {hash}",
  envelopeCreated: "Kırmızı zarf eklendi; havuz {shares} paya bölündü.", prizesInvalid: "Ödüller 0,01'den büyük tutarlardır (1–100 adet).",
  poolInvalid: "Havuz 0,01'den büyük bir tutardır.", sharesInvalid: "Pay sayısı 1 ile 10.000 arasındadır ve havuz her paya en az 0,01 vermelidir.",
  windowInvalid: "Kapanış açılıştan sonra olmalıdır.", dateInvalid: "Açılış ve kapanış tarih ve saatiyle girilmelidir.",
  noWinner: "—", minTurnoverField: "En az bahis (açılış gününden beri, her oyun; boş: koşul yok)",
  minTurnover: "En az bahis: {amount}", turnoverInvalid: "En az bahis boş, 0 veya 0,01'den büyük bir tutardır.",
  reviewAWAITING: "İkinci onay bekleniyor (ekleyen: {maker})", reviewCONFIRMED: "Onaylayan: {name}", reviewREJECTED: "Reddeden: {name}",
  ownPrize: "Bunu siz eklediniz; ikinci onayı başka bir finans kontrolcüsü vermelidir.",
  confirmRaffle: "Çekiliş #{id}: ikinci onay", rejectRaffle: "Çekiliş #{id}: kontrolcü reddi",
  confirmEnvelope: "Kırmızı zarf #{id}: ikinci onay", rejectEnvelope: "Kırmızı zarf #{id}: kontrolcü reddi",
  raffleLead: "{name}: {maker} ekledi, ödüller toplamı {amount}. Onay, çekilişi üyelere gösterir ve çekilmesine izin verir.",
  envelopeLead: "{name}: {maker} ekledi, havuz {amount}. Onay, zarfı üyelere gösterir.",
  checkedCONFIRMED: "Onaylandı; üyeler artık görüyor.", checkedREJECTED: "Reddedildi; üyeler hiç görmeyecek.",
  awaitingSecond: "Tutar çift onay sınırının üzerinde: ikinci bir kişiyi (sizden başka bir finans kontrolcüsü) bekliyor; onaylanana kadar üyeler görmez.",
  phaseFilter: "Zamana göre", phaseUpcoming: "Başlamadı", phaseOpen: "Açık", phaseClosed: "Kapandı", reviewFilter: "İkinci onay",
  reviewNONE: "Gerekmedi", reviewStateAWAITING: "Bekliyor", reviewStateCONFIRMED: "Onaylandı", reviewStateREJECTED: "Reddedildi",
  orderClosing: "En yakın kapanış önce", prizeFilter: "Süz",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  prizes: "Raffles and red envelopes", raffles: "Raffles", envelopes: "Red envelopes",
  readOnly: "Only the content role (or an admin) can add raffles and envelopes.", noRaffles: "This brand has no raffles.",
  noEnvelopes: "This brand has no red envelopes.", window: "Window", opensAt: "Opens (UTC)", closesAt: "Closes (UTC, the draw)",
  endsAt: "Ends (UTC, excluded)", prizeList: "Prizes", prizesField: "Prizes, comma separated (e.g. 1000.00, 500.00, 100.00)",
  tickets: "Tickets", seedHash: "Seed hash", seed: "Seed", winners: "Winners", state: "State",
  UPCOMING: "Upcoming", OPEN: "Open", CLOSED: "Drawing", DRAWN: "Drawn", PAID: "Paid", PENDING: "Pending", FAILED: "Failed",
  pool: "Pool", poolField: "Pool (e.g. 1000.00)", shares: "Shares", claimed: "Claimed", paid: "Paid",
  addRaffle: "Add a raffle", addEnvelope: "Add a red envelope", raffleCreated: "Raffle added; its seed hash is published: {hash}",
  envelopeCreated: "Red envelope added; the pool is split into {shares} shares.", prizesInvalid: "Prizes are amounts above 0.00 (1 to 100 of them).",
  poolInvalid: "The pool is an amount above 0.00.", sharesInvalid: "Shares are 1 to 10,000, and the pool must give each at least 0.01.",
  windowInvalid: "The close must come after the opening.", dateInvalid: "Enter the opening and the close with date and time.",
  noWinner: "—", minTurnoverField: "Minimum turnover (staked since the opening day, every game; empty: none)",
  minTurnover: "Min. turnover: {amount}", turnoverInvalid: "The minimum turnover is empty, 0 or an amount above 0.00.",
  reviewAWAITING: "Awaiting a second person (made by {maker})", reviewCONFIRMED: "Confirmed by {name}", reviewREJECTED: "Rejected by {name}",
  ownPrize: "You made this; a finance checker other than you must confirm it.",
  confirmRaffle: "Raffle #{id}: second approval", rejectRaffle: "Raffle #{id}: reject as checker",
  confirmEnvelope: "Red envelope #{id}: second approval", rejectEnvelope: "Red envelope #{id}: reject as checker",
  raffleLead: "{name}: made by {maker}, prizes totalling {amount}. Confirming shows it to members and lets it be drawn.",
  envelopeLead: "{name}: made by {maker}, a pool of {amount}. Confirming shows it to members.",
  checkedCONFIRMED: "Confirmed; members now see it.", checkedREJECTED: "Rejected; members will never see it.",
  awaitingSecond: "It is above the dual-control amount: it waits for a second person (a finance checker other than you), and members do not see it until then.",
  phaseFilter: "By time", phaseUpcoming: "Not started", phaseOpen: "Open", phaseClosed: "Closed", reviewFilter: "Second person",
  reviewNONE: "Not needed", reviewStateAWAITING: "Awaiting", reviewStateCONFIRMED: "Confirmed", reviewStateREJECTED: "Rejected",
  orderClosing: "Closing soonest first", prizeFilter: "Filter",
};

const CN: Record<Key, string> = {
  prizes: "抽奖与红包", raffles: "抽奖", envelopes: "红包", readOnly: "只有内容角色（或管理员）可以添加抽奖和红包。",
  noRaffles: "该品牌没有抽奖。", noEnvelopes: "该品牌没有红包。", window: "时间", opensAt: "开始（UTC）", closesAt: "截止（UTC，即开奖）",
  endsAt: "结束（UTC，不含）", prizeList: "奖项", prizesField: "奖项，以逗号分隔（例如 1000.00, 500.00, 100.00）",
  tickets: "彩票", seedHash: "种子哈希", seed: "种子", winners: "中奖者", state: "状态",
  UPCOMING: "即将开始", OPEN: "进行中", CLOSED: "开奖中", DRAWN: "已开奖", PAID: "已支付", PENDING: "待支付", FAILED: "支付失败",
  pool: "总额", poolField: "总额（例如 1000.00）", shares: "份数", claimed: "已领取", paid: "已支付",
  addRaffle: "添加抽奖", addEnvelope: "添加红包", raffleCreated: "抽奖已添加；种子哈希已公布：{hash}",
  envelopeCreated: "红包已添加；总额已分为 {shares} 份。", prizesInvalid: "奖项金额须大于 0.00（1 至 100 项）。",
  poolInvalid: "总额须大于 0.00。", sharesInvalid: "份数为 1 至 10,000，且每份至少 0.01。",
  windowInvalid: "截止时间必须晚于开始时间。", dateInvalid: "请输入开始和截止的日期与时间。", noWinner: "—",
  minTurnoverField: "最低投注额（自开始当天起，所有游戏；留空：无）", minTurnover: "最低投注额：{amount}",
  turnoverInvalid: "最低投注额须为空、0 或大于 0.00 的金额。",
  reviewAWAITING: "等待第二人复核（创建人：{maker}）", reviewCONFIRMED: "已由 {name} 复核通过", reviewREJECTED: "已被 {name} 复核拒绝",
  ownPrize: "此项由您创建，须由另一位财务复核人复核。",
  confirmRaffle: "抽奖 #{id}：复核", rejectRaffle: "抽奖 #{id}：复核拒绝",
  confirmEnvelope: "红包 #{id}：复核", rejectEnvelope: "红包 #{id}：复核拒绝",
  raffleLead: "{name}：由 {maker} 创建，奖项合计 {amount}。复核通过后会员可见，并可开奖。",
  envelopeLead: "{name}：由 {maker} 创建，总额 {amount}。复核通过后会员可见。",
  checkedCONFIRMED: "已复核通过；会员现在可见。", checkedREJECTED: "已复核拒绝；会员将不会看到。",
  awaitingSecond: "金额超过双人复核额度：须等待另一位财务复核人复核，在此之前会员不可见。",
  phaseFilter: "按时间", phaseUpcoming: "未开始", phaseOpen: "进行中", phaseClosed: "已结束", reviewFilter: "第二人复核",
  reviewNONE: "无需复核", reviewStateAWAITING: "等待中", reviewStateCONFIRMED: "已通过", reviewStateREJECTED: "已拒绝",
  orderClosing: "最先结束在前", prizeFilter: "筛选",
};

const own = translator<Key>({ TR, EN, CN } satisfies Catalog<Key>);

export type PrizeTextKey = Key | AnyTextKey;

function isOwn(key: string): key is Key {
  return Object.hasOwn(TR, key);
}

export function pt(language: Language, key: PrizeTextKey, params?: Record<string, string | number>): string {
  return isOwn(key) ? own(language, key, params) : loyaltyT(language, key, params);
}

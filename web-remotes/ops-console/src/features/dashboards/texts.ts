/** The dashboards' own texts (TR default, EN, CN); ``t`` reads these first and the console's shared texts for every
 * other key. */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";
import type { TextKey } from "../../shared/texts";
import { t as sharedT } from "../../shared/texts";

const TR = {
  from: "Başlangıç günü", to: "Bitiş günü", show: "Göster",
  utcNote: "Günler UTC'ye göre sayılır. Rakamlar her olaydan birkaç saniye sonra güncellenir; aralık en fazla 366 gündür.",
  registrations: "Kayıtlar (üye ve temsilci)", newMembers: "Üyeler", newAgents: "Temsilciler", trials: "Deneme hesapları",
  deposits: "Yatırımlar", withdrawals: "Çekimler", depositAmount: "Yatırılan", withdrawalAmount: "Çekilen",
  bets: "Bahisler", stake: "Bahis tutarı", ggr: "GGR (bahis − kazanç)", netDeposits: "Net yatırım",
  registrationsByDay: "Günlük yeni hesaplar", moneyByDay: "Günlük yatırım ve çekimler", playByDay: "Günlük bahis tutarı ve GGR",
  byVendor: "Sağlayıcıya göre", byGameType: "Oyun türüne göre", day: "Gün", vendor: "Sağlayıcı", gameType: "Oyun türü",
  currency: "Para birimi", asTable: "Rakamları tablo olarak göster", noPlay: "Bu günlerde sonuçlanan bahis yok.",
  count: "{count} adet", summary: "Özet",
  LOTT: "Piyango", ELOTT: "E-piyango", LIVE: "Canlı casino", FISH: "Balık", RNG: "Slot", PVP: "Kart oyunları",
  ESPORTS: "E-spor", SPORTS: "Spor", COCKFIGHT: "Horoz dövüşü",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  from: "First day", to: "Last day", show: "Show",
  utcNote: "Days are UTC days. The figures follow each event within seconds; a range spans at most 366 days.",
  registrations: "Registrations (members and agents)", newMembers: "Members", newAgents: "Agents", trials: "Trial accounts",
  deposits: "Deposits", withdrawals: "Withdrawals", depositAmount: "Deposited", withdrawalAmount: "Withdrawn",
  bets: "Bets", stake: "Stakes", ggr: "GGR (stakes − wins)", netDeposits: "Net deposits",
  registrationsByDay: "New accounts by day", moneyByDay: "Deposits and withdrawals by day", playByDay: "Stakes and GGR by day",
  byVendor: "By vendor", byGameType: "By game type", day: "Day", vendor: "Vendor", gameType: "Game type",
  currency: "Currency", asTable: "Show the figures as a table", noPlay: "No bets were settled on these days.",
  count: "{count}", summary: "Summary",
  LOTT: "Lottery", ELOTT: "E-lottery", LIVE: "Live casino", FISH: "Fishing", RNG: "Slots", PVP: "Card games",
  ESPORTS: "E-sports", SPORTS: "Sports", COCKFIGHT: "Cockfight",
};

const CN: Record<Key, string> = {
  from: "开始日期", to: "结束日期", show: "显示",
  utcNote: "按 UTC 日期统计。数据在每个事件发生后几秒内更新；范围最多 366 天。",
  registrations: "注册（会员与代理）", newMembers: "会员", newAgents: "代理", trials: "试玩账户",
  deposits: "存款", withdrawals: "提款", depositAmount: "存入金额", withdrawalAmount: "提出金额",
  bets: "注单", stake: "投注额", ggr: "GGR（投注 − 派彩）", netDeposits: "净存款",
  registrationsByDay: "每日新账户", moneyByDay: "每日存款与提款", playByDay: "每日投注额与 GGR",
  byVendor: "按厂商", byGameType: "按游戏类型", day: "日期", vendor: "厂商", gameType: "游戏类型",
  currency: "币种", asTable: "以表格显示数据", noPlay: "这些日期没有已结算的注单。",
  count: "{count} 笔", summary: "概览",
  LOTT: "彩票", ELOTT: "电子彩票", LIVE: "真人娱乐", FISH: "捕鱼", RNG: "老虎机", PVP: "棋牌",
  ESPORTS: "电竞", SPORTS: "体育", COCKFIGHT: "斗鸡",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
const own = translator(CATALOG);

function isOwn(key: string): key is Key {
  return Object.hasOwn(TR, key);
}

export function t(language: Language, key: Key | TextKey, params?: Record<string, string | number>): string {
  return isOwn(key) ? own(language, key, params) : sharedT(language, key, params);
}

/** A game type's name (the code itself for one these texts do not know). */
export function gameTypeName(language: Language, code: string): string {
  return isOwn(code) ? own(language, code) : code;
}

/** The lottery pages' texts (TR default, EN, CN). */
import type { Catalog, Language } from "@portal/kit";
import { decimalSeparator, translator } from "@portal/kit";

type Key =
  | "lottery" | "all" | "time" | "hot" | "ssc" | "11x5" | "k3" | "pk10" | "lhc" | "pcb" | "lf" | "vn" | "sea"
  | "issue" | "closesIn" | "drawsIn" | "closed" | "drawing" | "lastResult" | "noIssue" | "betType" | "position"
  | "numbers" | "stake" | "add" | "slip" | "emptySlip" | "total" | "possibleWin" | "place" | "placed" | "remove"
  | "results" | "myBets" | "noBets" | "trend" | "odds" | "status" | "win" | "cancel" | "seedHash" | "seed"
  | "verify" | "back" | "everyMinutes" | "daily" | "pending" | "accepted" | "won" | "lost" | "cancelled"
  | "cancelling" | "void" | "chooseNumbers" | "everyMinute" | "drawsAt" | "placedAt" | "stakeDecimals" | "BIG" | "SMALL" | "ODD" | "EVEN" | "RED" | "BLUE" | "GREEN" | "GRAY";

const TR: Record<Key, string> = {
  lottery: "Loto", all: "Tümü", time: "Hızlı", hot: "Popüler", ssc: "SSC", "11x5": "11'de 5", k3: "Zar", pk10: "Yarış",
  lhc: "Altı numara", pcb: "Şanslı 28", lf: "3D", vn: "VN Loto", sea: "SEA Loto", issue: "Çekiliş",
  closesIn: "Bahis kapanışına", drawsIn: "Çekilişe", closed: "Bahisler kapandı", drawing: "Çekiliş yapılıyor",
  lastResult: "Son sonuç", noIssue: "Açık çekiliş yok", betType: "Bahis türü", position: "Pozisyon",
  numbers: "Numaralar", stake: "Bahis", add: "Fişe ekle", slip: "Bahis fişi", emptySlip: "Fiş boş.", total: "Toplam",
  possibleWin: "Olası kazanç", place: "Bahsi onayla", placed: "Bahis alındı", remove: "Çıkar", results: "Sonuçlar",
  myBets: "Bahislerim", noBets: "Henüz bahis yok.", trend: "Trend", odds: "Oran", status: "Durum", win: "Kazanç",
  cancel: "Geri al", seedHash: "Tohum özeti (SHA-256)", seed: "Tohum", verify: "Doğrula", back: "Lobiye dön",
  everyMinutes: "{n} dakikada bir", everyMinute: "Her dakika", drawsAt: "Çekiliş zamanı", placedAt: "Bahis zamanı", stakeDecimals: "Bahis en fazla 2 ondalık basamak içerebilir (ör. 10,50).", daily: "Günlük", pending: "Bekliyor", accepted: "Kabul edildi", won: "Kazandı",
  lost: "Kaybetti", cancelled: "Geri alındı", cancelling: "Geri alınıyor", void: "Geçersiz",
  chooseNumbers: "Numara seçin", BIG: "Büyük", SMALL: "Küçük", ODD: "Tek", EVEN: "Çift", RED: "Kırmızı",
  BLUE: "Mavi", GREEN: "Yeşil", GRAY: "Gri",
};

const EN: Record<Key, string> = {
  lottery: "Lottery", all: "All", time: "Fast", hot: "Hot", ssc: "SSC", "11x5": "11 choose 5", k3: "Dice", pk10: "Racing",
  lhc: "Mark Six", pcb: "Lucky 28", lf: "3D", vn: "VN Lottery", sea: "SEA Lotto", issue: "Issue",
  closesIn: "Betting closes in", drawsIn: "Draw in", closed: "Betting closed", drawing: "Drawing",
  lastResult: "Last result", noIssue: "No open issue", betType: "Bet type", position: "Position", numbers: "Numbers",
  stake: "Stake", add: "Add to slip", slip: "Bet slip", emptySlip: "The slip is empty.", total: "Total",
  possibleWin: "Possible win", place: "Place bets", placed: "Bets placed", remove: "Remove", results: "Results",
  myBets: "My bets", noBets: "No bets yet.", trend: "Trend", odds: "Odds", status: "Status", win: "Win",
  cancel: "Cancel", seedHash: "Seed hash (SHA-256)", seed: "Seed", verify: "Verify", back: "Back to the lobby",
  everyMinutes: "Every {n} minutes", everyMinute: "Every minute", drawsAt: "Draw time", placedAt: "Placed at", stakeDecimals: "A stake has at most 2 decimals (e.g. 10.50).", daily: "Daily", pending: "Pending", accepted: "Accepted", won: "Won", lost: "Lost",
  cancelled: "Cancelled", cancelling: "Cancelling", void: "Void", chooseNumbers: "Choose numbers", BIG: "Big",
  SMALL: "Small", ODD: "Odd", EVEN: "Even", RED: "Red", BLUE: "Blue", GREEN: "Green", GRAY: "Gray",
};

const CN: Record<Key, string> = {
  lottery: "彩票", all: "全部", time: "高频", hot: "热门", ssc: "时时彩", "11x5": "11选5", k3: "快三", pk10: "赛车",
  lhc: "六合彩", pcb: "幸运28", lf: "3D", vn: "越南彩", sea: "东南亚彩", issue: "期号", closesIn: "距封盘",
  drawsIn: "距开奖", closed: "已封盘", drawing: "开奖中", lastResult: "上期开奖", noIssue: "暂无可投注期号",
  betType: "玩法", position: "位置", numbers: "号码", stake: "投注额", add: "加入注单", slip: "注单",
  emptySlip: "注单为空。", total: "合计", possibleWin: "可赢金额", place: "确认投注", placed: "投注成功",
  remove: "移除", results: "开奖结果", myBets: "我的投注", noBets: "暂无投注。", trend: "走势", odds: "赔率",
  status: "状态", win: "派彩", cancel: "撤单", seedHash: "种子哈希 (SHA-256)", seed: "种子", verify: "验证",
  back: "返回大厅", everyMinutes: "每{n}分钟一期", everyMinute: "每分钟一期", drawsAt: "开奖时间", placedAt: "投注时间", stakeDecimals: "投注额最多保留两位小数（如 10.50）。", daily: "每日", pending: "处理中", accepted: "已接受", won: "中奖",
  lost: "未中奖", cancelled: "已撤单", cancelling: "撤单中", void: "作废", chooseNumbers: "请选择号码", BIG: "大",
  SMALL: "小", ODD: "单", EVEN: "双", RED: "红波", BLUE: "蓝波", GREEN: "绿波", GRAY: "灰",
};

export const CATALOG: Catalog<Key> = { TR, EN, CN };
export const lotteryText = translator(CATALOG);

/** A text of this catalogue when ``value`` names one (an option, a category, a status), else the value itself. */
export function lotteryLabel(language: Language, value: string): string {
  return value in TR ? lotteryText(language, value as Key) : value;
}

/** How often a game draws: "Every 5 minutes", "5 dakikada bir", "每5分钟一期"; a daily game "Daily". */
export function frequencyText(language: Language, intervalMinutes: number | null | undefined): string {
  if (!intervalMinutes) return lotteryText(language, "daily");
  return intervalMinutes === 1 ? lotteryText(language, "everyMinute") : lotteryText(language, "everyMinutes", { n: intervalMinutes });
}

/** Odds as the service writes them ("1.98", exact) with the language's decimal separator: TR "1,98". */
export function oddsText(language: Language, odds: string): string {
  return odds.replace(".", decimalSeparator(language));
}

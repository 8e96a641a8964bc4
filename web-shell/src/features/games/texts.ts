/** The game pages' texts (TR default, EN, CN). */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";

type Key =
  | "LOTT" | "ELOTT" | "LIVE" | "FISH" | "RNG" | "PVP" | "ESPORTS" | "SPORTS" | "COCKFIGHT" | "hot" | "inHouse"
  | "allVendors" | "allGames" | "SC" | "VP" | "JP" | "TG" | "AC" | "BG" | "play" | "freeDemo" | "favourite"
  | "unfavourite" | "more" | "noGames" | "loadMore" | "hotGames" | "recommended" | "pgGames" | "winners"
  | "biggestWins" | "noWinners" | "jackpot" | "jackpotWins" | "noJackpotWins" | "won" | "stake" | "spin" | "roll" | "win" | "lastWin" | "lines" | "over"
  | "under" | "target" | "chance" | "payout" | "fairness" | "serverSeedHash" | "clientSeed" | "nonce"
  | "verify" | "verifyTitle" | "serverSeed" | "gameCode" | "result" | "rotateSeeds" | "revealed" | "underMaintenance"
  | "vendorGames" | "close" | "rolled" | "noWin" | "gameCentre" | "recentGames" | "verifyHint" | "DRAGON" | "TIGER" | "TIE" | "side" | "minBetFilter" | "linesFilter"
  | "BGS_FRUIT5" | "BGS_DICE" | "BGS_DRAGON_TIGER" | "line" | "demo" | "demoNote" | "jackpotWin" | "rooms" | "BEGINNER" | "STANDARD" | "VIP" | "enterRoom" | "roomStakes" | "roomEntry" | "nextServerSeedHash";

const TR: Record<Key, string> = {
  BGS_FRUIT5: "Meyve Beşlisi", BGS_DICE: "Zar 99", BGS_DRAGON_TIGER: "Ejder Kaplan Kart",
  line: "Hat", demo: "DEMO", demoNote: "Oyun parasıyla oynuyorsunuz: gerçek para bahsi yok, kazançlar çekilemez.",
  jackpotWin: "Büyük ikramiye",
  nextServerSeedHash: "Sonraki sunucu tohumu (SHA-256)",
  rooms: "Odalar", BEGINNER: "Başlangıç", STANDARD: "Standart", VIP: "VIP", enterRoom: "Odaya gir", roomStakes: "Bahis", roomEntry: "Giriş bakiyesi",
  LOTT: "Loto", ELOTT: "E-Loto", LIVE: "Canlı casino", FISH: "Balık oyunları", RNG: "Slotlar", PVP: "Kart oyunları",
  ESPORTS: "E-spor", SPORTS: "Spor bahisleri", COCKFIGHT: "Horoz dövüşü", hot: "Popüler oyunlar", inHouse: "BGS Originals",
  allVendors: "Tüm sağlayıcılar", allGames: "Tümü", SC: "Kazı kazan", VP: "Video poker", JP: "Jackpot", TG: "Masa oyunları",
  AC: "Arcade", BG: "Bingo", play: "Oyna", freeDemo: "Ücretsiz dene", favourite: "Favorilere ekle",
  unfavourite: "Favorilerden çıkar", more: "Daha fazla", noGames: "Burada henüz oyun yok.", loadMore: "Daha fazla yükle",
  hotGames: "Popüler oyunlar", recommended: "Önerilen oyunlar", pgGames: "PG Soft", winners: "Kazananlar",
  jackpot: "Büyük ikramiye", jackpotWins: "Büyük ikramiye kazananları", noJackpotWins: "Büyük ikramiye henüz kazanılmadı.",
  biggestWins: "En büyük kazançlar", noWinners: "Bu hafta henüz büyük kazanç yok.", won: "kazandı", stake: "Bahis",
  spin: "Çevir", roll: "At", win: "Kazanç", lastWin: "Son kazanç", lines: "Hatlar", over: "Üstü", under: "Altı",
  target: "Hedef", chance: "Kazanma olasılığı", payout: "Ödeme", fairness: "Kanıtlanabilir adillik",
  serverSeedHash: "Sunucu tohumu (SHA-256)", clientSeed: "İstemci tohumu", nonce: "Nonce", verify: "Doğrula",
  verifyTitle: "Bir turu doğrulayın", serverSeed: "Sunucu tohumu", gameCode: "Oyun", result: "Sonuç",
  rotateSeeds: "Tohumları yenile", revealed: "Açıklanan sunucu tohumu", underMaintenance: "Bakımda",
  vendorGames: "Sağlayıcının oyunları", close: "Kapat", rolled: "Atılan", noWin: "Kazanç yok", gameCentre: "Oyun merkezi",
  recentGames: "Son oynanan oyunlar", DRAGON: "Ejder", TIGER: "Kaplan", TIE: "Beraberlik", side: "Bahis",
  minBetFilter: "En az bahis 1+", linesFilter: "25+ hat",
  verifyHint: "Tohumları yeniledikten sonra açıklanan sunucu tohumu ile her turu yeniden hesaplayabilirsiniz.",
};

const EN: Record<Key, string> = {
  BGS_FRUIT5: "Fruit Five", BGS_DICE: "Dice 99", BGS_DRAGON_TIGER: "Dragon Tiger",
  line: "Line", demo: "DEMO", demoNote: "You are playing with play money: no real-money bets, wins cannot be withdrawn.",
  jackpotWin: "Jackpot",
  nextServerSeedHash: "Next server seed (SHA-256)",
  rooms: "Rooms", BEGINNER: "Beginners", STANDARD: "Standard", VIP: "VIP", enterRoom: "Enter", roomStakes: "Stakes", roomEntry: "Balance to enter",
  LOTT: "Lottery", ELOTT: "E-lottery", LIVE: "Live casino", FISH: "Fish games", RNG: "Slots", PVP: "Card games",
  ESPORTS: "E-sports", SPORTS: "Sports betting", COCKFIGHT: "Cockfight", hot: "Hot games", inHouse: "BGS Originals",
  allVendors: "All vendors", allGames: "All", SC: "Scratch cards", VP: "Video poker", JP: "Jackpot", TG: "Table games",
  AC: "Arcade", BG: "Bingo", play: "Play", freeDemo: "Free demo", favourite: "Add to favourites",
  unfavourite: "Remove from favourites", more: "More", noGames: "No games here yet.", loadMore: "Load more",
  hotGames: "Hot games", recommended: "Recommended games", pgGames: "PG Soft", winners: "Winners",
  jackpot: "Jackpot", jackpotWins: "Jackpot winners", noJackpotWins: "Nobody has hit the jackpot yet.",
  biggestWins: "Biggest wins", noWinners: "No big wins this week yet.", won: "won", stake: "Stake", spin: "Spin",
  roll: "Roll", win: "Win", lastWin: "Last win", lines: "Lines", over: "Over", under: "Under", target: "Target",
  chance: "Chance to win", payout: "Payout", fairness: "Provably fair", serverSeedHash: "Server seed (SHA-256)",
  clientSeed: "Client seed", nonce: "Nonce", verify: "Verify", verifyTitle: "Verify a round", serverSeed: "Server seed",
  gameCode: "Game", result: "Result", rotateSeeds: "Rotate seeds", revealed: "Revealed server seed",
  underMaintenance: "Under maintenance", vendorGames: "Vendor's games", close: "Close", rolled: "Rolled",
  noWin: "No win", gameCentre: "Game centre", recentGames: "Recently played", DRAGON: "Dragon", TIGER: "Tiger",
  TIE: "Tie", side: "Bet on", minBetFilter: "Minimum bet 1+", linesFilter: "25+ lines",
  verifyHint: "After rotating your seeds, recompute any round with the revealed server seed.",
};

const CN: Record<Key, string> = {
  BGS_FRUIT5: "水果五连", BGS_DICE: "骰子 99", BGS_DRAGON_TIGER: "龙虎斗",
  line: "线", demo: "试玩", demoNote: "您正在使用体验金游戏：不是真钱投注，赢得的金额不可提取。",
  jackpotWin: "奖池",
  nextServerSeedHash: "下一个服务器种子 (SHA-256)",
  rooms: "房间", BEGINNER: "新手场", STANDARD: "标准场", VIP: "贵宾场", enterRoom: "进入", roomStakes: "投注", roomEntry: "入场余额",
  LOTT: "彩票", ELOTT: "电子彩票", LIVE: "真人娱乐", FISH: "捕鱼游戏", RNG: "老虎机", PVP: "棋牌游戏", ESPORTS: "电子竞技",
  SPORTS: "体育投注", COCKFIGHT: "斗鸡", hot: "热门游戏", inHouse: "BGS 原创", allVendors: "全部供应商", allGames: "全部",
  SC: "刮刮乐", VP: "视频扑克", JP: "奖池游戏", TG: "桌面游戏", AC: "街机游戏", BG: "宾果", play: "开始游戏", freeDemo: "免费试玩",
  favourite: "加入收藏", unfavourite: "取消收藏", more: "更多", noGames: "这里还没有游戏。",
  loadMore: "加载更多", hotGames: "热门游戏", recommended: "推荐游戏", pgGames: "PG 电子", winners: "赢家榜",
  jackpot: "奖池", jackpotWins: "奖池得主", noJackpotWins: "奖池尚未被赢得。",
  biggestWins: "最大赢奖", noWinners: "本周还没有大奖。", won: "赢得", stake: "投注额", spin: "旋转", roll: "掷骰",
  win: "赢得", lastWin: "上次赢得", lines: "线数", over: "大于", under: "小于", target: "目标", chance: "获胜概率",
  payout: "赔付", fairness: "可证明公平", serverSeedHash: "服务器种子 (SHA-256)", clientSeed: "客户端种子", nonce: "随机数",
  verify: "验证", verifyTitle: "验证一局", serverSeed: "服务器种子", gameCode: "游戏", result: "结果", rotateSeeds: "更换种子",
  revealed: "已公开的服务器种子", underMaintenance: "维护中", vendorGames: "供应商的游戏", close: "关闭", rolled: "点数",
  noWin: "未中奖", gameCentre: "游戏中心", recentGames: "最近玩过", DRAGON: "龙", TIGER: "虎", TIE: "和", side: "押注",
  minBetFilter: "最低投注 1+", linesFilter: "25 线以上",
  verifyHint: "更换种子后，可用公开的服务器种子重新计算每一局。",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type GameTextKey = Key;
export const gameText = translator(CATALOG);

/** A label named by data or an address (a game type, a page title): its text when the catalogue has one, else
 * the name itself (a type this build does not know yet, or a mistyped address, still shows). */
export function labelText(language: Language, name: string): string {
  return name in TR ? gameText(language, name as Key) : name;
}

const ROOMS = ["BEGINNER", "STANDARD", "VIP"] as const;

/** A room's name by its id (an id this page does not know is shown as it is). */
export function roomName(language: Language, roomId: string): string {
  const known = ROOMS.find((room) => room === roomId);
  return known ? gameText(language, known) : roomId;
}

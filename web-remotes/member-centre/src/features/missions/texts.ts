/** The mission activity page's texts (TR default, EN, CN). */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  title: "Görev etkinlikleri", empty: "Şu anda görev yok.", reward: "Ödül: {points} puan", claim: "Ödülü al",
  claimed: "Ödül alındı", claimedNow: "+{points} puan hesabınıza eklendi. Puan bakiyeniz: {balance}.",
  window: "{start} – {end}", NOT_STARTED: "Başlamadı", IN_PROGRESS: "Devam ediyor", COMPLETED: "Tamamlandı",
  CLAIMED: "Ödül alındı", BET_TURNOVER: "Geçerli bahis", DEPOSIT_TOTAL: "Toplam yatırım", PLAY_DAYS: "Oyun günü",
  days: "{n} gün", progressOf: "{progress} / {target}", leaderboard: "Sıralama", showBoard: "Sıralamayı göster",
  rank: "Sıra", player: "Oyuncu", progress: "İlerleme", myRank: "Sıranız: {rank}", notRanked: "Henüz sıralamada değilsiniz.",
  noPlayers: "Henüz katılan yok.", previous: "Önceki", next: "Sonraki", you: "(siz)",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  title: "Mission activity", empty: "There are no missions at the moment.", reward: "Reward: {points} points",
  claim: "Claim reward", claimed: "Reward claimed", claimedNow: "+{points} points added. Your points balance: {balance}.",
  window: "{start} – {end}", NOT_STARTED: "Not started", IN_PROGRESS: "In progress", COMPLETED: "Completed",
  CLAIMED: "Reward claimed", BET_TURNOVER: "Valid bet", DEPOSIT_TOTAL: "Total deposit", PLAY_DAYS: "Days played",
  days: "{n} days", progressOf: "{progress} / {target}", leaderboard: "Leaderboard", showBoard: "Show leaderboard",
  rank: "Rank", player: "Player", progress: "Progress", myRank: "Your rank: {rank}", notRanked: "You are not on the board yet.",
  noPlayers: "Nobody has taken part yet.", previous: "Previous", next: "Next", you: "(you)",
};

const CN: Record<Key, string> = {
  title: "任务活动", empty: "目前没有任务。", reward: "奖励：{points} 积分", claim: "领取奖励", claimed: "已领取",
  claimedNow: "已获得 +{points} 积分。积分余额：{balance}。", window: "{start} – {end}", NOT_STARTED: "未开始",
  IN_PROGRESS: "进行中", COMPLETED: "已完成", CLAIMED: "已领取", BET_TURNOVER: "有效投注", DEPOSIT_TOTAL: "累计存款",
  PLAY_DAYS: "游戏天数", days: "{n} 天", progressOf: "{progress} / {target}", leaderboard: "排行榜",
  showBoard: "查看排行榜", rank: "排名", player: "玩家", progress: "进度", myRank: "您的排名：{rank}",
  notRanked: "您还没有上榜。", noPlayers: "还没有人参与。", previous: "上一页", next: "下一页", you: "（您）",
};

export const CATALOG: Catalog<Key> = { TR, EN, CN };
export type MissionTextKey = Key;
export const mt = translator(CATALOG);

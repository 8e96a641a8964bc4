/** The missions page's own texts (TR default, EN, CN); every other key is the loyalty pages' (and through them the
 * console's shared ones). */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";
import type { AnyTextKey } from "./texts";
import { t as loyaltyT } from "./texts";

const TR = {
  missions: "Görevler", missionsEmpty: "Bu markanın görevi yok.", missionsReadOnly: "Görevleri yalnızca içerik rolü (veya yönetici) değiştirebilir.",
  missionKind: "Tür", BET_TURNOVER: "Geçerli bahis", DEPOSIT_TOTAL: "Toplam yatırım", PLAY_DAYS: "Oyun günü",
  gameTypes: "Oyun türleri (boş: hepsi)", allGameTypes: "Tüm oyun türleri", target: "Hedef", targetMoney: "Hedef tutar (ör. 100.00)",
  targetDays: "Hedef gün sayısı", reward: "Ödül (puan)", window: "Süre", startsAt: "Başlangıç (UTC)", endsAt: "Bitiş (UTC, hariç)",
  missionState: "Durum", addMission: "Görev ekle", editMission: "Görev #{id} düzenleniyor", missionCreated: "Görev eklendi.",
  missionSaved: "Görev kaydedildi.", days: "{n} gün", showMission: "Üyelere göster",
  targetInvalid: "Hedef sıfırdan büyük bir tutar (en fazla 2 ondalık) veya gün sayısıdır.",
  rewardInvalid: "Ödül 1 ile 100,000,000 arasında bir tam sayıdır.", windowInvalid: "Bitiş başlangıçtan sonra olmalıdır.",
  dateInvalid: "Başlangıç ve bitiş tarih ve saatiyle girilmelidir.",
  SPORTS: "Spor", ESPORTS: "E-spor", LIVE: "Canlı casino", LOTT: "Loto", ELOTT: "E-loto", FISH: "Balık oyunları", PVP: "Kart oyunları",
  RNG: "Slotlar", COCKFIGHT: "Horoz dövüşü",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  missions: "Missions", missionsEmpty: "This brand has no missions.", missionsReadOnly: "Only the content role (or an admin) can change missions.",
  missionKind: "Kind", BET_TURNOVER: "Valid bet", DEPOSIT_TOTAL: "Total deposit", PLAY_DAYS: "Days played",
  gameTypes: "Game types (none: all)", allGameTypes: "Every game type", target: "Target", targetMoney: "Target amount (e.g. 100.00)",
  targetDays: "Target days", reward: "Reward (points)", window: "Window", startsAt: "Starts (UTC)", endsAt: "Ends (UTC, excluded)",
  missionState: "State", addMission: "Add a mission", editMission: "Editing mission #{id}", missionCreated: "Mission added.",
  missionSaved: "Mission saved.", days: "{n} days", showMission: "Show to members",
  targetInvalid: "The target is an amount above zero (at most 2 decimals) or a number of days.",
  rewardInvalid: "The reward is a whole number from 1 to 100,000,000.", windowInvalid: "The end must come after the start.",
  dateInvalid: "Enter the start and the end with a date and a time.",
  SPORTS: "Sports", ESPORTS: "E-sports", LIVE: "Live casino", LOTT: "Lottery", ELOTT: "E-lottery", FISH: "Fishing", PVP: "Card games",
  RNG: "Slots", COCKFIGHT: "Cockfight",
};

const CN: Record<Key, string> = {
  missions: "任务", missionsEmpty: "该品牌没有任务。", missionsReadOnly: "只有内容角色（或管理员）可以修改任务。",
  missionKind: "类型", BET_TURNOVER: "有效投注", DEPOSIT_TOTAL: "累计存款", PLAY_DAYS: "游戏天数",
  gameTypes: "游戏类型（不选：全部）", allGameTypes: "全部游戏类型", target: "目标", targetMoney: "目标金额（如 100.00）",
  targetDays: "目标天数", reward: "奖励（积分）", window: "时间", startsAt: "开始（UTC）", endsAt: "结束（UTC，不含）",
  missionState: "状态", addMission: "添加任务", editMission: "正在编辑任务 #{id}", missionCreated: "任务已添加。",
  missionSaved: "任务已保存。", days: "{n} 天", showMission: "向会员显示",
  targetInvalid: "目标须为大于零的金额（最多两位小数）或天数。", rewardInvalid: "奖励须为 1 到 100,000,000 之间的整数。",
  windowInvalid: "结束时间必须晚于开始时间。", dateInvalid: "请输入开始和结束的日期与时间。",
  SPORTS: "体育", ESPORTS: "电竞", LIVE: "真人视讯", LOTT: "彩票", ELOTT: "电子彩票", FISH: "捕鱼", PVP: "棋牌", RNG: "电子游戏",
  COCKFIGHT: "斗鸡",
};

const own = translator<Key>({ TR, EN, CN } satisfies Catalog<Key>);

export type MissionTextKey = Key | AnyTextKey;

function isOwn(key: string): key is Key {
  return Object.hasOwn(TR, key);
}

export function mt(language: Language, key: MissionTextKey, params?: Record<string, string | number>): string {
  return isOwn(key) ? own(language, key, params) : loyaltyT(language, key, params);
}

/** The lottery feature's texts (TR default, EN, CN): the brand's lottery games, their limits and prize modes. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  title: "Loto oyunları", loading: "Yükleniyor…", empty: "Kayıt yok.", refresh: "Yenile", noBrand: "Önce bir marka seçin.",
  readOnly: "Oyunları, sınırlarını ve ödül modlarını yalnızca markanın yöneticisi değiştirebilir.",
  intro: "Bir oyunu kapatın, bahis sınırlarını ya da ödül modunu değiştirin: üyelerin bir sonraki isteği buna uyar. Verilmiş bahisler oranlarını korur. Tutarlar kuruş cinsindendir.",
  game: "Oyun", state: "Durum", on: "Açık", off: "Kapalı", minStake: "En düşük bahis", maxStake: "En yüksek bahis",
  maxPerIssue: "Çekiliş başına üye sınırı", prizeMode: "Ödül modu", brandMode: "Markanın modu ({mode})", actions: "İşlemler", edit: "Düzenle",
  editTitle: "{game}: ayarlar", close: "Pencereyi kapat", enabled: "Üyeler bu oyunu oynayabilir", reason: "Neden (denetim kaydına yazılır; isteğe bağlı)",
  save: "Kaydet", saved: "Kaydedildi.", house: "Kurumun aralığı: en düşük {min}–{minCap}, en yüksek ≤ {max}, çekiliş başına ≤ {perIssue}.",
  wholeNumbers: "Sınırlar pozitif tam sayı olmalı.", perMille: "{code} (‰{perMille})", updated: "Son değişiklik: {who}, {when}",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  title: "Lottery games", loading: "Loading…", empty: "Nothing here.", refresh: "Refresh", noBrand: "Pick a brand first.",
  readOnly: "Only the brand's admin changes the games, their limits and prize modes.",
  intro: "Switch a game off, change its stake limits or its prize mode: members' next calls obey it. Bets already placed keep their odds. Amounts are in minor units.",
  game: "Game", state: "State", on: "On", off: "Off", minStake: "Minimum stake", maxStake: "Maximum stake",
  maxPerIssue: "Member's limit per issue", prizeMode: "Prize mode", brandMode: "The brand's mode ({mode})", actions: "Actions", edit: "Edit",
  editTitle: "{game}: settings", close: "Close", enabled: "Members may play this game", reason: "Reason (written to the audit log; optional)",
  save: "Save", saved: "Saved.", house: "The house's range: minimum {min}–{minCap}, maximum ≤ {max}, per issue ≤ {perIssue}.",
  wholeNumbers: "Limits must be positive whole numbers.", perMille: "{code} ({perMille}‰)", updated: "Last changed by {who}, {when}",
};

const CN: Record<Key, string> = {
  title: "彩票游戏", loading: "加载中…", empty: "暂无记录。", refresh: "刷新", noBrand: "请先选择品牌。",
  readOnly: "只有品牌管理员可以修改彩种、限额和奖金模式。",
  intro: "关闭彩种、修改投注限额或奖金模式：会员的下一次请求立即生效。已下注单保留原赔率。金额以最小货币单位计。",
  game: "彩种", state: "状态", on: "开启", off: "关闭", minStake: "最低投注", maxStake: "最高投注",
  maxPerIssue: "会员每期限额", prizeMode: "奖金模式", brandMode: "品牌模式（{mode}）", actions: "操作", edit: "编辑",
  editTitle: "{game}：设置", close: "关闭窗口", enabled: "会员可以玩此彩种", reason: "原因（记入审计日志；可选）",
  save: "保存", saved: "已保存。", house: "平台范围：最低 {min}–{minCap}，最高 ≤ {max}，每期 ≤ {perIssue}。",
  wholeNumbers: "限额必须是正整数。", perMille: "{code}（{perMille}‰）", updated: "最后修改：{who}，{when}",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

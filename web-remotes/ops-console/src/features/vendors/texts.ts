/** The vendors feature's texts (TR default, EN, CN): the brand's game vendors with their maintenance windows and
 * switches, and its games switched on and off. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  vendors: "Oyun sağlayıcıları", games: "Oyunlar", loading: "Yükleniyor…", empty: "Kayıt yok.", refresh: "Yenile",
  noBrand: "Önce bir marka seçin.", readOnly: "Sağlayıcıları ve oyunları yalnızca markanın yöneticisi açıp kapatabilir.",
  intro: "Bir sağlayıcıyı bakıma alın ya da kapatın: üyeler değişikliği hemen görür. Kapalı sağlayıcı ve oyun listelerden kalkar ve açılmaz.",
  vendor: "Sağlayıcı", code: "Kod", gameType: "Oyun türü", category: "Kategori", state: "Durum", window: "Bakım", gamesCount: "Oyun (açık / toplam)",
  actions: "İşlemler", manage: "Yönet", open: "Açık", scheduled: "Bakım planlandı", maintenance: "Bakımda", off: "Kapalı", on: "Açık",
  windowRange: "{from} – {until}", noWindow: "—",
  manageTitle: "{vendor} ({gameType})", close: "Pencereyi kapat", reason: "Neden (denetim kaydına yazılır)",
  from: "Başlangıç (yerel saat; boş: hemen)", until: "Bitiş (yerel saat)", setWindow: "Bakımı kaydet", endWindow: "Bakımı şimdi bitir",
  switchOff: "Kapat", switchOn: "Aç", windowTitle: "Bakım penceresi", switchTitle: "Açık / kapalı",
  currentWindow: "Şu anki bakım: {range}", reasonNeeded: "Bir neden yazın.", untilNeeded: "Bakımın bitişini girin.",
  windowSaved: "Bakım kaydedildi.", windowEnded: "Bakım bitirildi.", switchedOff: "Kapatıldı.", switchedOn: "Açıldı.",
  name: "Oyun", search: "Ad ya da kod ara", all: "Tümü", onlyOn: "Açık olanlar", onlyOff: "Kapalı olanlar", enabled: "Durum",
  sort: "Sıralama", sortCatalogue: "Katalog sırası", sortName: "Ada göre", sortCode: "Koda göre", filter: "Filtrele",
  pages: "Sayfalar", previous: "Önceki", next: "Sonraki", total: "Toplam {total} oyun",
  confirm: "Onayla", cancel: "Vazgeç", switchGameQuestion: "{game}: neden?",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  vendors: "Game vendors", games: "Games", loading: "Loading…", empty: "Nothing here.", refresh: "Refresh",
  noBrand: "Pick a brand first.", readOnly: "Only the brand's admin switches vendors and games on and off.",
  intro: "Put a vendor under maintenance or switch it off: members see the change at once. A vendor or game switched off leaves the lists and does not launch.",
  vendor: "Vendor", code: "Code", gameType: "Game type", category: "Category", state: "State", window: "Maintenance", gamesCount: "Games (on / all)",
  actions: "Actions", manage: "Manage", open: "Open", scheduled: "Maintenance scheduled", maintenance: "Under maintenance", off: "Off", on: "On",
  windowRange: "{from} – {until}", noWindow: "—",
  manageTitle: "{vendor} ({gameType})", close: "Close", reason: "Reason (written to the audit log)",
  from: "Starts (local time; empty: now)", until: "Ends (local time)", setWindow: "Save maintenance", endWindow: "End maintenance now",
  switchOff: "Switch off", switchOn: "Switch on", windowTitle: "Maintenance window", switchTitle: "On / off",
  currentWindow: "Current maintenance: {range}", reasonNeeded: "Give a reason.", untilNeeded: "Enter when the maintenance ends.",
  windowSaved: "Maintenance saved.", windowEnded: "Maintenance ended.", switchedOff: "Switched off.", switchedOn: "Switched on.",
  name: "Game", search: "Search name or code", all: "All", onlyOn: "On only", onlyOff: "Off only", enabled: "State",
  sort: "Order", sortCatalogue: "Catalogue order", sortName: "By name", sortCode: "By code", filter: "Filter",
  pages: "Pages", previous: "Previous", next: "Next", total: "{total} games in all",
  confirm: "Confirm", cancel: "Cancel", switchGameQuestion: "{game}: why?",
};

const CN: Record<Key, string> = {
  vendors: "游戏供应商", games: "游戏", loading: "加载中…", empty: "暂无记录。", refresh: "刷新",
  noBrand: "请先选择品牌。", readOnly: "只有品牌管理员可以开关供应商和游戏。",
  intro: "将供应商设为维护或关闭：会员立即看到变化。关闭的供应商和游戏会从列表中消失且无法启动。",
  vendor: "供应商", code: "代码", gameType: "游戏类型", category: "类别", state: "状态", window: "维护", gamesCount: "游戏（开启 / 全部）",
  actions: "操作", manage: "管理", open: "正常", scheduled: "已计划维护", maintenance: "维护中", off: "已关闭", on: "开启",
  windowRange: "{from} – {until}", noWindow: "—",
  manageTitle: "{vendor}（{gameType}）", close: "关闭窗口", reason: "原因（记入审计日志）",
  from: "开始（本地时间；留空：立即）", until: "结束（本地时间）", setWindow: "保存维护", endWindow: "立即结束维护",
  switchOff: "关闭", switchOn: "开启", windowTitle: "维护时段", switchTitle: "开启 / 关闭",
  currentWindow: "当前维护：{range}", reasonNeeded: "请填写原因。", untilNeeded: "请填写维护结束时间。",
  windowSaved: "维护已保存。", windowEnded: "维护已结束。", switchedOff: "已关闭。", switchedOn: "已开启。",
  name: "游戏", search: "搜索名称或代码", all: "全部", onlyOn: "仅开启", onlyOff: "仅关闭", enabled: "状态",
  sort: "排序", sortCatalogue: "目录顺序", sortName: "按名称", sortCode: "按代码", filter: "筛选",
  pages: "分页", previous: "上一页", next: "下一页", total: "共 {total} 个游戏",
  confirm: "确认", cancel: "取消", switchGameQuestion: "{game}：原因？",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

/** A vendor's state in words, the value itself when the console does not know it. */
export function stateText(language: Parameters<typeof t>[0], state: string): string {
  return state === "open" || state === "scheduled" || state === "maintenance" || state === "off" ? t(language, state) : state;
}

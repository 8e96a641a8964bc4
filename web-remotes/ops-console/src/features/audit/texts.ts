/** The audit feature's texts (TR default, EN, CN): every service's audit log of the brand. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  audit: "Denetim kaydı", services: "Servisler", loading: "Yükleniyor…", empty: "Bu sayfada kayıt yok.", refresh: "Yenile",
  who: "Kim", what: "Ne", target: "Hedef", before: "Önce", after: "Sonra", when: "Ne zaman",
  auth: "Hesaplar ve ekip", site: "Site ve içerik", wallet: "Cüzdan", notifications: "Bildirimler", lottery: "Piyango", agentContracts: "Acente sözleşmeleri", games: "Oyunlar ve sağlayıcılar", points: "Puanlar ve market",
  pages: "Sayfalar", previous: "Önceki", next: "Sonraki", total: "Toplam {total} kayıt",
  lotteryShared: "Piyango çekilişleri tüm markaların ortak kaydıdır: bu kayıt yalnızca bu markanın değildir ve yalnızca tüm markalarda rolü olan biri okuyabilir.",
  noBrand: "Önce bir marka seçin.", brandLog: "{brand} markasının kaydı.",
  filter: "Filtrele", actor: "Kim", action: "İşlem", actionHint: "Tam adı ya da başı (ör. account.)", from: "Başlangıç (UTC)", to: "Bitiş (UTC)",
  sort: "Sıralama", newest: "En yeni önce", oldest: "En eski önce",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  audit: "Audit log", services: "Services", loading: "Loading…", empty: "Nothing on this page.", refresh: "Refresh",
  who: "Who", what: "What", target: "Target", before: "Before", after: "After", when: "When",
  auth: "Accounts and people", site: "Site and content", wallet: "Wallet", notifications: "Notifications", lottery: "Lottery", agentContracts: "Agent contracts", games: "Games and vendors", points: "Points and mall",
  pages: "Pages", previous: "Previous", next: "Next", total: "{total} entries in all",
  lotteryShared: "Lottery draws are shared by every brand: this log is not the brand's alone, and only someone with a role for every brand may read it.",
  noBrand: "Pick a brand first.", brandLog: "The log of brand {brand}.",
  filter: "Filter", actor: "Who", action: "Action", actionHint: "Its full name or its start (e.g. account.)", from: "From (UTC)", to: "To (UTC)",
  sort: "Order", newest: "Newest first", oldest: "Oldest first",
};

const CN: Record<Key, string> = {
  audit: "审计日志", services: "服务", loading: "加载中…", empty: "本页暂无记录。", refresh: "刷新",
  who: "操作人", what: "操作", target: "对象", before: "变更前", after: "变更后", when: "时间",
  auth: "账户与人员", site: "网站与内容", wallet: "钱包", notifications: "通知", lottery: "彩票", agentContracts: "代理合约", games: "游戏与供应商", points: "积分与商城",
  pages: "分页", previous: "上一页", next: "下一页", total: "共 {total} 条",
  lotteryShared: "彩票开奖由所有品牌共享：此日志不只属于本品牌，只有在所有品牌都拥有角色的人才能查看。",
  noBrand: "请先选择品牌。", brandLog: "品牌 {brand} 的日志。",
  filter: "筛选", actor: "操作人", action: "操作", actionHint: "完整名称或其开头（如 account.）", from: "开始日期（UTC）", to: "结束日期（UTC）",
  sort: "排序", newest: "最新的在前", oldest: "最早的在前",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

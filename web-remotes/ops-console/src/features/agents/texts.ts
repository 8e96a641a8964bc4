/** The agents feature's texts (TR default, EN, CN): the brand's agents, one agent's contracts and settlements, the
 * grant of a top agent's contract and the move of a team member. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  agents: "Temsilciler", noBrand: "Önce bir marka seçin.", loading: "Yükleniyor…", empty: "Kayıt yok.", filter: "Filtrele", all: "Tümü",
  search: "Kullanıcı adının başı ya da kimlik", agentType: "Temsilci türü", contract: "Sözleşme", anyContract: "Herhangi biri",
  noContract: "Sözleşmesi yok", top: "Konum", topOnly: "Yalnızca üst temsilciler", withUpline: "Üst temsilcisi olanlar",
  sort: "Sıralama", sortRegistered: "En yeni kayıt", sortUsername: "Kullanıcı adına göre", sortDownlines: "En çok alt üye",
  username: "Kullanıcı adı", accountId: "Hesap kimliği", type: "Tür", upline: "Üst temsilci", downlines: "Doğrudan alt üye",
  contracts: "Sözleşmeler", registered: "Kayıt", open: "Aç", openAgent: "{name} temsilcisini aç", none: "—", back: "Listeye dön",
  pages: "Sayfalar", previous: "Önceki", next: "Sonraki", total: "Toplam {total} temsilci",
  topAgent: "Üst temsilci", typeN: "Tür {type}",
  DIVIDEND: "Temettü", DAILY_WAGE: "Günlük ücret", HOURLY_SALARY: "Saatlik maaş", REALTIME_SALARY: "Anlık maaş",
  detail: "Temsilci: {name}", facts: "Bilgiler", uplines: "Üst zincir (en yakın önce)", teamSize: "Ekip büyüklüğü (tüm derinlikler)",
  depth: "Derinlik", levelsUp: "{levels} kademe yukarı", noUplines: "Üst temsilcisi yok: sözleşmelerini operasyon verir.",
  kind: "Tür", terms: "Koşullar", state: "Durum", ratio: "En yüksek oran", grantedBy: "Veren", grantedAt: "Başlangıç", ended: "Bitiş",
  ACTIVE: "Etkin", ENDED: "Bitti", SUPERSEDED: "Yenisiyle değişti", TERMINATED: "Feshedildi", CANCELLED: "İptal edildi",
  byOps: "Operasyon: {name}", byUpline: "Üst temsilci: {name}", noContracts: "Sözleşmesi yok.",
  pending: "Cevabını bekleyen talepler", NEW: "Yeni sözleşme", TERMINATION: "Fesih", requestFrom: "{type}, {upline} temsilcisinden",
  settlements: "Hesaplaşmalar (ödenen satırlar)", period: "Dönem", lineType: "Satır", amount: "Tutar", status: "Durum",
  PENDING: "Bekliyor", PAID: "Ödendi", REFUSED: "Reddedildi", SALARY: "Dönem", ADJUSTMENT: "Düzeltme", noSettlements: "Hesaplaşma yok.",
  tierLine: "{threshold} üstü, {members} aktif üye: %{ratio}", periodD: "günlük", periodW: "haftalık", periodH: "yarım aylık", periodM: "aylık",
  realtimeLine: "Kazanç %{win}, kayıp %{loss}, en az {bet} bahis", dividendLine: "{period} · {tiers}",
  grant: "Sözleşme ver", grantIntro: "Yalnızca üst temsilciye (üst temsilcisi olmayan) operasyon sözleşme verir; hemen geçerli olur ve denetim kaydına yazılır.",
  grantNotTop: "Bu temsilcinin bir üst temsilcisi var: sözleşmesini o teklif eder.", grantNotAgent: "Bu hesap temsilci değil.",
  grantKind: "Sözleşme türü", dividendPeriod: "Temettü dönemi", tiers: "Kademeler", addTier: "Kademe ekle", removeTier: "Kademeyi kaldır",
  tierN: "Kademe {n}", minValidBet: "En az geçerli bahis", minProfitLoss: "En az ekip kaybı",
  minActiveMembers: "En az aktif üye", tierRatio: "Oran (%)", winRate: "Kazanç oranı (%)",
  lossRate: "Kayıp oranı (%)", betAmount: "Dönem başına en az bahis", reason: "Neden (denetim kaydına yazılır)",
  grantButton: "Sözleşmeyi ver", granted: "Sözleşme verildi.", reasonNeeded: "Bir neden yazın.", numbersInvalid: "Oranları yüzde, tutarları en fazla iki ondalıkla, üye sayısını tam sayı olarak girin.",
  move: "Ekip üyesini taşı", moveIntro: "Üyeyi tüm alt ekibiyle birlikte başka bir üst temsilcinin altına taşır. Sözleşmesi ya da bekleyen talebi olan üye taşınmaz.",
  moveAccount: "Taşınacak hesap kimliği", moveUpline: "Yeni üst temsilcinin hesap kimliği", moveButton: "Taşı", moved: "Taşındı: yeni derinlik {depth}.",
  idsNeeded: "İki hesap kimliğini de girin.", readOnly: "Sözleşmeleri ve taşımaları yalnızca markanın yöneticisi yapar.",
  lineKindFilter: "Sözleşme türü", lineStateFilter: "Ödeme durumu", anyLine: "Tümü", linesNewest: "En yeni önce", linesOldest: "En eski önce",
  filterLines: "Hesaplaşmaları süz",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  agents: "Agents", noBrand: "Pick a brand first.", loading: "Loading…", empty: "Nothing here.", filter: "Filter", all: "All",
  search: "Start of the username, or an id", agentType: "Agent type", contract: "Contract", anyContract: "Any",
  noContract: "No contract", top: "Position", topOnly: "Top agents only", withUpline: "With an upline",
  sort: "Order", sortRegistered: "Newest registration", sortUsername: "By username", sortDownlines: "Most downlines",
  username: "Username", accountId: "Account id", type: "Type", upline: "Upline", downlines: "Direct downlines",
  contracts: "Contracts", registered: "Registered", open: "Open", openAgent: "Open agent {name}", none: "—", back: "Back to the list",
  pages: "Pages", previous: "Previous", next: "Next", total: "{total} agents in all",
  topAgent: "Top agent", typeN: "Type {type}",
  DIVIDEND: "Dividend", DAILY_WAGE: "Daily wage", HOURLY_SALARY: "Hourly salary", REALTIME_SALARY: "Real-time salary",
  detail: "Agent: {name}", facts: "Details", uplines: "Upline chain (nearest first)", teamSize: "Team size (every depth)",
  depth: "Depth", levelsUp: "{levels} levels up", noUplines: "No upline: ops grants its contracts.",
  kind: "Type", terms: "Terms", state: "State", ratio: "Highest rate", grantedBy: "Given by", grantedAt: "Started", ended: "Ended",
  ACTIVE: "Active", ENDED: "Ended", SUPERSEDED: "Superseded", TERMINATED: "Terminated", CANCELLED: "Cancelled",
  byOps: "Ops: {name}", byUpline: "Upline: {name}", noContracts: "No contracts.",
  pending: "Requests waiting for its answer", NEW: "New contract", TERMINATION: "Termination", requestFrom: "{type}, from {upline}",
  settlements: "Settlements (lines paid)", period: "Period", lineType: "Line", amount: "Amount", status: "Status",
  PENDING: "Pending", PAID: "Paid", REFUSED: "Refused", SALARY: "Period", ADJUSTMENT: "Adjustment", noSettlements: "No settlements.",
  tierLine: "From {threshold}, {members} active members: {ratio} %", periodD: "daily", periodW: "weekly", periodH: "semi-monthly", periodM: "monthly",
  realtimeLine: "Won {win} %, lost {loss} %, from a bet amount of {bet}", dividendLine: "{period} · {tiers}",
  grant: "Grant a contract", grantIntro: "Ops grants contracts to top agents only (those with no upline); it applies at once and is written to the audit log.",
  grantNotTop: "This agent has an upline: its contracts are offered by it.", grantNotAgent: "This account is not an agent.",
  grantKind: "Contract type", dividendPeriod: "Dividend period", tiers: "Tiers", addTier: "Add a tier", removeTier: "Remove the tier",
  tierN: "Tier {n}", minValidBet: "Minimum valid bet", minProfitLoss: "Minimum team loss",
  minActiveMembers: "Minimum active members", tierRatio: "Rate (%)", winRate: "Win rate (%)",
  lossRate: "Loss rate (%)", betAmount: "Minimum bet amount per period", reason: "Reason (written to the audit log)",
  grantButton: "Grant the contract", granted: "Contract granted.", reasonNeeded: "Give a reason.", numbersInvalid: "Enter rates as percentages and amounts with at most two decimals, and whole numbers of members.",
  move: "Move a team member", moveIntro: "Moves the member with its whole subtree under another upline. A member holding a contract or with a request waiting is not moved.",
  moveAccount: "Account id to move", moveUpline: "Account id of the new upline", moveButton: "Move", moved: "Moved: new depth {depth}.",
  idsNeeded: "Enter both account ids.", readOnly: "Only the brand's admin grants contracts and moves members.",
  lineKindFilter: "Contract type", lineStateFilter: "Payment state", anyLine: "All", linesNewest: "Newest first", linesOldest: "Oldest first",
  filterLines: "Filter the settlements",
};

const CN: Record<Key, string> = {
  agents: "代理", noBrand: "请先选择品牌。", loading: "加载中…", empty: "暂无记录。", filter: "筛选", all: "全部",
  search: "用户名开头或账户 ID", agentType: "代理类型", contract: "契约", anyContract: "任意",
  noContract: "无契约", top: "层级", topOnly: "仅顶级代理", withUpline: "有上级的",
  sort: "排序", sortRegistered: "最新注册", sortUsername: "按用户名", sortDownlines: "直属下级最多",
  username: "用户名", accountId: "账户 ID", type: "类型", upline: "上级", downlines: "直属下级",
  contracts: "契约", registered: "注册时间", open: "打开", openAgent: "打开代理 {name}", none: "—", back: "返回列表",
  pages: "分页", previous: "上一页", next: "下一页", total: "共 {total} 个代理",
  topAgent: "顶级代理", typeN: "类型 {type}",
  DIVIDEND: "分红", DAILY_WAGE: "日工资", HOURLY_SALARY: "时薪", REALTIME_SALARY: "实时工资",
  detail: "代理：{name}", facts: "资料", uplines: "上级链（由近及远）", teamSize: "团队人数（所有层级）",
  depth: "层级", levelsUp: "上 {levels} 级", noUplines: "没有上级：契约由运营授予。",
  kind: "类型", terms: "条款", state: "状态", ratio: "最高比例", grantedBy: "授予者", grantedAt: "开始", ended: "结束",
  ACTIVE: "生效中", ENDED: "已结束", SUPERSEDED: "已被新契约取代", TERMINATED: "已解约", CANCELLED: "已取消",
  byOps: "运营：{name}", byUpline: "上级：{name}", noContracts: "没有契约。",
  pending: "等待其答复的请求", NEW: "新契约", TERMINATION: "解约", requestFrom: "{type}，来自 {upline}",
  settlements: "结算（已付明细）", period: "周期", lineType: "明细", amount: "金额", status: "状态",
  PENDING: "待处理", PAID: "已支付", REFUSED: "已拒绝", SALARY: "周期", ADJUSTMENT: "调整", noSettlements: "没有结算。",
  tierLine: "{threshold} 起，{members} 名活跃会员：{ratio}%", periodD: "每日", periodW: "每周", periodH: "每半月", periodM: "每月",
  realtimeLine: "赢 {win}%，输 {loss}%，投注额至少 {bet}", dividendLine: "{period} · {tiers}",
  grant: "授予契约", grantIntro: "运营只向顶级代理（没有上级的）授予契约；立即生效并记入审计日志。",
  grantNotTop: "该代理有上级：其契约由上级提供。", grantNotAgent: "该账户不是代理。",
  grantKind: "契约类型", dividendPeriod: "分红周期", tiers: "档位", addTier: "添加档位", removeTier: "删除档位",
  tierN: "第 {n} 档", minValidBet: "最低有效投注", minProfitLoss: "最低团队亏损",
  minActiveMembers: "最低活跃会员", tierRatio: "比例（%）", winRate: "赢比例（%）",
  lossRate: "输比例（%）", betAmount: "每周期最低投注额", reason: "原因（记入审计日志）",
  grantButton: "授予契约", granted: "契约已授予。", reasonNeeded: "请填写原因。", numbersInvalid: "比例请输入百分比，金额最多两位小数，会员数为整数。",
  move: "转移团队成员", moveIntro: "将成员连同其整个下级团队移到另一个上级之下。持有契约或有待答复请求的成员不能转移。",
  moveAccount: "要转移的账户 ID", moveUpline: "新上级的账户 ID", moveButton: "转移", moved: "已转移：新层级 {depth}。",
  idsNeeded: "请填写两个账户 ID。", readOnly: "只有品牌管理员可以授予契约和转移成员。",
  lineKindFilter: "合约类型", lineStateFilter: "支付状态", anyLine: "全部", linesNewest: "最新在前", linesOldest: "最早在前",
  filterLines: "筛选结算",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

/** A value the server names (a contract kind, a state), in words; the value itself when the console does not know it. */
export function named(language: Parameters<typeof t>[0], value: string | null | undefined): string {
  if (!value) return "—";
  return Object.hasOwn(TR, value) ? t(language, value as Key) : value;
}

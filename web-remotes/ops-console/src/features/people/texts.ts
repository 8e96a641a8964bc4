/** The people feature's texts (TR default, EN, CN): the console's people, inviting someone, and the requests a
 * second admin approves. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  people: "Ekip", requests: "Onay istekleri", loading: "Yükleniyor…", empty: "Kayıt yok.", refresh: "Yenile",
  username: "Kullanıcı adı", email: "E-posta", roles: "Roller", brands: "Markalar", status: "Durum", createdBy: "Oluşturan",
  created: "Oluşturma", lastLogin: "Son giriş", invitedBy: "Davet eden", approvedBy: "Onaylayan", actions: "İşlemler",
  invite: "Birini davet et", sendInvite: "Davet isteği gönder", brandCodes: "Marka kodları", brandCodesHint: "Virgülle ayırın; * tüm markalar demektir.",
  everyBrand: "Tüm markalar", required: "Bu alan zorunludur.", pickRole: "En az bir rol seçin.", pickBrand: "En az bir marka seçin.",
  secondAdmin: "Davet bir istektir: ikinci bir yönetici onaylamadan hiçbir şey gönderilmez. Onaydan sonra etkinleştirme bağlantısı yalnızca davet edilenin e-postasına gider.",
  invited: "{name} için davet isteği kaydedildi. İkinci bir yönetici Onay istekleri sayfasında onaylayınca bağlantı {email} adresine gider.",
  viewer: "İzleyici", content: "İçerik", "finance-maker": "Finans (hazırlayan)", "finance-checker": "Finans (onaylayan)", admin: "Yönetici",
  pending: "Onay bekliyor", invitedStatus: "Davet edildi", active: "Etkin", disabled: "Devre dışı", approved: "Onaylandı",
  rejected: "Reddedildi", stale: "Geçersiz kaldı", all: "Tümü", filter: "Filtrele",
  kind: "Tür", target: "Hedef", change: "Önce → sonra", maker: "İsteyen", checker: "Karar veren", decided: "Karar",
  approve: "Onayla", reject: "Reddet", withdraw: "Geri çek", done: "İşlem kaydedildi.",
  makerChecker: "Bir isteği onu açan kişi onaylayamaz; ikinci bir yönetici onaylar. İsteyen kendi isteğini geri çekebilir.",
  "person.invite": "Davet", "person.grant": "Rol / marka değişikliği", "range.add": "Adres aralığı ekleme", "range.remove": "Adres aralığı kaldırma",
  noRole: "Bu sayfayı yalnızca yöneticiler açabilir.",
  role: "Rol", search: "Kullanıcı adının başı", makerName: "İsteyenin kullanıcı adı", sort: "Sıralama",
  newest: "En yeni önce", oldest: "En eski önce", byUsername: "Kullanıcı adına göre", total: "Toplam {total} kayıt",
  pages: "Sayfalar", previous: "Önceki", next: "Sonraki",
  changeRoles: "Rolleri değiştir", askGrant: "Değişiklik isteği gönder", cancel: "Vazgeç",
  grantAsked: "İstek kaydedildi: ikinci bir yönetici Onay istekleri sayfasında onaylayınca geçerli olur.",
  disable: "Devre dışı bırak", enable: "Etkinleştir", statusChanged: "{name} artık: {status}.",
  resend: "Daveti yeniden gönder", resent: "Etkinleştirme bağlantısı {name} için yeniden gönderildi.",
  ranges: "Adres aralıkları", cidr: "Adres aralığı (CIDR)", cidrHint: "Örnek: 203.0.113.0/24",
  askRange: "Ekleme isteği gönder", askRemoval: "Kaldırma isteği",
  rangeAsked: "İstek kaydedildi: her markanın ikinci bir yöneticisi onaylayınca geçerli olur.",
  rangesHint: "Ops girişi yalnızca bu aralıklardaki adreslerden kabul edilir. Ekleme ve kaldırma, ikinci bir yöneticinin onayladığı isteklerdir.",
  addedBy: "Ekleyen", since: "Eklenme",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  people: "People", requests: "Approval requests", loading: "Loading…", empty: "Nothing here.", refresh: "Refresh",
  username: "Username", email: "E-mail", roles: "Roles", brands: "Brands", status: "Status", createdBy: "Created by",
  created: "Created", lastLogin: "Last sign-in", invitedBy: "Invited by", approvedBy: "Approved by", actions: "Actions",
  invite: "Invite someone", sendInvite: "Send the invitation request", brandCodes: "Brand codes", brandCodesHint: "Separate with commas; * means every brand.",
  everyBrand: "Every brand", required: "This field is required.", pickRole: "Pick at least one role.", pickBrand: "Pick at least one brand.",
  secondAdmin: "An invitation is a request: nothing is sent until a second admin approves it. Once approved, the activation link goes to the invitee's e-mail alone.",
  invited: "Invitation request for {name} recorded. When a second admin approves it on the Approval requests page, the link goes to {email}.",
  viewer: "Viewer", content: "Content", "finance-maker": "Finance (maker)", "finance-checker": "Finance (checker)", admin: "Admin",
  pending: "Awaiting approval", invitedStatus: "Invited", active: "Active", disabled: "Disabled", approved: "Approved",
  rejected: "Rejected", stale: "Stale", all: "All", filter: "Filter",
  kind: "Kind", target: "Target", change: "Before → after", maker: "Maker", checker: "Decided by", decided: "Decided",
  approve: "Approve", reject: "Reject", withdraw: "Withdraw", done: "Done.",
  makerChecker: "Whoever made a request cannot approve it; a second admin does. The maker may withdraw their own request.",
  "person.invite": "Invitation", "person.grant": "Role / brand change", "range.add": "Add address range", "range.remove": "Remove address range",
  noRole: "Only admins may open this page.",
  role: "Role", search: "Username starts with", makerName: "Maker's username", sort: "Order",
  newest: "Newest first", oldest: "Oldest first", byUsername: "By username", total: "{total} in all",
  pages: "Pages", previous: "Previous", next: "Next",
  changeRoles: "Change roles", askGrant: "Ask for the change", cancel: "Cancel",
  grantAsked: "Request saved: it applies when a second admin approves it on the Approval requests page.",
  disable: "Disable", enable: "Enable", statusChanged: "{name} is now: {status}.",
  resend: "Resend the invitation", resent: "The enrolment link was sent again for {name}.",
  ranges: "Address ranges", cidr: "Address range (CIDR)", cidrHint: "For example 203.0.113.0/24",
  askRange: "Ask to add it", askRemoval: "Ask to remove",
  rangeAsked: "Request saved: it applies when a second admin of every brand approves it.",
  rangesHint: "The ops login admits only addresses in these ranges. Adding and removing one are requests a second admin approves.",
  addedBy: "Added by", since: "Added",
};

const CN: Record<Key, string> = {
  people: "人员", requests: "审批请求", loading: "加载中…", empty: "暂无记录。", refresh: "刷新",
  username: "用户名", email: "邮箱", roles: "角色", brands: "品牌", status: "状态", createdBy: "创建人",
  created: "创建时间", lastLogin: "最近登录", invitedBy: "邀请人", approvedBy: "批准人", actions: "操作",
  invite: "邀请人员", sendInvite: "提交邀请请求", brandCodes: "品牌代码", brandCodesHint: "用逗号分隔；* 表示所有品牌。",
  everyBrand: "所有品牌", required: "此项必填。", pickRole: "请至少选择一个角色。", pickBrand: "请至少选择一个品牌。",
  secondAdmin: "邀请是一项请求：须由第二位管理员批准后才会发送。批准后，激活链接只发送到被邀请人的邮箱。",
  invited: "已记录对 {name} 的邀请请求。第二位管理员在审批请求页面批准后，链接将发送至 {email}。",
  viewer: "查看者", content: "内容", "finance-maker": "财务（制单）", "finance-checker": "财务（复核）", admin: "管理员",
  pending: "待批准", invitedStatus: "已邀请", active: "已启用", disabled: "已停用", approved: "已批准",
  rejected: "已拒绝", stale: "已失效", all: "全部", filter: "筛选",
  kind: "类型", target: "对象", change: "变更前 → 变更后", maker: "发起人", checker: "决定人", decided: "决定时间",
  approve: "批准", reject: "拒绝", withdraw: "撤回", done: "已完成。",
  makerChecker: "发起请求的人不能批准自己的请求，须由第二位管理员批准。发起人可以撤回自己的请求。",
  "person.invite": "邀请", "person.grant": "角色 / 品牌变更", "range.add": "添加地址段", "range.remove": "移除地址段",
  noRole: "只有管理员可以打开此页面。",
  role: "角色", search: "用户名开头", makerName: "发起人用户名", sort: "排序",
  newest: "最新在前", oldest: "最早在前", byUsername: "按用户名", total: "共 {total} 条",
  pages: "分页", previous: "上一页", next: "下一页",
  changeRoles: "更改角色", askGrant: "提交更改申请", cancel: "取消",
  grantAsked: "申请已保存：另一位管理员在审批请求页面批准后生效。",
  disable: "停用", enable: "启用", statusChanged: "{name} 现在：{status}。",
  resend: "重新发送邀请", resent: "已为 {name} 重新发送激活链接。",
  ranges: "地址范围", cidr: "地址范围（CIDR）", cidrHint: "例如 203.0.113.0/24",
  askRange: "申请添加", askRemoval: "申请移除",
  rangeAsked: "申请已保存：每个品牌的另一位管理员批准后生效。",
  rangesHint: "运营登录只接受这些范围内的地址。添加和移除都是需要另一位管理员批准的申请。",
  addedBy: "添加人", since: "添加时间",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

/** A text for a value the server names (a role, a status, a request's kind), the value itself when there is none.
 * A person's ``invited`` status has its own key (``invited`` is the invitation's confirmation). */
export function named(language: Parameters<typeof t>[0], value: string): string {
  if (value === "invited") return t(language, "invitedStatus");
  return value in TR ? t(language, value as Key) : value;
}

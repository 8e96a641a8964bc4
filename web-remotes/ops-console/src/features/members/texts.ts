/** The member search's texts (TR default, EN, CN). */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  members: "Üye ara", risk: "Risk ve destek", search: "Ara", searchText: "Aranacak", by: "Alan",
  byUsername: "Kullanıcı adı (başlangıcı)", byMobile: "Cep telefonu", byId: "Hesap kimliği", byAddress: "IP adresi",
  username: "Kullanıcı adı", type: "Tür", status: "Durum", mobile: "Cep telefonu", created: "Kayıt",
  lastLogin: "Son giriş", lastIp: "Son IP", registerIp: "Kayıt IP", open: "Aç", found: "{total} üye bulundu.",
  noneFound: "Eşleşen üye yok.", profile: "Üye profili", logins: "Son girişler", at: "Zaman", address: "Adres",
  browser: "Tarayıcı", success: "Sonuç", ok: "Başarılı", failed: "Başarısız", nickname: "Takma ad",
  fullname: "Ad soyad", email: "E-posta", upline: "Üst hesap", affiliateCode: "Davet kodu",
  registerMethod: "Kayıt yolu", totp: "Doğrulayıcı", yes: "Var", no: "Yok", lockedUntil: "Kilitli (bitiş)",
  active: "Etkin", disabled: "Devre dışı", member: "Üye", agent: "Temsilci", trial: "Deneme", back: "Listeye dön",
  required: "Aranacak metni girin.", actions: "Kilit aç / devre dışı bırak", loading: "Yükleniyor…", previous: "Önceki", next: "Sonraki",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  members: "Find a member", risk: "Risk and support", search: "Search", searchText: "Search for", by: "Field",
  byUsername: "Username (its start)", byMobile: "Mobile number", byId: "Account id", byAddress: "IP address",
  username: "Username", type: "Type", status: "Status", mobile: "Mobile", created: "Registered",
  lastLogin: "Last sign-in", lastIp: "Last IP", registerIp: "Registration IP", open: "Open", found: "{total} members found.",
  noneFound: "No member matches.", profile: "Member profile", logins: "Recent sign-ins", at: "Time", address: "Address",
  browser: "Browser", success: "Result", ok: "Succeeded", failed: "Failed", nickname: "Nickname",
  fullname: "Full name", email: "E-mail", upline: "Upline", affiliateCode: "Affiliate code",
  registerMethod: "Registered by", totp: "Authenticator", yes: "Bound", no: "None", lockedUntil: "Locked until",
  active: "Active", disabled: "Disabled", member: "Member", agent: "Agent", trial: "Trial", back: "Back to the list",
  required: "Type what to search for.", actions: "Unlock / disable", loading: "Loading…", previous: "Previous", next: "Next",
};

const CN: Record<Key, string> = {
  members: "查找会员", risk: "风控与客服", search: "搜索", searchText: "搜索内容", by: "字段",
  byUsername: "用户名（开头）", byMobile: "手机号", byId: "账户 ID", byAddress: "IP 地址",
  username: "用户名", type: "类型", status: "状态", mobile: "手机", created: "注册时间",
  lastLogin: "最近登录", lastIp: "最近 IP", registerIp: "注册 IP", open: "打开", found: "找到 {total} 名会员。",
  noneFound: "没有匹配的会员。", profile: "会员资料", logins: "最近登录记录", at: "时间", address: "地址",
  browser: "浏览器", success: "结果", ok: "成功", failed: "失败", nickname: "昵称",
  fullname: "姓名", email: "邮箱", upline: "上级", affiliateCode: "推广码",
  registerMethod: "注册方式", totp: "身份验证器", yes: "已绑定", no: "未绑定", lockedUntil: "锁定至",
  active: "正常", disabled: "已停用", member: "会员", agent: "代理", trial: "试玩", back: "返回列表",
  required: "请输入搜索内容。", actions: "解锁 / 停用", loading: "加载中…", previous: "上一页", next: "下一页",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

/** The member search's and the member profile's texts (TR default, EN, CN). */
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
  balances: "Bakiyeler", wallets: "Cüzdanlar", wallet: "Cüzdan", available: "Kullanılabilir", held: "Bloke (bekleyen çekim)",
  balance: "Bakiye", pendingWithdrawals: "Bekleyen çekimler", pendingDeposits: "Bekleyen yatırımlar",
  totalDeposited: "Toplam yatırılan", totalWithdrawn: "Toplam çekilen", bets: "Bahisler", betsFilter: "Bahisleri süz",
  from: "Başlangıç", to: "Bitiş", filter: "Süz", noBets: "Bahis yok.", vendor: "Sağlayıcı", game: "Oyun",
  stake: "Bahis", validBet: "Geçerli bahis", win: "Kazanç", devices: "Cihazlar (tarayıcılar)", firstSeen: "İlk görülme",
  lastSeen: "Son görülme", tries: "Deneme", successes: "Başarılı", none: "Kayıt yok.", notes: "Notlar",
  addNote: "Not ekle", noteText: "Not", noteLength: "{used} / {max} karakter", noteRequired: "Not metnini girin.",
  noteAdded: "Not eklendi.", noNotes: "Henüz not yok.", totpReset: "İki adımlı doğrulamayı sıfırla",
  totpResetExplain: "Üyenin bağlı doğrulayıcı uygulaması kaldırılır; üye yenisini bağlayabilir. Oturumlar açık kalır; para çekimi bekleme süresi başlar.",
  totpResetQuestion: "Üyenin doğrulayıcı uygulaması kaldırılsın mı? Bu işlem nedeniyle birlikte denetim kaydına yazılır.",
  totpResetConfirm: "Evet, kaldır", totpResetDone: "Doğrulayıcı kaldırıldı; üye yenisini bağlayabilir.",
  totpNone: "Bu üyenin bağlı bir doğrulayıcısı yok.", reason: "Neden", reasonRequired: "Bir neden yazın.", cancel: "Vazgeç",
  statusFilter: "Hesap durumu", anyStatus: "Tümü", listOrder: "Sıralama", orderMatch: "Aramaya göre", orderUsername: "Kullanıcı adına göre",
  orderNewest: "En yeni önce", orderOldest: "En eski önce", noteAuthor: "Yazan", noteWords: "Notta geçen", filterNotes: "Notları süz",
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
  balances: "Balances", wallets: "Wallets", wallet: "Wallet", available: "Available", held: "Held (pending withdrawals)",
  balance: "Balance", pendingWithdrawals: "Withdrawals waiting", pendingDeposits: "Deposits waiting",
  totalDeposited: "Deposited in all", totalWithdrawn: "Withdrawn in all", bets: "Bets", betsFilter: "Filter the bets",
  from: "From", to: "To", filter: "Filter", noBets: "No bets.", vendor: "Vendor", game: "Game",
  stake: "Stake", validBet: "Valid bet", win: "Win", devices: "Devices (browsers)", firstSeen: "First seen",
  lastSeen: "Last seen", tries: "Tries", successes: "Succeeded", none: "None recorded.", notes: "Notes",
  addNote: "Add note", noteText: "Note", noteLength: "{used} / {max} characters", noteRequired: "Type the note.",
  noteAdded: "Note added.", noNotes: "No notes yet.", totpReset: "Reset second factor",
  totpResetExplain: "Removes the member's bound authenticator app so that they can bind a new one. Their sessions stay; withdrawals pause for the cooling-off.",
  totpResetQuestion: "Remove the member's authenticator? This is written to the audit with its reason.",
  totpResetConfirm: "Yes, remove it", totpResetDone: "Authenticator removed; the member may bind a new one.",
  totpNone: "This member has no authenticator bound.", reason: "Reason", reasonRequired: "Give a reason.", cancel: "Cancel",
  statusFilter: "Account status", anyStatus: "All", listOrder: "Order", orderMatch: "As the search finds", orderUsername: "By username",
  orderNewest: "Newest first", orderOldest: "Oldest first", noteAuthor: "Written by", noteWords: "Words of the note", filterNotes: "Filter the notes",
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
  balances: "余额", wallets: "钱包", wallet: "钱包", available: "可用", held: "冻结（待处理提款）",
  balance: "余额", pendingWithdrawals: "待处理提款", pendingDeposits: "待处理存款",
  totalDeposited: "累计存款", totalWithdrawn: "累计提款", bets: "投注记录", betsFilter: "筛选投注",
  from: "开始日期", to: "结束日期", filter: "筛选", noBets: "没有投注记录。", vendor: "厂商", game: "游戏",
  stake: "投注额", validBet: "有效投注", win: "派彩", devices: "设备（浏览器）", firstSeen: "首次出现",
  lastSeen: "最近出现", tries: "尝试次数", successes: "成功次数", none: "暂无记录。", notes: "备注",
  addNote: "添加备注", noteText: "备注", noteLength: "{used} / {max} 个字符", noteRequired: "请输入备注内容。",
  noteAdded: "备注已添加。", noNotes: "暂无备注。", totpReset: "重置二次验证",
  totpResetExplain: "解除会员已绑定的身份验证器，会员可重新绑定。会话保持不变；提款进入冷静期。",
  totpResetQuestion: "确定解除该会员的身份验证器？此操作将连同原因写入审计日志。",
  totpResetConfirm: "确定解除", totpResetDone: "身份验证器已解除，会员可重新绑定。",
  totpNone: "该会员未绑定身份验证器。", reason: "原因", reasonRequired: "请填写原因。", cancel: "取消",
  statusFilter: "账户状态", anyStatus: "全部", listOrder: "排序", orderMatch: "按搜索匹配", orderUsername: "按用户名",
  orderNewest: "最新在前", orderOldest: "最早在前", noteAuthor: "作者", noteWords: "备注包含", filterNotes: "筛选备注",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

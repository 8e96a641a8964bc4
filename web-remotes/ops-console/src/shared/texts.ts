/** The console's shared texts (TR default, EN, CN): the frame, the login, the enrolment and what every page
 * uses. A page's own texts sit in its feature. */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  dashboards: "Panolar", dailyFigures: "Günlük rakamlar", vendors: "Oyun sağlayıcıları",
  feedback: "Üye geri bildirimleri", broadcasts: "Toplu mesajlar", announcements: "Site duyuruları", help: "Yardım merkezi",
  brandAdmin: "Marka yönetimi", siteSettings: "Site ayarları", flags: "Özellik anahtarları", registerRules: "Kayıt kuralları",
  domainRoutes: "Alan adı yönlendirmeleri", lotteryVoids: "Piyango çekiliş iptali", lotteryGames: "Loto oyunları",
  agents: "Temsilciler", agentList: "Temsilciler ve sözleşmeler",
  loyalty: "Sadakat", pointRules: "Puan kuralları", pointsMall: "Puan marketi", mallRedemptions: "Market talepleri", missions: "Görevler", prizeDraws: "Çekilişler ve zarflar", vipReferral: "VIP ve davet",
  promotions: "Promosyonlar", bonuses: "Bonuslar", promotionApplications: "Etkinlik başvuruları",
  previous: "Önceki", nextPage: "Sonraki", risk: "Risk ve destek", members: "Üye ara", deposits: "Yatırım kuyruğu", journal: "Üye hesap hareketleri", adjustments: "Bakiye düzeltmeleri",
  dualControl: "İkinci kişi eşiği", reconciliation: "Mutabakat", ranges: "Adres aralıkları", content: "İçerik", banners: "Bannerlar", admin: "Yönetim", people: "Kişiler", requests: "Onay talepleri",
  audit: "Denetim kaydı", accounts: "Hesap işlemleri",
  console: "Operasyon konsolu", menu: "Konsol menüsü", brand: "Marka", brandCode: "Marka kodu", signOut: "Çıkış",
  signedInAs: "{name} olarak oturum açık", language: "Dil", loading: "Yükleniyor…", empty: "Kayıt yok.",
  login: "Giriş", username: "Kullanıcı adı", password: "Şifre", next: "Devam", back: "Geri",
  totp: "Doğrulama kodu", totpHint: "Doğrulayıcı uygulamanızdaki 6 haneli kod.", signIn: "Giriş yap",
  sessionEnded: "Oturumunuz sona erdi; yeniden giriş yapın.", required: "Bu alan zorunludur.",
  totpFormat: "Kod 6 rakamdan oluşur.",
  enrol: "Hesabınızı etkinleştirin", enrolIntro: "Davetiniz size özeldir: şifrenizi siz belirlersiniz ve doğrulayıcı uygulamanızı siz eklersiniz; yönetici ikisini de görmez.",
  enrolStart: "Daveti aç", enrolNoToken: "Bu bağlantıda davet yok. Size gelen e-postadaki bağlantıyı açın.",
  secret: "Gizli anahtar", secretHint: "Doğrulayıcı uygulamanıza bu anahtarı ekleyin (ya da bağlantıyı açın), sonra uygulamanın gösterdiği kodu girin.",
  newPassword: "Yeni şifre", confirmPassword: "Şifre (tekrar)", passwordsDiffer: "Şifreler aynı değil.",
  passwordRule: "En az 12 karakter.", activate: "Etkinleştir", enrolled: "Hesabınız etkin. Artık giriş yapabilirsiniz.",
  toLogin: "Girişe git",
  finance: "Finans", withdrawals: "Çekim kuyruğu", status: "Durum", all: "Tümü", account: "Hesap", amount: "Tutar",
  currency: "Para birimi", created: "Oluşturma", deadline: "Onay süresi", reason: "Gerekçe", actions: "İşlemler",
  approve: "Onayla", pay: "Öde", reject: "Reddet", refund: "İade et", close: "Kapat", refresh: "Yenile",
  rejectReason: "Ret gerekçesi", confirmReject: "Reddi gönder", cancel: "Vazgeç", withdraw: "Geri çek", done: "İşlem kaydedildi.",
  accountFilter: "Hesap kimliği", filter: "Filtrele", bankAccount: "Banka hesabı", noRole: "Bu sayfa için yetkiniz yok.",
  pending: "Bekliyor", approved: "Onaylandı", paid: "Ödendi", rejected: "Reddedildi", received: "Alındı",
  received_auto: "Alındı (otomatik)", partly_received: "Kısmen alındı", not_received: "Alınmadı", refunded: "İade edildi",
  closed: "Kapandı", credited: "Yatırıldı", failed: "Başarısız", home: "Başlangıç",
  welcome: "Hoş geldiniz, {name}.", yourRoles: "Rolleriniz: {roles}", yourBrands: "Markalarınız: {brands}",
  makerPays: "Onaylayan kişi aynı çekimi ödeyemez: ödeme ikinci bir kişi içindir.",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  dashboards: "Dashboards", dailyFigures: "Daily figures", vendors: "Game vendors",
  feedback: "Member feedback", broadcasts: "Broadcasts", announcements: "Announcements and popups", help: "Help centre",
  brandAdmin: "Brand administration", siteSettings: "Site settings", flags: "Feature switches", registerRules: "Registration rules",
  domainRoutes: "Domain routes", lotteryVoids: "Lottery issue voids", lotteryGames: "Lottery games",
  agents: "Agents", agentList: "Agents and contracts",
  loyalty: "Loyalty", pointRules: "Points rules", pointsMall: "Points mall", mallRedemptions: "Mall redemptions", missions: "Missions", prizeDraws: "Raffles and envelopes", vipReferral: "VIP and referrals",
  promotions: "Promotions", bonuses: "Bonuses", promotionApplications: "Activity applications",
  previous: "Previous", nextPage: "Next", risk: "Risk and support", members: "Find a member", deposits: "Deposit queue", journal: "Member journal", adjustments: "Adjustments",
  dualControl: "Second-person threshold", reconciliation: "Reconciliation", ranges: "Address ranges", content: "Content", banners: "Banners", admin: "Administration", people: "People", requests: "Requests",
  audit: "Audit log", accounts: "Account actions",
  console: "Ops console", menu: "Console menu", brand: "Brand", brandCode: "Brand code", signOut: "Sign out",
  signedInAs: "Signed in as {name}", language: "Language", loading: "Loading…", empty: "Nothing here.",
  login: "Sign in", username: "Username", password: "Password", next: "Next", back: "Back",
  totp: "Verification code", totpHint: "The 6-digit code in your authenticator app.", signIn: "Sign in",
  sessionEnded: "Your session ended; sign in again.", required: "This field is required.",
  totpFormat: "The code is 6 digits.",
  enrol: "Activate your account", enrolIntro: "Your invitation is yours alone: you choose your password and add your authenticator app; no admin sees either.",
  enrolStart: "Open the invitation", enrolNoToken: "This link carries no invitation. Open the link in the e-mail you received.",
  secret: "Secret key", secretHint: "Add this key to your authenticator app (or open the link), then enter the code the app shows.",
  newPassword: "New password", confirmPassword: "Password (again)", passwordsDiffer: "The passwords differ.",
  passwordRule: "At least 12 characters.", activate: "Activate", enrolled: "Your account is active. You can sign in now.",
  toLogin: "Go to sign in",
  finance: "Finance", withdrawals: "Withdrawal queue", status: "Status", all: "All", account: "Account", amount: "Amount",
  currency: "Currency", created: "Created", deadline: "Confirm by", reason: "Reason", actions: "Actions",
  approve: "Approve", pay: "Pay", reject: "Reject", refund: "Refund", close: "Close", refresh: "Refresh",
  rejectReason: "Reason for rejecting", confirmReject: "Send rejection", cancel: "Cancel", withdraw: "Withdraw", done: "Done.",
  accountFilter: "Account id", filter: "Filter", bankAccount: "Bank account", noRole: "You may not open this page.",
  pending: "Pending", approved: "Approved", paid: "Paid", rejected: "Rejected", received: "Received",
  received_auto: "Received (automatic)", partly_received: "Partly received", not_received: "Not received", refunded: "Refunded",
  closed: "Closed", credited: "Credited", failed: "Failed", home: "Home",
  welcome: "Welcome, {name}.", yourRoles: "Your roles: {roles}", yourBrands: "Your brands: {brands}",
  makerPays: "Whoever approved a withdrawal cannot pay it: paying is for a second person.",
};

const CN: Record<Key, string> = {
  dashboards: "数据面板", dailyFigures: "每日数据", vendors: "游戏供应商",
  feedback: "会员反馈", broadcasts: "群发消息", announcements: "公告与弹窗", help: "帮助中心",
  brandAdmin: "品牌管理", siteSettings: "站点设置", flags: "功能开关", registerRules: "注册规则",
  domainRoutes: "域名路由", lotteryVoids: "彩票期号作废", lotteryGames: "彩票游戏",
  agents: "代理", agentList: "代理与契约",
  loyalty: "会员忠诚度", pointRules: "积分规则", pointsMall: "积分商城", mallRedemptions: "商城兑换", missions: "任务", prizeDraws: "抽奖与红包", vipReferral: "VIP 与邀请",
  promotions: "优惠活动", bonuses: "奖金", promotionApplications: "活动申请",
  previous: "上一页", nextPage: "下一页", risk: "风控与客服", members: "查找会员", deposits: "存款队列", journal: "会员账变", adjustments: "余额调整",
  dualControl: "双人复核阈值", reconciliation: "对账", ranges: "地址范围", content: "内容", banners: "横幅", admin: "管理", people: "人员", requests: "审批请求",
  audit: "审计日志", accounts: "账户操作",
  console: "运营后台", menu: "后台菜单", brand: "品牌", brandCode: "品牌代码", signOut: "退出",
  signedInAs: "当前登录：{name}", language: "语言", loading: "加载中…", empty: "暂无记录。",
  login: "登录", username: "用户名", password: "密码", next: "下一步", back: "返回",
  totp: "验证码", totpHint: "身份验证器应用中的 6 位数字。", signIn: "登录",
  sessionEnded: "会话已结束，请重新登录。", required: "此项必填。",
  totpFormat: "验证码为 6 位数字。",
  enrol: "激活您的账户", enrolIntro: "邀请仅属于您：由您设置密码并绑定身份验证器，管理员看不到任何一项。",
  enrolStart: "打开邀请", enrolNoToken: "此链接不含邀请。请打开您收到的邮件中的链接。",
  secret: "密钥", secretHint: "将此密钥添加到身份验证器（或打开链接），然后输入应用显示的验证码。",
  newPassword: "新密码", confirmPassword: "再次输入密码", passwordsDiffer: "两次输入的密码不一致。",
  passwordRule: "至少 12 个字符。", activate: "激活", enrolled: "账户已激活，现在可以登录。",
  toLogin: "前往登录",
  finance: "财务", withdrawals: "提款队列", status: "状态", all: "全部", account: "账户", amount: "金额",
  currency: "币种", created: "创建时间", deadline: "确认期限", reason: "原因", actions: "操作",
  approve: "批准", pay: "付款", reject: "拒绝", refund: "退款", close: "关闭", refresh: "刷新",
  rejectReason: "拒绝原因", confirmReject: "提交拒绝", cancel: "取消", withdraw: "撤回", done: "已完成。",
  accountFilter: "账户 ID", filter: "筛选", bankAccount: "银行账户", noRole: "您无权打开此页面。",
  pending: "待处理", approved: "已批准", paid: "已付款", rejected: "已拒绝", received: "已到账",
  received_auto: "已到账（自动）", partly_received: "部分到账", not_received: "未到账", refunded: "已退款",
  closed: "已关闭", credited: "已入账", failed: "失败", home: "首页",
  welcome: "欢迎，{name}。", yourRoles: "您的角色：{roles}", yourBrands: "您的品牌：{brands}",
  makerPays: "批准提款的人不能为同一笔付款：付款须由第二人完成。",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

/** A text for a value the server names (a status), the value itself when there is none. */
export function named(language: Parameters<typeof t>[0], value: string): string {
  return Object.hasOwn(TR, value) ? t(language, value as Key) : value;
}

/** The shell's own texts (TR default, EN, CN). */
import type { Catalog } from "@portal/kit";
import { translator } from "@portal/kit/translate"; // not the package's index: the first paint (firstPopup.ts) draws with these texts, before React

type Key =
  | "loading" | "customerService" | "maintenanceUntil" | "regionTitle" | "yourIp" | "notAvailable" | "backHome"
  | "help" | "loadError" | "retry" | "language" | "home" | "promotions" | "login" | "register" | "logout"
  | "logoutConfirm" | "cancel" | "confirm" | "deposit" | "withdraw" | "balance" | "showBalance" | "hideBalance"
  | "username" | "password" | "captcha" | "refreshCaptcha" | "rememberMe" | "submit" | "mobile" | "smsCode"
  | "sendCode" | "resendIn" | "byUsername" | "bySms" | "noAccount" | "haveAccount" | "forgotPassword"
  | "byEmail" | "byMobile" | "email" | "requestSent" | "newPassword" | "setNewPassword" | "confirmPassword" | "oldPassword"
  | "changePassword" | "mustChangePassword" | "passwordsDiffer" | "required" | "adult" | "acceptTerms"
  | "mustBeAdult" | "mustAcceptTerms" | "verifyTitle" | "verifyMethod" | "answer" | "verify"
  | "announcements" | "notices" | "close" | "feedback" | "feedbackSent" | "feedbackPlaceholder" | "charactersLeft"
  | "menu" | "sideBar" | "downloadApp" | "ios" | "android" | "myIncome" | "agentOverview"
  | "hotPromotions" | "support" | "trialBlocked" | "register2" | "videos" | "banners" | "previous" | "next"
  | "notice" | "facebook" | "telegram" | "remoteFailed" | "freePlay" | "unreadMessages"
  | "agentLogin" | "agentLoginLead" | "memberLogin" | "pointMall" | "activity" | "vip"
  | "more" | "menuButton" | "allGames" | "lotteryHalls";

const TR: Record<Key, string> = {
  more: "Daha fazla", menuButton: "Menü", allGames: "Tüm oyunlar", lotteryHalls: "Loto salonları",
  agentLogin: "Temsilci girişi", agentLoginLead: "Temsilci merkezine temsilci hesabınızla giriş yapın.", memberLogin: "Üye girişi", pointMall: "Puan mağazası", activity: "Etkinlik merkezi", vip: "VIP",
  unreadMessages: "Mesajlar: {n} okunmamış",
  loading: "Yükleniyor…", customerService: "Müşteri hizmetleri", maintenanceUntil: "Tahmini bitiş",
  regionTitle: "Bölgenizde kullanılamıyor", yourIp: "IP adresiniz", notAvailable: "Bu bölüm henüz kullanılamıyor.",
  backHome: "Ana sayfaya dön", help: "Yardım", loadError: "Sayfa yüklenemedi. Ağ bağlantınızı kontrol edip yeniden deneyin.",
  retry: "Yeniden dene", language: "Dil", home: "Ana sayfa", promotions: "Promosyonlar", login: "Giriş yap",
  register: "Kayıt ol", logout: "Çıkış yap", logoutConfirm: "Çıkış yapmak istediğinize emin misiniz?", cancel: "Vazgeç",
  confirm: "Onayla", deposit: "Para yatır", withdraw: "Para çek", balance: "Bakiye", showBalance: "Bakiyeyi göster",
  hideBalance: "Bakiyeyi gizle", username: "Kullanıcı adı", password: "Şifre", captcha: "Doğrulama kodu",
  refreshCaptcha: "Yeni kod", rememberMe: "Kullanıcı adımı hatırla", submit: "Gönder", mobile: "Cep telefonu",
  smsCode: "SMS kodu", sendCode: "Kod gönder", resendIn: "{s} sn sonra tekrar", byUsername: "Kullanıcı adı",
  bySms: "SMS", noAccount: "Hesabınız yok mu? Kayıt olun", haveAccount: "Zaten üye misiniz? Giriş yapın",
  forgotPassword: "Şifremi unuttum", byEmail: "E-posta", byMobile: "Cep telefonu", email: "E-posta",
  requestSent: "İsteğiniz gönderildi. E-postanızdaki bağlantıyı takip edin.", newPassword: "Yeni şifre", setNewPassword: "Yeni şifrenizi belirleyin",
  confirmPassword: "Şifre tekrarı", oldPassword: "Mevcut şifre", changePassword: "Şifre değiştir",
  mustChangePassword: "Güvenliğiniz için devam etmeden önce şifrenizi değiştirin.", passwordsDiffer: "Şifreler eşleşmiyor.",
  required: "Bu alan zorunludur.", adult: "18 yaşından büyüğüm", acceptTerms: "Kullanım koşullarını kabul ediyorum",
  mustBeAdult: "18 yaşından büyük olmalısınız.", mustAcceptTerms: "Koşulları kabul etmelisiniz.",
  verifyTitle: "Yeni cihaz doğrulaması", verifyMethod: "Doğrulama yöntemi", answer: "Kod veya yanıt", verify: "Doğrula",
  announcements: "Duyurular", notices: "Sistem bildirimleri", close: "Kapat", feedback: "Geri bildirim",
  feedbackSent: "Teşekkürler, geri bildiriminiz alındı.", feedbackPlaceholder: "Görüşünüzü yazın (en fazla 140 karakter)",
  charactersLeft: "{n} karakter kaldı", menu: "Ana menü", sideBar: "Kenar çubuğu", downloadApp: "Uygulamayı indir",
  ios: "iOS", android: "Android", myIncome: "Gelirim", agentOverview: "Temsilci özeti", hotPromotions: "Popüler promosyonlar",
  support: "Destek", trialBlocked: "Bu işlem için gerçek bir hesapla giriş yapın veya kayıt olun.", register2: "Hemen kayıt ol",
  videos: "Videolar", banners: "Kampanyalar", previous: "Önceki", next: "Sonraki", notice: "Bildirim",
  facebook: "Facebook", telegram: "Telegram",
  remoteFailed: "Bu bölüm yüklenemedi. Sayfanın geri kalanı çalışmaya devam ediyor; lütfen daha sonra tekrar deneyin.",
  freePlay: "Ücretsiz dene",
};

const EN: Record<Key, string> = {
  more: "More", menuButton: "Menu", allGames: "All games", lotteryHalls: "Lottery halls",
  agentLogin: "Agent login", agentLoginLead: "Log in to the agent centre with your agent account.", memberLogin: "Member login", pointMall: "Points mall", activity: "Activity centre", vip: "VIP",
  unreadMessages: "Messages: {n} unread",
  loading: "Loading…", customerService: "Customer service", maintenanceUntil: "Expected end",
  regionTitle: "Not available in your region", yourIp: "Your IP address", notAvailable: "This section is not available yet.",
  backHome: "Back to home", help: "Help", loadError: "The page could not be loaded. Check your connection and try again.",
  retry: "Try again", language: "Language", home: "Home", promotions: "Promotions", login: "Log in", register: "Register",
  logout: "Log out", logoutConfirm: "Do you really want to log out?", cancel: "Cancel", confirm: "Confirm",
  deposit: "Deposit", withdraw: "Withdraw", balance: "Balance", showBalance: "Show balance", hideBalance: "Hide balance",
  username: "Username", password: "Password", captcha: "Verification code", refreshCaptcha: "New code",
  rememberMe: "Remember my username", submit: "Submit", mobile: "Mobile number", smsCode: "SMS code", sendCode: "Send code",
  resendIn: "Again in {s} s", byUsername: "Username", bySms: "SMS", noAccount: "No account yet? Register",
  haveAccount: "Already a member? Log in", forgotPassword: "Forgot password", byEmail: "E-mail", byMobile: "Mobile",
  email: "E-mail", requestSent: "Your request was sent. Follow the link in your e-mail.", newPassword: "New password", setNewPassword: "Set a new password",
  confirmPassword: "Confirm password", oldPassword: "Current password", changePassword: "Change password",
  mustChangePassword: "For your security, change your password before you continue.", passwordsDiffer: "The passwords differ.",
  required: "This field is required.", adult: "I am over 18", acceptTerms: "I accept the terms and conditions",
  mustBeAdult: "You must be over 18.", mustAcceptTerms: "You must accept the terms.", verifyTitle: "Verify this new device",
  verifyMethod: "Verification method", answer: "Code or answer", verify: "Verify", announcements: "Announcements",
  notices: "System notices", close: "Close", feedback: "Feedback", feedbackSent: "Thank you, we received your feedback.",
  feedbackPlaceholder: "Tell us what you think (up to 140 characters)", charactersLeft: "{n} characters left",
  menu: "Main menu", sideBar: "Side bar", downloadApp: "Download the app", ios: "iOS", android: "Android",
  myIncome: "My income", agentOverview: "Agent overview", hotPromotions: "Hot promotions", support: "Support",
  trialBlocked: "Please register or log in with a real account to do this.", register2: "Register now", videos: "Videos",
  banners: "Campaigns", previous: "Previous", next: "Next", notice: "Notice", facebook: "Facebook", telegram: "Telegram",
  remoteFailed: "This section could not be loaded. The rest of the page keeps working; please try again later.",
  freePlay: "Try for free",
};

const CN: Record<Key, string> = {
  more: "更多", menuButton: "菜单", allGames: "全部游戏", lotteryHalls: "彩票大厅",
  agentLogin: "代理登录", agentLoginLead: "请使用代理账户登录代理中心。", memberLogin: "会员登录", pointMall: "积分商城", activity: "活动中心", vip: "VIP 会员",
  unreadMessages: "消息：{n} 条未读",
  loading: "加载中…", customerService: "在线客服", maintenanceUntil: "预计结束时间", regionTitle: "您所在的地区无法访问",
  yourIp: "您的 IP 地址", notAvailable: "该栏目暂未开放。", backHome: "返回首页", help: "帮助",
  loadError: "页面加载失败，请检查网络后重试。", retry: "重试", language: "语言", home: "首页", promotions: "优惠活动",
  login: "登录", register: "注册", logout: "退出", logoutConfirm: "确定要退出登录吗？", cancel: "取消", confirm: "确定",
  deposit: "存款", withdraw: "取款", balance: "余额", showBalance: "显示余额", hideBalance: "隐藏余额", username: "用户名",
  password: "密码", captcha: "验证码", refreshCaptcha: "换一张", rememberMe: "记住用户名", submit: "提交", mobile: "手机号",
  smsCode: "短信验证码", sendCode: "发送验证码", resendIn: "{s} 秒后重发", byUsername: "用户名", bySms: "短信",
  noAccount: "还没有账户？立即注册", haveAccount: "已有账户？去登录", forgotPassword: "忘记密码", byEmail: "邮箱",
  byMobile: "手机", email: "邮箱", requestSent: "请求已发送，请查看邮件中的链接。", newPassword: "新密码", setNewPassword: "设置新密码",
  confirmPassword: "确认密码", oldPassword: "当前密码", changePassword: "修改密码",
  mustChangePassword: "为了您的安全，请先修改密码。", passwordsDiffer: "两次输入的密码不一致。", required: "此项为必填项。",
  adult: "我已年满 18 岁", acceptTerms: "我接受条款与条件", mustBeAdult: "您必须年满 18 岁。", mustAcceptTerms: "您必须接受条款。",
  verifyTitle: "新设备验证", verifyMethod: "验证方式", answer: "验证码或答案", verify: "验证", announcements: "公告",
  notices: "系统通知", close: "关闭", feedback: "意见反馈", feedbackSent: "谢谢，我们已收到您的反馈。",
  feedbackPlaceholder: "请写下您的意见（最多 140 字）", charactersLeft: "还可输入 {n} 字", menu: "主菜单", sideBar: "侧边栏",
  downloadApp: "下载应用", ios: "iOS", android: "Android", myIncome: "我的收入", agentOverview: "代理概览",
  hotPromotions: "热门优惠", support: "服务", trialBlocked: "请注册或使用真实账户登录后再操作。", register2: "立即注册",
  videos: "视频", banners: "活动", previous: "上一张", next: "下一张", notice: "通知", facebook: "Facebook",
  telegram: "Telegram",
  remoteFailed: "该栏目加载失败，页面其余部分仍可使用，请稍后重试。", freePlay: "免费试玩",
};

const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const text = translator(CATALOG);

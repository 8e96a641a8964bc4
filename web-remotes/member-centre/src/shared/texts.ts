/** The member centre's own texts (TR default, EN, CN). */
import type { Catalog, Language } from "@portal/kit";
import { translator } from "@portal/kit";

const TR = {
  title: "Üye merkezi", menu: "Üye merkezi menüsü", notAvailable: "Bu bölüm henüz kullanılamıyor.",
  securityCenter: "Hesabım", transferFund: "Cüzdanım", depositv2: "Para yatır", withdraw: "Para çek",
  transferUpline: "Üst hesaba transfer", personalHistoryCopy: "Bahis kayıtları", transactionHistory: "Hesap kayıtları",
  personalProfit: "Kişisel kâr/zarar", bonusDetails: "Bonus ayrıntıları", rewardCenter: "Ödül merkezi",
  referral: "Arkadaşını davet et", missionLeaderboard: "Görev etkinlikleri", messageV2: "Platform bilgileri",
  profile: "Profil", account: "Hesap", nickname: "Takma ad", mobile: "Cep telefonu", email: "E-posta",
  loginPassword: "Giriş şifresi", oldPassword: "Mevcut şifre", newPassword: "Yeni şifre", confirmPassword: "Şifre tekrarı",
  save: "Kaydet", saved: "Kaydedildi.", paymentPassword: "Ödeme şifresi", setPaymentPassword: "Ödeme şifresi belirle",
  changePaymentPassword: "Ödeme şifresini değiştir", oldPaymentPassword: "Mevcut ödeme şifresi",
  authenticator: "Doğrulayıcı uygulama", bindAuthenticator: "Doğrulayıcı bağla", authenticatorBound: "Doğrulayıcı bağlı.",
  scanSecret: "Bu anahtarı uygulamanıza ekleyin, ardından gösterdiği kodu girin:", code: "Kod", confirm: "Onayla",
  recentLogins: "Son girişler", time: "Zaman", ip: "IP adresi", result: "Sonuç", ok: "Başarılı", failed: "Başarısız",
  wallet: "Cüzdan", available: "Kullanılabilir", held: "Bekleyen", total: "Toplam", transferIn: "Oyun cüzdanına aktar",
  transferOut: "Ana cüzdana aktar", from: "Kaynak", to: "Hedef", amount: "Tutar", transfer: "Aktar",
  singleWallet: "Bu markada tek cüzdan kullanılır; aktarım gerekmez.", channel: "Kanal", bankTransfer: "Havale / EFT",
  sandbox: "Online ödeme (sandbox)", reference: "Havale referansı", limits: "Limit: {min} – {max}", payNow: "Ödemeye geç",
  submitDeposit: "Yatırım bildir", depositStatus: "Yatırımlar", status: "Durum", pending: "Bekliyor", credited: "Hesaba geçti",
  rejected: "Reddedildi", bankAccounts: "Banka hesapları", bankName: "Banka", holderName: "Hesap sahibi",
  accountNumber: "IBAN / hesap no", bind: "Bağla", request: "Çekim talebi", withdrawals: "Çekimler", approved: "Onaylandı",
  paid: "Ödendi", received: "Alındı", received_auto: "Alındı (otomatik)", partly_received: "Kısmen alındı",
  not_received: "Alınmadı", refunded: "İade edildi", closed: "Kapatıldı", confirmReceipt: "Ödemeyi onayla",
  fully: "Tamamı geldi", partly: "Bir kısmı geldi", notReceived: "Gelmedi", remainder: "Gelmeyen tutar",
  proofs: "Kanıt görselleri (png/jpg, en fazla 3, her biri 5 MB'tan küçük)", deadline: "Otomatik onay: {time}",
  send: "Gönder", upline: "Üst hesap", noUpline: "Bağlı olduğunuz bir temsilci yok.", type: "Tür", all: "Tümü",
  startDate: "Başlangıç", endDate: "Bitiş", search: "Ara", balanceAfter: "Sonraki bakiye", previous: "Önceki", next: "Sonraki", markAllRead: "Tümünü okundu say", deleteMessage: "Sil", noMessages: "Mesajınız yok.",
  empty: "Kayıt yok.", invalidAmount: "Geçerli bir tutar girin.", tooManyDecimals: "Tutar en fazla 2 ondalık basamak içerebilir (ör. 10,12).", holderNameInvalid: "Hesap sahibinin adını yalnızca harflerle yazın (işaret, rakam veya kod olmadan).", mainWallet: "Ana cüzdan", bonusWalletName: "Bonus cüzdanı", freeplayWallet: "Deneme cüzdanı", otherType: "Diğer", dateFormat: "Tarihi {pattern} biçiminde yazın.", withdrawalLimits: "Çekim limitleri", perRequest: "Talep başına: {min} – {max}", required: "Bu alan zorunludur.",
  passwordsDiffer: "Şifreler eşleşmiyor.", tooManyProofs: "En fazla 3 görsel.", proofType: "Yalnızca png veya jpg, 5 MB'tan küçük.",
  deposit: "yatırım", withdrawal: "çekim", bet: "bahis", win: "kazanç", rollback: "iade", adjustment: "düzeltme", bonus: "bonus", salary: "maaş", purchase: "mağaza alışverişi", downline: "alt hesaba transfer",
  failedStatus: "Başarısız", loading: "Yükleniyor…", bindMobile: "Cep telefonu bağla", sendCode: "Kod gönder", game: "Oyun", gameType: "Oyun türü", stake: "Bahis", validBet: "Geçerli bahis", payout: "Kazanç", profit: "Kâr/zarar", bets: "Bahis sayısı", RNG: "Slotlar", PVP: "Kart oyunları", LIVE: "Canlı casino", FISH: "Balık oyunları", SPORTS: "Spor", ESPORTS: "E-spor", COCKFIGHT: "Horoz dövüşü", LOTT: "Loto", ELOTT: "E-loto",
};
type Key = keyof typeof TR;

const EN: Record<Key, string> = {
  title: "Member centre", menu: "Member centre menu", notAvailable: "This section is not available yet.",
  securityCenter: "My account", transferFund: "My wallet", depositv2: "Deposit", withdraw: "Withdrawal",
  transferUpline: "Transfer to upline", personalHistoryCopy: "Betting record", transactionHistory: "Account record",
  personalProfit: "Personal loss", bonusDetails: "Bonus details", rewardCenter: "Reward centre", referral: "Invite friends",
  missionLeaderboard: "Mission activity", messageV2: "Platform information", profile: "Profile", account: "Account",
  nickname: "Nickname", mobile: "Mobile", email: "E-mail", loginPassword: "Login password", oldPassword: "Current password",
  newPassword: "New password", confirmPassword: "Confirm password", save: "Save", saved: "Saved.",
  paymentPassword: "Payment password", setPaymentPassword: "Set the payment password",
  changePaymentPassword: "Change the payment password", oldPaymentPassword: "Current payment password",
  authenticator: "Authenticator app", bindAuthenticator: "Bind an authenticator", authenticatorBound: "An authenticator is bound.",
  scanSecret: "Add this key to your app, then enter the code it shows:", code: "Code", confirm: "Confirm",
  recentLogins: "Recent logins", time: "Time", ip: "IP address", result: "Result", ok: "Succeeded", failed: "Failed",
  wallet: "Wallet", available: "Available", held: "Held", total: "Total", transferIn: "To a game wallet",
  transferOut: "To the main wallet", from: "From", to: "To", amount: "Amount", transfer: "Transfer",
  singleWallet: "This brand uses a single wallet; no transfer is needed.", channel: "Channel", bankTransfer: "Bank transfer",
  sandbox: "Online payment (sandbox)", reference: "Transfer reference", limits: "Limits: {min} – {max}", payNow: "Go to payment",
  submitDeposit: "Report the deposit", depositStatus: "Deposits", status: "Status", pending: "Pending", credited: "Credited",
  rejected: "Rejected", bankAccounts: "Bank accounts", bankName: "Bank", holderName: "Account holder",
  accountNumber: "IBAN / account number", bind: "Bind", request: "Request a withdrawal", withdrawals: "Withdrawals",
  approved: "Approved", paid: "Paid", received: "Received", received_auto: "Received (automatically)",
  partly_received: "Partly received", not_received: "Not received", refunded: "Refunded", closed: "Closed",
  confirmReceipt: "Confirm the payment", fully: "All arrived", partly: "Part arrived", notReceived: "Nothing arrived",
  remainder: "Amount not received", proofs: "Proof images (png/jpg, at most 3, each under 5 MB)",
  deadline: "Confirmed automatically at {time}", send: "Send", upline: "Upline", noUpline: "You have no upline agent.",
  type: "Type", all: "All", startDate: "From", endDate: "To", search: "Search", balanceAfter: "Balance after",
  previous: "Previous", next: "Next", markAllRead: "Mark all read", deleteMessage: "Delete", noMessages: "You have no messages.", empty: "No records.", invalidAmount: "Enter a valid amount.", tooManyDecimals: "An amount has at most 2 decimals (e.g. 10.12).", holderNameInvalid: "Write the account holder's name in letters only (no symbols, digits or code).", mainWallet: "Main wallet", bonusWalletName: "Bonus wallet", freeplayWallet: "Free-play wallet", otherType: "Other", dateFormat: "Write the date as {pattern}.", withdrawalLimits: "Withdrawal limits", perRequest: "Per request: {min} – {max}",
  required: "This field is required.", passwordsDiffer: "The passwords differ.", tooManyProofs: "At most 3 images.",
  proofType: "Only png or jpg under 5 MB.", deposit: "deposit", withdrawal: "withdrawal", bet: "bet", win: "win",
  rollback: "rollback", adjustment: "adjustment", bonus: "bonus", salary: "salary", purchase: "mall purchase", downline: "to downline", failedStatus: "Failed", loading: "Loading…",
  bindMobile: "Bind a mobile number", sendCode: "Send code", game: "Game", gameType: "Game type", stake: "Stake", validBet: "Valid bet", payout: "Win", profit: "Profit/loss", bets: "Bets", RNG: "Slots", PVP: "Card games", LIVE: "Live casino", FISH: "Fish games", SPORTS: "Sports", ESPORTS: "E-sports", COCKFIGHT: "Cockfight", LOTT: "Lottery", ELOTT: "E-lottery",
};

const CN: Record<Key, string> = {
  title: "会员中心", menu: "会员中心菜单", notAvailable: "该栏目暂未开放。", securityCenter: "我的账户", transferFund: "我的钱包",
  depositv2: "存款", withdraw: "取款", transferUpline: "转账给上级", personalHistoryCopy: "投注记录", transactionHistory: "账户记录",
  personalProfit: "个人盈亏", bonusDetails: "红利明细", rewardCenter: "奖励中心", referral: "邀请好友", missionLeaderboard: "任务活动",
  messageV2: "平台信息", profile: "个人资料", account: "账户", nickname: "昵称", mobile: "手机", email: "邮箱",
  loginPassword: "登录密码", oldPassword: "当前密码", newPassword: "新密码", confirmPassword: "确认密码", save: "保存", saved: "已保存。",
  paymentPassword: "支付密码", setPaymentPassword: "设置支付密码", changePaymentPassword: "修改支付密码",
  oldPaymentPassword: "当前支付密码", authenticator: "身份验证器", bindAuthenticator: "绑定身份验证器",
  authenticatorBound: "已绑定身份验证器。", scanSecret: "请将此密钥添加到应用中，然后输入显示的验证码：", code: "验证码",
  confirm: "确认", recentLogins: "最近登录", time: "时间", ip: "IP 地址", result: "结果", ok: "成功", failed: "失败",
  wallet: "钱包", available: "可用", held: "冻结", total: "合计", transferIn: "转入游戏钱包", transferOut: "转回主钱包",
  from: "转出", to: "转入", amount: "金额", transfer: "转账", singleWallet: "该品牌使用单一钱包，无需转账。", channel: "渠道",
  bankTransfer: "银行转账", sandbox: "在线支付（沙箱）", reference: "转账参考号", limits: "限额：{min} – {max}", payNow: "前往支付",
  submitDeposit: "提交存款", depositStatus: "存款记录", status: "状态", pending: "处理中", credited: "已到账", rejected: "已拒绝",
  bankAccounts: "银行账户", bankName: "银行", holderName: "开户人", accountNumber: "IBAN / 账号", bind: "绑定",
  request: "申请取款", withdrawals: "取款记录", approved: "已批准", paid: "已支付", received: "已收到",
  received_auto: "已收到（自动）", partly_received: "部分收到", not_received: "未收到", refunded: "已退回", closed: "已关闭",
  confirmReceipt: "确认收款", fully: "全部到账", partly: "部分到账", notReceived: "未到账", remainder: "未到账金额",
  proofs: "凭证图片（png/jpg，最多 3 张，每张小于 5MB）", deadline: "将于 {time} 自动确认", send: "提交", upline: "上级",
  noUpline: "您没有上级代理。", type: "类型", all: "全部", startDate: "开始", endDate: "结束", search: "查询",
  balanceAfter: "变动后余额", previous: "上一页", next: "下一页", markAllRead: "全部标为已读", deleteMessage: "删除", noMessages: "暂无消息。", empty: "暂无记录。", invalidAmount: "请输入有效金额。", tooManyDecimals: "金额最多保留两位小数（如 10.12）。", holderNameInvalid: "开户人姓名只能包含文字（不得含符号、数字或代码）。", mainWallet: "主钱包", bonusWalletName: "红利钱包", freeplayWallet: "试玩钱包", otherType: "其他", dateFormat: "请按 {pattern} 格式填写日期。", withdrawalLimits: "提款限额", perRequest: "单笔：{min} – {max}",
  required: "此项为必填项。", passwordsDiffer: "两次输入的密码不一致。", tooManyProofs: "最多 3 张图片。",
  proofType: "仅限小于 5MB 的 png 或 jpg。", deposit: "存款", withdrawal: "取款", bet: "投注", win: "派彩", rollback: "撤销",
  adjustment: "调整", bonus: "红利", salary: "工资", purchase: "商城购买", downline: "转给下级", failedStatus: "失败", loading: "加载中…", bindMobile: "绑定手机号", sendCode: "发送验证码", game: "游戏", gameType: "游戏类型", stake: "投注额", validBet: "有效投注", payout: "派彩", profit: "盈亏", bets: "注单数", RNG: "老虎机", PVP: "棋牌游戏", LIVE: "真人娱乐", FISH: "捕鱼游戏", SPORTS: "体育", ESPORTS: "电子竞技", COCKFIGHT: "斗鸡", LOTT: "彩票", ELOTT: "电子彩票",
};

export const CATALOG: Catalog<Key> = { TR, EN, CN };
export type TextKey = Key;
export const t = translator(CATALOG);

/** A text of this catalogue when ``key`` names one (a record type, a status the service sends), else ``fallback``'s. */
export function textOr(language: Language, key: string, fallback: TextKey): string {
  return key in CATALOG.EN ? t(language, key as TextKey) : t(language, fallback);
}

/** A wallet's name as the member reads it: "main" is the main wallet, a vendor's wallet its vendor's code. */
export function walletLabel(language: Language, wallet: string): string {
  if (wallet === "main") return t(language, "mainWallet");
  if (wallet === "bonus") return t(language, "bonusWalletName");
  if (wallet === "freeplay") return t(language, "freeplayWallet");
  return wallet.replace("vendor:", "");
}

const BANK_FIELDS: Record<string, TextKey> = {
  bank: "bankName", bankname: "bankName", holder: "holderName", holdername: "holderName", accountname: "holderName",
  name: "holderName", iban: "accountNumber", accountnumber: "accountNumber", account: "accountNumber",
};

/** The label of a line of the brand's receiving bank account (the keys ops gave it: "iban", "bankName", ...) in the
 * page's language; a key the page does not know is shown as ops wrote it. */
export function bankFieldLabel(language: Language, key: string): string {
  const known = BANK_FIELDS[key.replace(/[\s_-]/g, "").toLowerCase()];
  return known ? t(language, known) : key;
}

"""Texts of the auth service's error codes (TR, EN, CN), and the registration rule texts by patternId."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "login.password.incorrect": {
        "TR": "Hesap adı veya şifre hatalı.",
        "EN": "Wrong account or password.",
        "CN": "账号或密码错误。",
    },
    "login.not_agent": {
        "TR": "Temsilci olmayan hesaplar buradan giriş yapamaz.",
        "EN": "Only agents can log in here.",
        "CN": "非代理账号无法登录。",
    },
    "login.not_member": {
        "TR": "Üye olmayan hesaplar giriş yapamaz.",
        "EN": "Non-member accounts cannot log in.",
        "CN": "非会员账号无法登录。",
    },
    "login.type.unsupported": {
        "TR": "Bu giriş yöntemi kullanılamıyor.",
        "EN": "This way of logging in is not available.",
        "CN": "该登录方式不可用。",
    },
    "mobile.not_bound": {
        "TR": "Önce bir cep telefonu numarası bağlayın.",
        "EN": "Bind a mobile number first.",
        "CN": "请先绑定手机号码。",
    },
    "login.wait": {
        "TR": "Çok fazla deneme. {seconds} saniye sonra tekrar deneyin.",
        "EN": "Too many tries. Try again in {seconds} seconds.",
        "CN": "尝试次数过多，请在 {seconds} 秒后重试。",
    },
    "sms.country_unsupported": {
        "TR": "Bu ülkenin numaralarına SMS gönderemiyoruz.",
        "EN": "We cannot send SMS to numbers of this country.",
        "CN": "无法向该国家/地区的号码发送短信。",
    },
    "totp.bound": {
        "TR": "Bir doğrulayıcı uygulama zaten bağlı; önce onu bir koduyla kaldırın.",
        "EN": "An authenticator is already bound; remove it with one of its codes first.",
        "CN": "已绑定身份验证器，请先用其验证码解除绑定。",
    },
    "totp.not_bound": {
        "TR": "Bu hesapta bağlı bir doğrulayıcı uygulama yok.",
        "EN": "This account has no authenticator bound.",
        "CN": "该账号未绑定身份验证器。",
    },
    "totp.locked": {
        "TR": "Çok fazla yanlış kod. 15 dakika sonra tekrar deneyin.",
        "EN": "Too many wrong codes. Try again in 15 minutes.",
        "CN": "验证码错误次数过多，请15分钟后再试。",
    },
    "ops.login.failed": {
        "TR": "Kullanıcı adı, şifre veya doğrulama kodu yanlış.",
        "EN": "The username, password or authenticator code is wrong.",
        "CN": "用户名、密码或验证码错误。",
    },
    "ops.self_change": {
        "TR": "Kendi ops yetkilerinizi değiştiremezsiniz; başka bir yönetici değiştirmeli.",
        "EN": "You cannot change your own ops grant; another admin must.",
        "CN": "不能修改自己的运营权限，须由其他管理员操作。",
    },
    "ops.person_required": {
        "TR": "Bu işlem yalnızca kayıtlı ve etkin bir ops kişisiyle yapılabilir.",
        "EN": "Only an enrolled, active ops person can do this.",
        "CN": "只有已注册且处于启用状态的运营人员才能执行此操作。",
    },
    "ops.self_approval": {
        "TR": "Kendi isteğinizi onaylayamazsınız; başka bir yönetici onaylamalı.",
        "EN": "You cannot approve your own request; another admin must.",
        "CN": "不能审批自己提交的申请，须由其他管理员审批。",
    },
    "ops.related_approval": {
        "TR": "Sizi davet eden ya da davetinizi onaylayan kişinin isteğini onaylayamazsınız.",
        "EN": "You cannot approve a request of the person who invited you or approved your invitation.",
        "CN": "不能审批邀请您或批准您邀请的人员所提交的申请。",
    },
    "ops.request.decided": {
        "TR": "Bu istek zaten karara bağlandı.",
        "EN": "This request has been decided already.",
        "CN": "该申请已处理。",
    },
    "ops.request.not_found": {
        "TR": "İstek bulunamadı.",
        "EN": "Request not found.",
        "CN": "申请不存在。",
    },
    "ops.request.stale": {
        "TR": "İstek yapıldığından beri durum değişti; istek kapatıldı, yeniden isteyin.",
        "EN": "Things changed since the request was made; it is closed, ask again.",
        "CN": "申请提交后情况已变化，该申请已关闭，请重新提交。",
    },
    "ops.email.exists": {
        "TR": "Bu e-posta adresi başka bir ops kişisine ait.",
        "EN": "This e-mail address belongs to another ops person.",
        "CN": "该电子邮箱已属于另一名运营人员。",
    },
    "ops.invitation.invalid": {
        "TR": "Davet bağlantısı geçersiz, kullanılmış ya da süresi dolmuş.",
        "EN": "The invitation link is invalid, used or expired.",
        "CN": "邀请链接无效、已使用或已过期。",
    },
    "ops.address.denied": {
        "TR": "Bu adresten ops girişine izin verilmiyor.",
        "EN": "The ops login is not allowed from this address.",
        "CN": "不允许从此地址登录运营后台。",
    },
    "ops.range.exists": {
        "TR": "Bu adres aralığı zaten izinli.",
        "EN": "This address range is allowed already.",
        "CN": "该地址范围已被允许。",
    },
    "ops.range.not_found": {
        "TR": "Bu adres aralığı izinli değil.",
        "EN": "This address range is not allowed.",
        "CN": "该地址范围未被允许。",
    },
    "ops.range.last": {
        "TR": "Son adres aralığı kaldırılamaz; önce yenisini ekleyin.",
        "EN": "The last address range cannot be removed; add another first.",
        "CN": "不能删除最后一个地址范围，请先添加新的范围。",
    },
    "ops.range.locks_out": {
        "TR": "Bu değişiklik onaylayanın kendi adresini dışarıda bırakır.",
        "EN": "This change would shut out the address of the admin approving it.",
        "CN": "此更改会将审批人自己的地址排除在外。",
    },
    "account.locked": {
        "TR": "Çok fazla hatalı deneme nedeniyle hesabınız geçici olarak kilitlendi. Lütfen daha sonra deneyin.",
        "EN": "Your account is locked for a while after too many failed attempts. Please try again later.",
        "CN": "由于多次尝试失败，您的账号已被暂时锁定，请稍后再试。",
    },
    "account.disabled": {
        "TR": "Hesabınız devre dışı. Lütfen müşteri hizmetleriyle iletişime geçin.",
        "EN": "Your account is disabled. Please contact customer service.",
        "CN": "您的账号已被停用，请联系客服。",
    },
    "captcha.required": {
        "TR": "Lütfen doğrulama kodunu girin.",
        "EN": "Please enter the captcha.",
        "CN": "请输入验证码。",
    },
    "captcha.invalid": {
        "TR": "Doğrulama kodu hatalı veya süresi dolmuş.",
        "EN": "The captcha is wrong or has expired.",
        "CN": "验证码错误或已过期。",
    },
    "botcheck.failed": {
        "TR": "Lütfen önce doğrulamayı tamamlayın.",
        "EN": "Please complete the verification first.",
        "CN": "请先完成验证。",
    },
    "username.exists": {
        "TR": "Bu kullanıcı adı zaten alınmış.",
        "EN": "This username is already taken.",
        "CN": "该用户名已被使用。",
    },
    "register.disabled": {
        "TR": "Bu kayıt yöntemi kullanılamıyor.",
        "EN": "This way of registering is not available.",
        "CN": "该注册方式不可用。",
    },
    "register.field.required": {"TR": "{label} gerekli.", "EN": "{label} is required.", "CN": "请填写{label}。"},
    "register.field.invalid": {"TR": "{label}: {rule}", "EN": "{label}: {rule}", "CN": "{label}：{rule}"},
    "register.password.mismatch": {
        "TR": "Şifreler eşleşmiyor.",
        "EN": "The passwords do not match.",
        "CN": "两次输入的密码不一致。",
    },
    "register.age": {
        "TR": "Kayıt olmak için 18 yaşında veya daha büyük olmalısınız.",
        "EN": "You must be 18 or over to register.",
        "CN": "您必须年满 18 岁才能注册。",
    },
    "register.terms": {
        "TR": "Lütfen kullanım koşullarını kabul edin.",
        "EN": "Please accept the terms and conditions.",
        "CN": "请接受条款与条件。",
    },
    "affiliate.required": {
        "TR": "Lütfen davet kodunu girin.",
        "EN": "Please enter an invitation code.",
        "CN": "请输入邀请码。",
    },
    "invitation.code.error": {"TR": "Davet kodu hatalı.", "EN": "Invitation code error.", "CN": "邀请码错误。"},
    "password.old.incorrect": {
        "TR": "Mevcut şifre hatalı.",
        "EN": "The current password is wrong.",
        "CN": "当前密码错误。",
    },
    "password.same": {
        "TR": "Yeni şifre mevcut şifreden farklı olmalı.",
        "EN": "The new password must differ from the current one.",
        "CN": "新密码不能与当前密码相同。",
    },
    "payment_password.format": {
        "TR": "Ödeme şifresi {min}-{max} karakter olmalı ve boşlukla başlayıp bitmemelidir.",
        "EN": "The payment password must be {min}-{max} characters, without leading or trailing spaces.",
        "CN": "支付密码须为 {min}-{max} 个字符，且首尾不能有空格。",
    },
    "password.weak": {
        "TR": "Bu şifre çok zayıf, lütfen başka bir şifre seçin.",
        "EN": "This password is too weak, please choose another.",
        "CN": "密码过于简单，请更换。",
    },
    "freeplay.disabled": {
        "TR": "Ücretsiz oyun bu sitede kapalı.",
        "EN": "Free play is not available on this site.",
        "CN": "本站未开放试玩。",
    },
    "phone.invalid": {
        "TR": "Geçersiz veya eksik telefon numarası.",
        "EN": "Invalid or missing phone number.",
        "CN": "手机号码无效或缺失。",
    },
    "sms.countdown": {
        "TR": "Yeni kod için {seconds} saniye bekleyin.",
        "EN": "Please wait {seconds} seconds before asking for a new code.",
        "CN": "请等待 {seconds} 秒后再获取新验证码。",
    },
    "sms.quota": {
        "TR": "Bu numara için günlük kod sınırına ulaşıldı. Lütfen müşteri hizmetleriyle iletişime geçin.",
        "EN": "The daily code limit of this number is reached. Please contact customer service.",
        "CN": "该号码今日验证码次数已达上限，请联系客服。",
    },
    "sms.failed": {
        "TR": "SMS gönderilemedi, lütfen daha sonra tekrar deneyin.",
        "EN": "The SMS could not be sent, please try again later.",
        "CN": "短信发送失败，请稍后再试。",
    },
    "sms.code.invalid": {
        "TR": "Doğrulama kodu hatalı veya süresi dolmuş.",
        "EN": "The verification code is wrong or has expired.",
        "CN": "验证码错误或已过期。",
    },
    "mobile.exists": {
        "TR": "Bu telefon numarası zaten kayıtlı.",
        "EN": "This mobile number is already registered.",
        "CN": "该手机号已被注册。",
    },
    "account.email.not_found": {
        "TR": "Kullanıcı adı veya e-posta bulunamadı.",
        "EN": "The username or e-mail does not exist.",
        "CN": "用户名或邮箱不存在。",
    },
    "reset.token.invalid": {
        "TR": "Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş.",
        "EN": "The password reset link is invalid or has expired.",
        "CN": "重置密码链接无效或已过期。",
    },
    "login_verify_required": {
        "TR": "Yeni bir cihaz veya konumdan giriş: lütfen önce doğrulamayı tamamlayın.",
        "EN": "Login from a new place: please complete the verification first.",
        "CN": "检测到新的登录地点，请先完成验证。",
    },
    "verification.failed": {
        "TR": "Doğrulama başarısız, lütfen tekrar deneyin.",
        "EN": "The verification failed, please try again.",
        "CN": "验证失败，请重试。",
    },
    "mail.failed": {
        "TR": "E-posta gönderilemedi, lütfen daha sonra tekrar deneyin.",
        "EN": "The e-mail could not be sent, please try again later.",
        "CN": "邮件发送失败，请稍后再试。",
    },
    "region.blocked": {
        "TR": "Bulunduğunuz bölgeden veya IP adresinden ({ip}) hizmet verilemiyor.",
        "EN": "The service is not available from your region or IP address ({ip}).",
        "CN": "您所在的地区或 IP 地址（{ip}）无法使用本服务。",
    },
    "maintenance": {
        "TR": "Sistem bakımda, lütfen daha sonra tekrar deneyin.",
        "EN": "The system is under maintenance, please try again later.",
        "CN": "系统维护中，请稍后再试。",
    },
    "totp.invalid": {
        "TR": "Doğrulayıcı kodu hatalı.",
        "EN": "The authenticator code is wrong.",
        "CN": "验证器动态码错误。",
    },
}

# What each patternId accepts (spec §5), as a rule a person can follow.
PATTERN_RULES: dict[int, dict[str, str]] = {
    0: {"TR": "herhangi bir karakter", "EN": "any characters", "CN": "任意字符"},
    1: {
        "TR": "harfle başlar, yalnızca harf ve rakam",
        "EN": "starts with a letter, letters and digits only",
        "CN": "以字母开头，仅限字母和数字",
    },
    2: {"TR": "yalnızca harf ve Çince karakter", "EN": "letters and Chinese characters only", "CN": "仅限字母和中文"},
    3: {"TR": "geçerli bir e-posta adresi", "EN": "a valid e-mail address", "CN": "有效的电子邮箱"},
    4: {"TR": "yalnızca harf ve rakam", "EN": "letters and digits only", "CN": "仅限字母和数字"},
    5: {"TR": "harf ve rakamı birlikte içerir", "EN": "both letters and digits", "CN": "须同时包含字母和数字"},
    6: {"TR": "yalnızca rakam", "EN": "digits only", "CN": "仅限数字"},
    7: {
        "TR": "harf ve rakam, en az bir büyük harf",
        "EN": "letters and digits with at least one capital",
        "CN": "字母和数字，至少一个大写字母",
    },
    8: {"TR": "yalnızca İngilizce harf ve boşluk", "EN": "English letters and spaces only", "CN": "仅限英文字母和空格"},
    9: {"TR": "boşluk içermez", "EN": "no spaces", "CN": "不能包含空格"},
    10: {"TR": "yalnızca Çince karakter ve simge", "EN": "Chinese characters and symbols only", "CN": "仅限中文和符号"},
    11: {"TR": "yyyy-AA-gg biçiminde tarih", "EN": "a date as yyyy-MM-dd", "CN": "日期格式 yyyy-MM-dd"},
    12: {
        "TR": "en az iki harf, yalnızca harf ve boşluk",
        "EN": "at least two letters, letters and spaces only",
        "CN": "至少两个字母，仅限字母和空格",
    },
    13: {"TR": "AA-gg-yyyy biçiminde tarih", "EN": "a date as MM-dd-yyyy", "CN": "日期格式 MM-dd-yyyy"},
    14: {"TR": "harfler ve ardından rakamlar", "EN": "letters followed by digits", "CN": "字母后接数字"},
    15: {"TR": "yalnızca Korece", "EN": "Korean only", "CN": "仅限韩文"},
}

LENGTH_RANGE = {"TR": "{min}-{max} karakter", "EN": "{min}-{max} characters", "CN": "{min}-{max} 个字符"}
LENGTH_EXACT = {"TR": "{n} karakter", "EN": "{n} characters", "CN": "{n} 个字符"}

FIELD_LABELS: dict[str, tuple[str, str, str]] = {
    "username": ("Kullanıcı adı", "Username", "用户名"),
    "password": ("Şifre", "Password", "密码"),
    "confirmPassword": ("Şifre tekrarı", "Confirm password", "确认密码"),
    "payeeName": ("Alıcı adı", "Payee name", "收款人姓名"),
    "paymentPassword": ("Ödeme şifresi", "Payment password", "支付密码"),
    "qqNum": ("QQ numarası", "QQ number", "QQ 号"),
    "line": ("Line", "Line", "Line"),
    "whatsapp": ("WhatsApp", "WhatsApp", "WhatsApp"),
    "facebook": ("Facebook", "Facebook", "Facebook"),
    "wechat": ("WeChat", "WeChat", "微信"),
    "telegram": ("Telegram", "Telegram", "Telegram"),
    "zalo": ("Zalo", "Zalo", "Zalo"),
    "idNumber": ("Kimlik numarası", "ID number", "身份证号"),
    "email": ("E-posta", "E-mail", "电子邮箱"),
    "mobileNum": ("Cep telefonu", "Mobile number", "手机号"),
    "countryDialingCode": ("Ülke kodu", "Country code", "国家区号"),
    "verificationCode": ("Doğrulama kodu", "Verification code", "验证码"),
    "affiliateCode": ("Davet kodu", "Invitation code", "邀请码"),
    "recommenderId": ("Tavsiye eden", "Recommender", "推荐人"),
    "referralCode": ("Referans kodu", "Referral code", "推荐码"),
    "captcha": ("Doğrulama kodu", "Captcha", "图形验证码"),
    "birthday": ("Doğum tarihi", "Date of birth", "出生日期"),
    "nickname": ("Takma ad", "Nickname", "昵称"),
    "fullname": ("Ad soyad", "Full name", "姓名"),
}
LANGUAGE_INDEX = {"TR": 0, "EN": 1, "CN": 2}


def field_label(field: str, language: str) -> str:
    labels = FIELD_LABELS.get(field)
    return labels[LANGUAGE_INDEX.get(language, 0)] if labels else field


def rule_text(pattern_id: int, min_length: int, max_length: int, language: str) -> str:
    """The rule of a field in words: its pattern and its length, a single number when min equals max."""
    pattern = PATTERN_RULES[pattern_id].get(language) or PATTERN_RULES[pattern_id]["TR"]
    if min_length == max_length:
        length = (LENGTH_EXACT.get(language) or LENGTH_EXACT["TR"]).format(n=min_length)
    else:
        length = (LENGTH_RANGE.get(language) or LENGTH_RANGE["TR"]).format(min=min_length, max=max_length)
    return f"{length}, {pattern}"

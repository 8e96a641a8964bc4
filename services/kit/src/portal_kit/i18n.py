"""Request languages and translated messages for error envelopes."""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter

SUPPORTED_LANGUAGES: tuple[str, ...] = ("TR", "EN", "CN")
DEFAULT_LANGUAGE = "TR"

Catalogue = Mapping[str, Mapping[str, str]]

KIT_MESSAGES: dict[str, dict[str, str]] = {
    "validation.failed": {
        "TR": "Geçersiz alan: {field}. {reason}",
        "EN": "Invalid field: {field}. {reason}",
        "CN": "字段无效：{field}。{reason}",
    },
    "internal_error": {
        "TR": "Sistem hatası, lütfen daha sonra tekrar deneyin.",
        "EN": "System error, please try again later.",
        "CN": "系统错误，请稍后再试。",
    },
    "not_found": {"TR": "Bulunamadı.", "EN": "Not found.", "CN": "未找到。"},
    "date.invalid": {
        "TR": "Geçersiz tarih: {value} (yyyy-AA-gg).",
        "EN": "Invalid date: {value} (yyyy-MM-dd).",
        "CN": "日期无效：{value}（yyyy-MM-dd）。",
    },
    "date_range.invalid": {
        "TR": "Bitiş tarihi başlangıçtan önce olamaz ve aralık bir yılı aşamaz.",
        "EN": "The end date cannot come before the start, and the range cannot exceed a year.",
        "CN": "结束日期不能早于开始日期，且范围不能超过一年。",
    },
    "method_not_allowed": {
        "TR": "Bu yöntem desteklenmiyor.",
        "EN": "Method not allowed.",
        "CN": "不支持该请求方法。",
    },
    "request.too_large": {
        "TR": "İstek çok büyük.",
        "EN": "The request is too large.",
        "CN": "请求过大。",
    },
    "language.unsupported": {
        "TR": "Desteklenmeyen dil: {language}.",
        "EN": "Unsupported language: {language}.",
        "CN": "不支持的语言：{language}。",
    },
    "merchant.invalid": {
        "TR": "Geçersiz üye işyeri kodu.",
        "EN": "Invalid merchant code.",
        "CN": "商户代码无效。",
    },
    "merchant.not_found": {
        "TR": "Bilinmeyen marka: {merchant}.",
        "EN": "Unknown brand: {merchant}.",
        "CN": "未知品牌：{merchant}。",
    },
    "login.not.session": {
        "TR": "Lütfen önce giriş yapın.",
        "EN": "Please log in first.",
        "CN": "请先登录。",
    },
    "user.or.token.invalid": {
        "TR": "Oturumunuz geçersiz veya süresi dolmuş, lütfen tekrar giriş yapın.",
        "EN": "Your session is invalid or has expired, please log in again.",
        "CN": "会话无效或已过期，请重新登录。",
    },
    "ops.role_required": {
        "TR": "Bu işlem için ops rolünüz yetmiyor.",
        "EN": "Your ops role does not allow this.",
        "CN": "您的运营角色无权执行此操作。",
    },
    "access.denied": {
        "TR": "Bu işlem için yetkiniz yok.",
        "EN": "You are not allowed to do this.",
        "CN": "您无权执行此操作。",
    },
    "in_need_true_account": {
        "TR": "Bu işlem için gerçek bir hesapla giriş yapın veya kayıt olun.",
        "EN": "Please register or log in with a real account to do this.",
        "CN": "请注册或使用真实账户登录后再操作。",
    },
    "TOO_MANY_REQUESTS": {
        "TR": "Çok fazla istek, lütfen biraz bekleyin.",
        "EN": "Too many requests, please wait a moment.",
        "CN": "请求过于频繁，请稍候。",
    },
    "payload.invalid": {
        "TR": "İstek çözülemedi, lütfen sayfayı yenileyip tekrar deneyin.",
        "EN": "The request could not be read, please refresh the page and try again.",
        "CN": "无法解析请求，请刷新页面后重试。",
    },
    "payload.stale": {
        "TR": "İstek zaman aşımına uğradı; cihazınızın saatini kontrol edip tekrar deneyin.",
        "EN": "The request has expired; check your device's clock and try again.",
        "CN": "请求已过期，请检查设备时间后重试。",
    },
    "payload.replayed": {
        "TR": "Bu istek zaten gönderildi.",
        "EN": "This request was already sent.",
        "CN": "该请求已提交过。",
    },
    "password.change.required": {
        "TR": "Devam etmeden önce şifrenizi değiştirmeniz gerekiyor.",
        "EN": "You need to change your password before you continue.",
        "CN": "继续操作前请先修改密码。",
    },
    "service_unavailable": {
        "TR": "Bu hizmet henüz kullanılamıyor.",
        "EN": "This service is not available yet.",
        "CN": "该服务暂不可用。",
    },
    # Codes more than one service answers (the wallet's refusals passed on by its callers among them): here once.
    "account.not_found": {"TR": "Hesap bulunamadı.", "EN": "Account not found.", "CN": "账号不存在。"},
    "amount.invalid": {
        "TR": "Tutar, kuruş cinsinden pozitif bir tam sayı olmalıdır.",
        "EN": "The amount must be a positive whole number of minor units.",
        "CN": "金额必须是以最小货币单位表示的正整数。",
    },
    "currency.unknown": {"TR": "Bilinmeyen para birimi.", "EN": "Unknown currency.", "CN": "未知币种。"},
    "transaction.rolled_back": {
        "TR": "Bu işlem geri alındı.",
        "EN": "This transaction was rolled back.",
        "CN": "该交易已被撤销。",
    },
    "wallet.insufficient_funds": {"TR": "Yetersiz bakiye.", "EN": "Insufficient balance.", "CN": "余额不足。"},
    "payment_password.invalid": {
        "TR": "Ödeme şifresi yanlış.",
        "EN": "Wrong payment password.",
        "CN": "支付密码错误。",
    },
    "payment_password.locked": {
        "TR": "Çok fazla hatalı ödeme şifresi; lütfen daha sonra tekrar deneyin.",
        "EN": "Too many wrong payment passwords; please try again later.",
        "CN": "支付密码错误次数过多，请稍后再试。",
    },
    "payment_password.not_set": {
        "TR": "Önce bir ödeme şifresi belirleyin.",
        "EN": "Set a payment password first.",
        "CN": "请先设置支付密码。",
    },
    "security.cooling_off": {
        "TR": "Hesabınızın güvenlik bilgileri yakın zamanda değişti; güvenliğiniz için para çekme 24 saat kapalı.",
        "EN": "Your account's security details changed recently; for your safety, withdrawals are paused for 24 hours.",
        "CN": "您的账户安全信息近期已更改，为了您的安全，24小时内暂停提款。",
    },
    "request.invalid": {"TR": "Geçersiz istek.", "EN": "Invalid request.", "CN": "请求无效。"},
    "stake.out_of_limits": {
        "TR": "Bahis {min} ile {max} (kuruş) arasında olmalıdır.",
        "EN": "The stake must be between {min} and {max} minor units.",
        "CN": "投注额必须在 {min} 到 {max}（最小货币单位）之间。",
    },
    "idempotency.mismatch": {
        "TR": "Bu istek numarası farklı bir istek için kullanıldı.",
        "EN": "This request id was already used for a different request.",
        "CN": "该请求编号已用于其他请求。",
    },
    "reason.required": {"TR": "Bir gerekçe yazın.", "EN": "Give a reason.", "CN": "请填写原因。"},
    "ops.same_person": {
        "TR": "İkinci adımı başka bir ops kişisi atmalı.",
        "EN": "Another ops person must take the second step.",
        "CN": "第二步须由另一位运营人员完成。",
    },
    "trial.real_money": {
        "TR": "Deneme hesabı gerçek parayla işlem yapamaz.",
        "EN": "A trial account cannot use real money.",
        "CN": "试玩账户不能使用真实资金。",
    },
    "wallet.refused": {
        "TR": "Cüzdan işlemi reddetti.",
        "EN": "The wallet refused the bet.",
        "CN": "钱包拒绝了该投注。",
    },
}


class Translator:
    """Looks messages up in the kit's catalogue and the service's own, in that order of precedence reversed."""

    def __init__(self, *catalogues: Catalogue) -> None:
        merged: dict[str, Mapping[str, str]] = dict(KIT_MESSAGES)
        for catalogue in catalogues:
            merged.update(catalogue)
        self._messages = merged

    def knows(self, code: str) -> bool:
        return code in self._messages

    def __call__(self, code: str, language: str, /, **params: object) -> str:
        texts = self._messages.get(code)
        if texts is None:
            return code
        template = texts.get(language) or texts.get(DEFAULT_LANGUAGE) or next(iter(texts.values()))
        names = {name for _, name, _, _ in Formatter().parse(template) if name}
        values = {name: params.get(name, "") for name in names}
        return template.format(**values).strip()


def resolve_language(header_value: str | None) -> str | None:
    """The request language: TR when absent, the code when supported, ``None`` when unsupported."""
    if header_value is None or not header_value.strip():
        return DEFAULT_LANGUAGE
    code = header_value.strip().upper()
    return code if code in SUPPORTED_LANGUAGES else None

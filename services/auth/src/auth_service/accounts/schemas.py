"""Payloads of the account calls. Every text is trimmed; unknown extra fields of the web client
(``login``, ``registerUrl``, ``domain``, ``registerMethod``, ...) are ignored."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StringConstraints

Text = Annotated[str, StringConstraints(strip_whitespace=True, max_length=255)]


class Trimmed(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)


class RegisterBody(Trimmed):
    username: Text = ""
    password: str = Field(default="", max_length=255)
    confirmPassword: str = Field(default="", max_length=255)
    payeeName: Text = ""
    paymentPassword: str = Field(default="", max_length=255)
    qqNum: Text = ""
    line: Text = ""
    whatsapp: Text = ""
    facebook: Text = ""
    wechat: Text = ""
    telegram: Text = ""
    zalo: Text = ""
    idNumber: Text = ""
    email: Text = ""
    mobileNum: Text = ""
    countryDialingCode: Text = ""
    verificationCode: Text = ""
    affiliateCode: Text = ""
    recommenderId: Text = ""
    referralCode: Text = ""
    captcha: Text = ""
    captchaId: Text = ""
    birthday: Text = ""
    nickname: Text = ""
    fullname: Text = ""
    acceptTerms: bool = False
    adult: bool = False  # the age checkbox, for brands that do not ask for a birthday
    botCheckId: Text = ""
    botCheckNonce: Text = ""


class DownlineRegistration(RegisterBody):
    """(E) An agent registers an account under itself: a member or an agent (which gets an affiliate code of its
    own), by the brand's registration rules; no captcha, no affiliate code, no session is opened."""

    accountType: Literal["MEMBER", "AGENT"] = "MEMBER"


class SmsRequest(Trimmed):
    mobileNum: Text = ""
    mobileNo: Text = ""  # the registration SMS names it so (spec §3)
    countryDialingCode: Text = "90"
    botCheckId: Text = ""
    botCheckNonce: Text = ""

    @property
    def mobile(self) -> str:
        return self.mobileNum or self.mobileNo


class MobileBinding(Trimmed):
    mobileNum: Text = Field(min_length=1)
    countryDialingCode: Text = "90"
    verificationCode: Text = Field(min_length=1)
    password: str = Field(min_length=1, max_length=255)  # the login password: a session alone does not suffice


class MobileReset(Trimmed):
    mobileNum: Text = Field(min_length=1)
    countryDialingCode: Text = "90"
    verificationCode: Text = Field(min_length=1)
    newPassword: str = Field(min_length=1, max_length=255)
    confirmNewPassword: str | None = Field(default=None, max_length=255)


class TokenReset(Trimmed):
    token: str = Field(min_length=20, max_length=100)
    newPassword: str = Field(min_length=1, max_length=255)
    confirmNewPassword: str = Field(max_length=255)


class EmailReset(Trimmed):
    username: Text = Field(min_length=1)
    email: Text = Field(min_length=3)


class PasswordChange(Trimmed):
    oldPassword: str = Field(max_length=255)
    newPassword: str = Field(min_length=1, max_length=255)
    confirmNewPassword: str = Field(max_length=255)
    verificationCode: str = Field(default="", max_length=12)  # the SMS code, when the brand sets CHNGPASSVERIF3


class PaymentPasswordChange(BaseModel):
    """(E) Not trimmed: a payment password is taken exactly as typed."""

    model_config = ConfigDict(extra="ignore")
    oldPaymentPassword: str = Field(default="", max_length=255)
    newPaymentPassword: str = Field(max_length=255)
    confirmPaymentPassword: str = Field(max_length=255)
    loginPassword: str = Field(default="", max_length=255)  # to set the first one: a session alone does not suffice


class AccountStatusChange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["active", "disabled"]


class AccountLock(BaseModel):
    """Ops lock an account for ``hours`` (risk and support), and say why."""

    model_config = ConfigDict(extra="forbid")

    hours: Annotated[int, Field(strict=True, ge=1, le=720)]
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class NewAgent(Trimmed):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    username: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9]{3,31}$")
    password: str = Field(min_length=8, max_length=64)
    accountType: StrictInt = Field(default=1)
    affiliateCode: str = Field(pattern=r"^[A-Za-z0-9]{4,16}$")
    nickname: str = Field(default="", max_length=64)
    uplineId: str | None = None


class TotpCode(Trimmed):
    code: str = Field(pattern=r"^[0-9]{6}$")


class TotpBinding(TotpCode):
    password: str = Field(min_length=1, max_length=255)  # the login password: a session alone does not suffice


class IconChoice(Trimmed):
    icon: StrictInt


# Answers ---------------------------------------------------------------------------------------------------


class Read(BaseModel):
    """An answer's model, built by the service."""


class SessionRead(Read):
    """A new session: the token for ``Authorization``, whether this is the first login, whether the password
    must be changed now, and the account type."""

    token: str
    firstTimeLogin: bool
    passwordExpired: bool
    captcha: bool
    type: int


class VerifyTicketRead(Read):
    """The value of ``login_verify_required`` (403): a login from a new address completes with one of
    ``methods`` and the ticket."""

    ticket: str
    methods: list[str]
    firstTimeLogin: bool
    passwordExpired: bool


class CaptchaFlagRead(Read):
    """The value of a refused login: whether the captcha must be shown now."""

    captcha: bool


class LoginWaitRead(CaptchaFlagRead):
    """The value of ``login.wait``: how long until this address may try the name again."""

    waitSeconds: int


class CodeSentRead(Read):
    expiredMinutes: int


class MemberRead(Read):
    id: str
    account: str
    nickname: str | None
    type: int
    fullname: str | None
    email: str | None
    mobileNum: str | None
    countryDialingCode: str | None
    uplineId: str | None
    affiliateCode: str | None
    hasPaymentPassword: bool
    totpBound: bool
    icon: int
    lastLoginAt: str | None
    lastLoginIp: str | None
    createdAt: str


class IconRead(Read):
    icon: int


class MobileRead(Read):
    mobileNum: str
    countryDialingCode: str


class PaymentPasswordRead(Read):
    hasPaymentPassword: bool


class TotpSecretRead(Read):
    secret: str
    uri: str


class TotpStateRead(Read):
    totpBound: bool


class LoginRecordRead(Read):
    at: str
    ip: str | None
    success: bool


class AffiliateRead(Read):
    """Whether an affiliate code is an active agent's; open to visitors, so it names nobody."""

    valid: bool


class DownlineRead(Read):
    """The account an agent registered under itself."""

    accountId: str
    username: str
    accountType: int
    affiliateCode: str | None


class ResetSentRead(Read):
    sent: bool

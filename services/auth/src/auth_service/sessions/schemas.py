from __future__ import annotations

from typing import Literal

from pydantic import Field

from auth_service.accounts.schemas import Read, Text, Trimmed


class LoginBody(Trimmed):
    username: Text = Field(min_length=1)
    password: str = Field(min_length=1, max_length=255)
    type: Literal["username", "sms"] = "username"
    countryDialingCode: Text = "90"  # SMS login: username is the mobile number, password the code
    captcha: Text = ""
    captchaId: Text = ""
    botCheckId: Text = ""
    botCheckNonce: Text = ""


class VerificationSend(Trimmed):
    ticket: Text = Field(min_length=10)
    method: Literal["sms", "email"]


class VerificationAnswer(Trimmed):
    ticket: Text = Field(min_length=10)
    method: Literal["sms", "totp", "email", "payeeName"]
    answer: Text = Field(min_length=1)


class RsaKeyRead(Read):
    keyId: str
    publicKey: str


class CaptchaRead(Read):
    captchaId: str
    image: str


class BotCheckRead(Read):
    challengeId: str
    prefix: str
    difficulty: int
    algorithm: str

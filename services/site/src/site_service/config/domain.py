"""Pure rules of a brand's configuration: whitelabel flags, registration field patterns, system status."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping

# Whitelabel flags: the spec's list, then the switches spec §2 and §4 imply.
WHITELABEL_FLAGS: dict[str, str] = {
    "USERNAMEREG3": "registration by username",
    "MOBILENUMREG3": "registration by mobile number",
    "REGMOBVERF3": "registration requires an SMS code",
    "MOBILENUMPASSREG3": "mobile registration sets a password",
    "MOBILEVERCODELOGIN3": "login by mobile number and SMS code",
    "FREEPLAY3": "free play (trial accounts)",
    "PWDEXPFORCECHANGE3": "expired passwords must be changed at login",
    "DIRECTREG3": "direct registration without an affiliate code",
    "CHNGPASSVERIF3": "password change asks for verification",
    "AGENTPOLICY3": "agent policy (contracts, consolidated info)",
    "USERNAMELOGIN3": "login by username and password",
    "REGCAPTCHA3": "registration asks for a captcha",
    "BOTCHECK3": "bot check before register, SMS and password login",
    "NEWIPVERIFY3": "second factor on login from a new IP",
    "MEMBERCENTER3": "member centre opens as a modal",
    "AGENTCENTER3": "agent centre opens as a modal",
    "CHATROOM3": "chat room",
}

RESOURCE_TYPES = (
    "MOBILECONFIG",
    "Android",
    "FACEBOOK",
    "YOUTUBE",
    "WHATSAPP",
    "TIKTOK",
    "INSTAGRAM",
    "TWITTER",
    "TELEGRAM",
)

# Every field of the registration user (spec §3), in the order the form shows them.
REGISTRATION_FIELDS = (
    "username", "password", "confirmPassword", "payeeName", "paymentPassword", "qqNum", "line", "whatsapp",
    "facebook", "wechat", "telegram", "zalo", "idNumber", "email", "mobileNum", "countryDialingCode",
    "verificationCode", "affiliateCode", "recommenderId", "referralCode", "captcha", "birthday", "nickname",
    "fullname",
)  # fmt: skip

# Pattern ids of spec §5 as regular expressions valid in both Python and JavaScript.
PATTERNS: dict[int, str] = {
    0: r"^[\s\S]*$",
    1: r"^[A-Za-z][A-Za-z0-9]*$",
    2: r"^[A-Za-z\u4e00-\u9fa5]+$",
    3: r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$",
    4: r"^[A-Za-z0-9]+$",
    5: r"^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$",
    6: r"^[0-9]+$",
    7: r"^(?=.*[A-Z])(?=.*[0-9])[A-Za-z0-9]+$",
    8: r"^[A-Za-z ]+$",
    9: r"^\S+$",
    10: r"^[\u4e00-\u9fa5\u3000-\u303f\uff01-\uff5e!-/:-@\[-`{-~]+$",
    11: r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$",
    12: r"^(?=(?:[^A-Za-z]*[A-Za-z]){2})[A-Za-z ]+$",
    13: r"^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$",
    14: r"^[A-Za-z]+[0-9]+$",
    15: r"^[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]+$",
}

_COMPILED = {pattern_id: re.compile(pattern) for pattern_id, pattern in PATTERNS.items()}


def matches_pattern(pattern_id: int, value: str) -> bool:
    return _COMPILED[pattern_id].fullmatch(value) is not None


def unknown_flags(flags: Mapping[str, bool]) -> list[str]:
    return sorted(set(flags) - set(WHITELABEL_FLAGS))


def valid_network(network: str) -> bool:
    try:
        ipaddress.ip_network(network, strict=False)
    except ValueError:
        return False
    return True


def localized(texts: Mapping[str, str] | None, language: str, fallback: str = "TR") -> str:
    """The text in ``language``, else in the brand's fallback language, else any text there is."""
    if not texts:
        return ""
    return texts.get(language) or texts.get(fallback) or next(iter(texts.values()), "")

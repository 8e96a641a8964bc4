"""One-time SMS codes: sent through the SMS provider, kept in Redis, checked at most a few times.

A code is valid ``AUTH_SMS_CODE_MINUTES`` (answered as ``expiredMinutes``); a new one for the same number
and purpose is refused during the countdown of 60 s × expiredMinutes (``sms.countdown``, with the seconds
left); a number gets at most ``AUTH_SMS_PER_NUMBER_PER_DAY`` codes a day, an address ``AUTH_SMS_PER_IP_PER_HOUR``
an hour and a brand ``AUTH_SMS_PER_BRAND_PER_HOUR`` an hour; SMS go only to the country dialing codes the brand
lists (``sms.country_unsupported``), so nobody pumps SMS to premium numbers abroad at its cost. Five wrong tries
spend a code.

Purposes: ``noLogin`` (login by code and forgot password by mobile), ``register`` (mobile registration),
``verify`` (the second factor of a login from a new address).
"""

from __future__ import annotations

import re
import secrets

from auth_service.context import AuthContext, Caller
from auth_service.key_names import hidden
from portal_kit.compare import same_secret
from portal_kit.errors import DomainError, TooManyRequests
from portal_kit.throttle import count, throttle
from portal_kit.valkey_link import as_int, as_str

MOBILE = re.compile(r"^[0-9]{6,15}$")
DIALING_CODE = re.compile(r"^[0-9]{1,4}$")
MAX_TRIES = 5


def phone_number(country_dialing_code: str, mobile: str) -> str:
    code, number = country_dialing_code.strip().lstrip("+"), mobile.strip()
    if not DIALING_CODE.fullmatch(code) or not MOBILE.fullmatch(number):
        raise DomainError("phone.invalid")
    return f"+{code}{number}"


def code_key(ctx: AuthContext, merchant: str, purpose: str, phone: str) -> str:
    """The code's key (its countdown and tries beside it): the number (or e-mail target) only as a keyed hash."""
    return f"auth:sms:{merchant}:{purpose}:{hidden(ctx.settings.secret_key, phone)}"


async def admit_send(ctx: AuthContext, caller: Caller, purpose: str, phone: str, *, by_sms: bool = True) -> None:
    """The limits every code request passes, whether or not a code is then sent: the countdown per number (its
    claim is atomic, so parallel requests send one code), the quotas per address and per number. Applied alike
    to numbers without an account, so the answers and limits tell nobody which numbers are members."""
    key = code_key(ctx, caller.merchant, purpose, phone)
    if by_sms:
        brand = await ctx.site.brand(caller.merchant)
        if not any(phone.startswith(f"+{code}") for code in brand.sms_dialing_codes):
            raise DomainError("sms.country_unsupported")
    countdown = as_int(await ctx.valkey.ttl(f"{key}:wait"))
    if countdown > 0:
        raise DomainError("sms.countdown", status=429, value={"waitSeconds": countdown}, seconds=countdown)
    secret = ctx.settings.secret_key
    await throttle(ctx.valkey, f"auth:sms-ip:{hidden(secret, str(caller.ip))}", ctx.settings.sms_per_ip_per_hour, 3600)
    day = f"auth:sms-day:{caller.merchant}:{hidden(secret, phone)}"
    if await count(ctx.valkey, day, 86400) > ctx.settings.sms_per_number_per_day:
        raise TooManyRequests("sms.quota")
    wait = 60 * ctx.settings.sms_code_minutes
    if not await ctx.valkey.set(f"{key}:wait", "1", ex=wait, nx=True):
        raise DomainError("sms.countdown", status=429, value={"waitSeconds": wait}, seconds=wait)
    if await count(ctx.valkey, f"auth:sms-brand:{caller.merchant}", 3600) > ctx.settings.sms_per_brand_per_hour:
        raise TooManyRequests("sms.quota")


async def send_code(ctx: AuthContext, caller: Caller, purpose: str, phone: str, *, mail_to: str | None = None) -> int:
    """Send a code to ``phone`` by SMS, or to ``mail_to`` by e-mail (``phone`` then names the target); answers the
    minutes it is valid (``expiredMinutes``)."""
    minutes = ctx.settings.sms_code_minutes
    key = code_key(ctx, caller.merchant, purpose, phone)
    await admit_send(ctx, caller, purpose, phone, by_sms=mail_to is None)
    code = f"{secrets.randbelow(1_000_000):06d}"
    async with ctx.valkey.pipeline(transaction=True) as pipe:
        pipe.set(key, code, ex=minutes * 60)
        pipe.delete(f"{key}:tries")
        await pipe.execute()
    text = {
        "TR": f"Doğrulama kodunuz: {code}. {minutes} dakika geçerlidir. Kimseyle paylaşmayın.",
        "EN": f"Your verification code is {code}. It is valid for {minutes} minutes. Do not share it.",
        "CN": f"您的验证码是 {code}，{minutes} 分钟内有效，请勿泄露。",
    }[caller.language]
    try:
        if mail_to is not None:
            await ctx.mailer.send(
                mail_to, {"TR": "Doğrulama kodu", "EN": "Verification code", "CN": "验证码"}[caller.language], text
            )
        else:
            await ctx.sms.send(phone, text)
    except Exception:  # noqa: BLE001 - whatever the provider raised, the code is withdrawn and the caller told
        await ctx.valkey.delete(key, f"{key}:wait")
        raise DomainError("sms.failed", status=502) from None
    return minutes


async def check_code(ctx: AuthContext, merchant: str, purpose: str, phone: str, code: str) -> bool:
    """True once for the right code (which is then spent). Every try is counted before the comparison, so
    parallel guesses cannot overshoot: the ``MAX_TRIES``-th try is the last one compared, and then the code is
    gone."""
    key = code_key(ctx, merchant, purpose, phone)
    tries = await count(ctx.valkey, f"{key}:tries", ctx.settings.sms_code_minutes * 60)
    if tries > MAX_TRIES:
        await ctx.valkey.delete(key)
        return False
    expected = as_str(await ctx.valkey.get(key))
    if expected is None:
        return False
    if same_secret(expected, code.strip()):
        # Only the caller that deletes it used it: two at once, one wins.
        if not as_int(await ctx.valkey.delete(key)):
            return False
        await ctx.valkey.delete(f"{key}:tries")
        return True
    if tries == MAX_TRIES:
        await ctx.valkey.delete(key)
    return False

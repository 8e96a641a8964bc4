"""Binding a mobile number to a signed-in account: a code by SMS to the new number, then the number with the
code and the login password (a stolen session alone cannot move the account's SMS codes to its own phone). The
code is tied to the account (its purpose names it), so nobody else can spend it; a number another account holds
is refused (``mobile.exists``). Binding starts the cooling-off before money may leave."""

from __future__ import annotations

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError

from auth_service.accounts import current_password
from auth_service.accounts.lookup import account_by_phone
from auth_service.accounts.models import ACCOUNTS
from auth_service.accounts.schemas import CodeSentRead, MobileRead
from auth_service.codes import check_code, phone_number, send_code
from auth_service.context import AuthContext, Caller
from portal_kit.errors import Conflict, DomainError, NotFound
from portal_kit.sessions import Principal


def _purpose(principal: Principal) -> str:
    return f"bind:{principal.account_id}"


async def send_binding_code(
    ctx: AuthContext, caller: Caller, principal: Principal, dial: str, mobile: str
) -> CodeSentRead:
    phone = phone_number(dial, mobile)
    if await account_by_phone(ctx, caller.merchant, phone) is not None:
        raise Conflict("mobile.exists")
    return await send_code(ctx, caller, _purpose(principal), phone)


async def bind_mobile(
    ctx: AuthContext, caller: Caller, principal: Principal, dial: str, mobile: str, code: str, password: str
) -> MobileRead:
    phone = phone_number(dial, mobile)
    async with ctx.db.reader() as session:
        account = await ACCOUNTS.get(session, principal.merchant, id=principal.account_id)
    if account is None:
        raise NotFound("account.not_found")
    await current_password.confirm(ctx, account, password)
    if not await check_code(ctx, caller.merchant, _purpose(principal), phone, code):
        raise DomainError("sms.code.invalid")
    try:
        async with ctx.db.transaction() as session:
            await session.execute(
                ACCOUNTS.update(principal.merchant, id=principal.account_id).values(
                    mobile_num=mobile.strip(),
                    country_dialing_code=dial.strip().lstrip("+"),
                    security_changed_at=func.now(),
                )
            )
    except IntegrityError:
        raise Conflict("mobile.exists") from None
    return MobileRead(mobileNum=mobile.strip(), countryDialingCode=dial.strip().lstrip("+"))

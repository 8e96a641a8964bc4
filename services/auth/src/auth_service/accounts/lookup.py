"""Finding accounts by their contact details, shared by the login and password flows."""

from __future__ import annotations

from sqlalchemy import func

from auth_service.accounts.models import ACCOUNTS, Account
from auth_service.codes import check_code, phone_number
from auth_service.context import AuthContext
from portal_kit.errors import DomainError


async def account_by_phone(ctx: AuthContext, merchant: str, phone: str) -> Account | None:
    async with ctx.db.reader() as session:
        return await ACCOUNTS.get(
            session, merchant, func.concat("+", Account.country_dialing_code, Account.mobile_num) == phone
        )


async def account_for_code(
    ctx: AuthContext, merchant: str, country_dialing_code: str, mobile: str, code: str
) -> Account:
    """The account whose mobile number received ``code`` (a ``noLogin`` code, spent by this check)."""
    phone = phone_number(country_dialing_code, mobile)
    if not await check_code(ctx, merchant, "noLogin", phone, code):
        raise DomainError("sms.code.invalid")
    account = await account_by_phone(ctx, merchant, phone)
    if account is None:
        raise DomainError("sms.code.invalid")
    return account

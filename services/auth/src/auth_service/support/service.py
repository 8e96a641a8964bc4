"""Ops finding a member and reading their profile (risk and support): read only, any role of the brand."""

from __future__ import annotations

from datetime import datetime

from auth_service.accounts import repository as accounts
from auth_service.accounts.models import Account, LoginRecord
from auth_service.context import AuthContext
from auth_service.ops.repository import audit
from auth_service.support import repository
from auth_service.support.domain import SearchBy
from auth_service.support.schemas import LoginRead, MemberFoundRead, MemberProfileRead
from portal_kit.envelope import PageRead
from portal_kit.errors import NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal

RECENT_LOGINS = 20


def _iso(at: datetime | None) -> str | None:
    return at.isoformat() if at else None


def _found(account: Account) -> dict[str, object]:
    return {
        "id": account.id, "username": account.username, "type": account.account_type, "status": account.status,
        "lockedUntil": _iso(account.locked_until), "mobileNum": account.mobile_num,
        "countryDialingCode": account.country_dialing_code, "createdAt": account.created_at.isoformat(),
        "lastLoginAt": _iso(account.last_login_at), "lastLoginIp": account.last_login_ip,
        "registerIp": account.register_ip,
    }  # fmt: skip


def _login(record: LoginRecord) -> LoginRead:
    return LoginRead(at=record.at.isoformat(), ip=record.ip, userAgent=record.user_agent, success=record.success)


async def search(ctx: AuthContext, merchant: str, by: SearchBy, text: str, page: Page) -> PageRead[MemberFoundRead]:
    async with ctx.db.reader() as session:
        rows, total = await repository.search(session, merchant, by, text, page)
    return page_of(page, [MemberFoundRead.model_validate(_found(row)) for row in rows], total)


async def profile(
    ctx: AuthContext, merchant: str, account_id: str, actor: Principal, ip: str | None
) -> MemberProfileRead:
    """The profile, its reading audited (who opened whose personal data, from where) in the same transaction."""
    async with ctx.db.transaction() as session:
        account = await accounts.ACCOUNTS.get(session, merchant, id=account_id)
        if account is None:
            raise NotFound("account.not_found")
        logins = await accounts.recent_logins(session, account.id, RECENT_LOGINS)
        audit(session, merchant, actor, "member.profile.read", account.id, ip=ip)
    return MemberProfileRead.model_validate({
        **_found(account), "nickname": account.nickname, "fullname": account.fullname, "email": account.email,
        "uplineId": account.upline_id, "affiliateCode": account.affiliate_code,
        "registerMethod": account.register_method, "totpBound": account.totp_enabled,
        "logins": [_login(record) for record in logins],
    })  # fmt: skip

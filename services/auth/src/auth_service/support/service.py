"""Risk and support: ops find a member and read their profile (with devices), keep notes on them, and an admin
removes a member's authenticator so that they can bind a new one."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.accounts import repository as accounts
from auth_service.accounts.models import Account, LoginRecord
from auth_service.context import AuthContext
from auth_service.ops.models import AuthAudit
from auth_service.ops.repository import audit
from auth_service.support import repository
from auth_service.support.domain import AccountStatus, MemberOrder, NoteOrder, SearchBy
from auth_service.support.models import MemberNote
from auth_service.support.schemas import (
    DeviceRead,
    LoginRead,
    MemberFoundRead,
    MemberProfileRead,
    NoteRead,
    TotpResetRead,
)
from portal_kit.audit import actor_name, record_ops_action
from portal_kit.envelope import PageRead
from portal_kit.errors import Conflict, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal

RECENT_LOGINS = 20
DEVICES = 20


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


def _device(row: repository.Device) -> DeviceRead:
    return DeviceRead(
        userAgent=row.user_agent, firstSeen=row.first_seen.isoformat(), lastSeen=row.last_seen.isoformat(),
        tries=row.tries, successes=row.successes, lastIp=row.last_ip,
    )  # fmt: skip


def _note(note: MemberNote) -> NoteRead:
    return NoteRead(id=note.id, accountId=note.account_id, author=note.author, text=note.text, at=note.at.isoformat())


async def _member(session: AsyncSession, merchant: str, account_id: str, *, lock: bool = False) -> Account:
    if lock:
        account = await accounts.lock(session, merchant, account_id)
    else:
        account = await accounts.ACCOUNTS.get(session, merchant, id=account_id)
    if account is None:
        raise NotFound("account.not_found")
    return account


async def search(
    ctx: AuthContext, merchant: str, by: SearchBy, text: str, page: Page, *, status: AccountStatus | None = None,
    order: MemberOrder = MemberOrder.MATCH,
) -> PageRead[MemberFoundRead]:  # fmt: skip
    async with ctx.db.reader() as session:
        rows, total = await repository.search(session, merchant, by, text, page, status=status, order=order)
    return page_of(page, [MemberFoundRead.model_validate(_found(row)) for row in rows], total)


async def profile(
    ctx: AuthContext, merchant: str, account_id: str, actor: Principal, ip: str | None
) -> MemberProfileRead:
    """The profile, its reading audited (who opened whose personal data, from where) in the same transaction."""
    async with ctx.db.transaction() as session:
        account = await _member(session, merchant, account_id)
        logins = await accounts.recent_logins(session, account.id, RECENT_LOGINS)
        devices = await repository.devices(session, account.id, DEVICES)
        audit(session, merchant, actor, "member.profile.read", account.id, ip=ip)
    return MemberProfileRead.model_validate({
        **_found(account), "nickname": account.nickname, "fullname": account.fullname, "email": account.email,
        "uplineId": account.upline_id, "affiliateCode": account.affiliate_code,
        "registerMethod": account.register_method, "totpBound": account.totp_enabled,
        "logins": [_login(record) for record in logins], "devices": [_device(row) for row in devices],
    })  # fmt: skip


async def notes(
    ctx: AuthContext, merchant: str, account_id: str, page: Page, *, author: str | None = None,
    text: str | None = None, order: NoteOrder = NoteOrder.NEWEST,
) -> PageRead[NoteRead]:  # fmt: skip
    """The notes on a member of the brand, filtered, newest or oldest first (an unknown member:
    ``account.not_found``)."""
    async with ctx.db.reader() as session:
        await _member(session, merchant, account_id)
        rows, total = await repository.notes_page(
            session, merchant, account_id, page, author=author, text=text, order=order
        )
    return page_of(page, [_note(row) for row in rows], total)


async def add_note(
    ctx: AuthContext, merchant: str, account_id: str, text: str, actor: Principal, ip: str | None
) -> NoteRead:
    """A note on a member, written with its audit row (``member.note.add``) in one transaction."""
    async with ctx.db.transaction() as session:
        await _member(session, merchant, account_id)
        note = await repository.add_note(session, merchant, account_id, actor_name(actor), text)
        audit(session, merchant, actor, "member.note.add", account_id, after={"noteId": note.id}, ip=ip)
        return _note(note)


async def reset_totp(
    ctx: AuthContext, merchant: str, account_id: str, reason: str, actor: Principal, ip: str | None
) -> TotpResetRead:
    """An admin removes a member's bound authenticator (lost phone) so that they can bind a new one, audited with the
    reason (``account.totp.reset``). Nothing else changes: sessions, password and mobile stay; as any removal of a way
    into the account it starts the cooling-off of money leaving. Without one bound: ``totp.not_bound`` (409)."""
    async with ctx.db.transaction() as session:
        account = await _member(session, merchant, account_id, lock=True)
        if not account.totp_enabled:
            raise Conflict("totp.not_bound")
        await accounts.set_totp(session, account.id, None)
        # the reason in its column and in ``after`` as well: auth's audit call answers before and after
        record_ops_action(
            session, AuthAudit, merchant, actor, "account.totp.reset", account.id, reason=reason,
            before={"totpBound": True}, after={"totpBound": False, "reason": reason}, ip=ip,
        )  # fmt: skip
    return TotpResetRead(accountId=account_id, totpBound=False)

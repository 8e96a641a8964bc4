"""Every query of accounts and their logins, in the caller's session (its use case owns the transaction), or on the
kit's ``Database`` where a hot path (the login, member info) reads or writes in one prepared statement without
the ORM. A brand's accounts are read through ``ACCOUNTS``, which scopes every query by merchant."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from auth_service.accounts.models import Account, LoginRecord
from portal_events import AuthMemberRegisteredV1, AuthMemberRegisteredV1Data
from portal_kit.db import Database
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event
from portal_kit.repository import Scoped
from portal_kit.sessions import AGENT_TYPES

ACCOUNTS = Scoped(Account)  # every query of a brand's accounts goes through its scope

# The login's reads and writes are one prepared statement each, outside the ORM (a login is a hot path).
ACCOUNT_COLUMNS = tuple(column.key for column in Account.__table__.columns)
# The account, and whether the caller's address is new to it (it has signed in before, never from there).
_ACCOUNT_AND_ADDRESS = (
    f"SELECT {', '.join(ACCOUNT_COLUMNS)}, "  # noqa: S608 - the model's own column names
    "EXISTS (SELECT 1 FROM login_record r WHERE r.account_id = account.id AND r.success) "
    "AND NOT EXISTS (SELECT 1 FROM login_record r WHERE r.account_id = account.id AND r.success AND r.ip {}) "
    "FROM account WHERE merchant = %(merchant)s AND username = %(username)s"
)
ACCOUNT_AND_ADDRESS = _ACCOUNT_AND_ADDRESS.format("= %(ip)s")
ACCOUNT_AND_NO_ADDRESS = _ACCOUNT_AND_ADDRESS.format("IS NULL")  # a caller whose address is unknown
RECORD_LOGIN = (
    "WITH signed_in AS (UPDATE account SET last_login_at = now(), last_login_ip = %s WHERE id = %s RETURNING id) "
    "INSERT INTO login_record (account_id, ip, user_agent, success) SELECT id, %s, %s, true FROM signed_in"
)
START_COOLING_OFF = "UPDATE account SET security_changed_at = now() WHERE id = %s RETURNING id"


class MemberRow(NamedTuple):
    """The columns of the member's own view, read in one prepared statement without the ORM."""

    id: str
    username: str
    nickname: str | None
    account_type: int
    fullname: str | None
    email: str | None
    mobile_num: str | None
    country_dialing_code: str | None
    upline_id: str | None
    affiliate_code: str | None
    payment_password_hash: str | None
    totp_enabled: bool
    icon: int
    last_login_at: datetime | None
    last_login_ip: str | None
    created_at: datetime


MEMBER_VIEW = f"SELECT {', '.join(MemberRow._fields)} FROM account WHERE merchant = %s AND id = %s"  # noqa: S608 - the names are the fields above


# Hot statements on the kit's Database ------------------------------------------------------------------------


async def member_row(db: Database, merchant: str, account_id: str | None) -> MemberRow | None:
    """``/wps/member/info``'s one statement."""
    row = await db.read(MEMBER_VIEW, (merchant, account_id))
    return None if row is None else MemberRow(*row)


async def account_and_address(
    db: Database, merchant: str, username: str, ip: str | None
) -> tuple[Account | None, bool]:
    """The account of ``username`` at the brand, and whether the address ``ip`` is new to it, in one statement."""
    parameters = {"merchant": merchant, "username": username, "ip": ip}
    found = await db.read(ACCOUNT_AND_ADDRESS if ip is not None else ACCOUNT_AND_NO_ADDRESS, parameters)
    if found is None:
        return None, False
    return Account(**dict(zip(ACCOUNT_COLUMNS, found, strict=False))), bool(found[-1])


async def record_login(db: Database, account_id: str, ip: str | None, user_agent: str) -> None:
    """The account's last login and a successful login record, in one statement."""
    await db.call(RECORD_LOGIN, (ip, account_id, ip, user_agent))


async def start_cooling_off(db: Database, account_id: str) -> None:
    """No money leaves the account for the cooling-off period from now."""
    await db.call(START_COOLING_OFF, (account_id,))


# Reads -------------------------------------------------------------------------------------------------------


async def by_id(session: AsyncSession, merchant: str, account_id: str | None) -> Account | None:
    return await ACCOUNTS.get(session, merchant, id=account_id)


async def by_key(session: AsyncSession, account_id: str) -> Account | None:
    """The account by its id alone (the caller checks its brand)."""
    return await session.get(Account, account_id)


async def by_phone(session: AsyncSession, merchant: str, phone: str) -> Account | None:
    """The account whose bound mobile is ``phone`` (``+<dialing code><number>``)."""
    return await ACCOUNTS.get(
        session, merchant, func.concat("+", Account.country_dialing_code, Account.mobile_num) == phone
    )


async def username_taken(session: AsyncSession, merchant: str, username: str) -> bool:
    return await ACCOUNTS.get(session, merchant, username=username) is not None


async def by_username_and_email(session: AsyncSession, merchant: str, username: str, email: str) -> Account | None:
    """``username`` (lower-case) when ``email`` is its address, compared without case."""
    return await ACCOUNTS.get(session, merchant, func.lower(Account.email) == email, username=username)


async def active_agent_by_code(session: AsyncSession, merchant: str, code: str) -> Account | None:
    """The active agent whose affiliate code is ``code``, compared without case."""
    return await ACCOUNTS.get(
        session,
        merchant,
        func.upper(Account.affiliate_code) == code.upper(),
        Account.account_type.in_(AGENT_TYPES),
        status="active",
    )


async def lock(session: AsyncSession, merchant: str, account_id: str) -> Account | None:
    """The account, locked until the transaction ends."""
    return await ACCOUNTS.get_for_update(session, merchant, id=account_id)


async def recent_logins(session: AsyncSession, account_id: str | None, limit: int) -> Sequence[LoginRecord]:
    rows = await session.scalars(
        select(LoginRecord).where(LoginRecord.account_id == account_id).order_by(LoginRecord.id.desc()).limit(limit)
    )
    return rows.all()


# Writes ------------------------------------------------------------------------------------------------------


async def add_account(session: AsyncSession, account: Account, referral_code: str | None = None) -> None:
    """A new account and its ``auth.member.registered.v1`` in the outbox, in the caller's transaction: the wallet
    opens accounts from it, agent-contracts places the member in its upline's team, points records the invitation of
    ``referral_code`` (a friend's invite code). A taken name or number is refused here, by the database's unique
    indexes (``IntegrityError``)."""
    session.add(account)
    await session.flush()
    data = AuthMemberRegisteredV1Data(
        accountId=account.id,
        username=account.username,
        accountType=account.account_type,
        uplineId=account.upline_id,
        registerMethod=account.register_method,
        referralCode=referral_code,
    )
    add_event(session, new_event(AuthMemberRegisteredV1, account.merchant, data))


def add_failed_login(session: AsyncSession, account_id: str, ip: str | None, user_agent: str) -> None:
    session.add(LoginRecord(account_id=account_id, ip=ip, user_agent=user_agent, success=False))


async def set_password(session: AsyncSession, account_id: str, password_hash: str) -> None:
    """A new login password: it lifts a lock and starts the cooling-off."""
    await session.execute(
        update(Account)
        .where(Account.id == account_id)
        .values(
            password_hash=password_hash,
            password_changed_at=func.now(),
            locked_until=None,
            security_changed_at=func.now(),
        )
    )


async def rehash_password(session: AsyncSession, account_id: str, password_hash: str) -> None:
    """The same password under the hasher's current parameters."""
    await session.execute(update(Account).where(Account.id == account_id).values(password_hash=password_hash))


async def set_payment_password(
    session: AsyncSession, merchant: str, account_id: str, password_hash: str, *, cooling_off: bool
) -> None:
    """A payment password; a change of one (``cooling_off``) starts the cooling-off, the first one does not."""
    values = {"security_changed_at": func.now()} if cooling_off else {}
    await session.execute(
        ACCOUNTS.update(merchant, id=account_id).values(payment_password_hash=password_hash, **values)
    )


async def set_mobile(session: AsyncSession, merchant: str, account_id: str | None, mobile: str, dial: str) -> None:
    """A bound mobile (``IntegrityError`` when another account holds it); it starts the cooling-off."""
    await session.execute(
        ACCOUNTS.update(merchant, id=account_id).values(
            mobile_num=mobile, country_dialing_code=dial, security_changed_at=func.now()
        )
    )


async def set_totp(session: AsyncSession, account_id: str, sealed_secret: str | None) -> None:
    """Bind the authenticator whose sealed secret is given, or remove it (``None``); either starts the cooling-off."""
    await session.execute(
        update(Account)
        .where(Account.id == account_id)
        .values(totp_secret=sealed_secret, totp_enabled=sealed_secret is not None, security_changed_at=func.now())
    )


async def set_icon(session: AsyncSession, merchant: str, account_id: str | None, icon: int) -> None:
    await session.execute(ACCOUNTS.update(merchant, id=account_id).values(icon=icon))

"""An account's wallets and what the wallet keeps of it.
``auth.member.registered.v1`` (``handlers.py``) opens the new account's wallets: a main wallet for members and agents;
a free-play wallet with the starting balance (from the free-play house account) for trial accounts. The account's type
and upline are kept for the transfer to upline. (The payment password belongs to auth: the routes that move money
out ask it first through the kit's ``portal_kit.payment_password``.)"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.sessions import AGENT_TYPES, TRIAL_TYPE
from wallet_service.accounts import repository
from wallet_service.accounts.models import MemberProfile
from wallet_service.ledger.domain import (
    FREE_PLAY,
    FREE_PLAY_HOUSE,
    HOUSE,
    MAIN,
    Leg,
    MoneyError,
    fingerprint,
    house_shard,
)
from wallet_service.ledger.service import claim, open_account, post


@dataclass(frozen=True)
class NewAccount:
    account_id: str
    account_type: int
    username: str | None = None
    upline_id: str | None = None


async def open_wallets(
    session: AsyncSession, merchant: str, account: NewAccount, currency: str, trial_balance: int
) -> None:
    """In the caller's transaction (the consumer's, with its inbox claim): a redelivery has no second effect."""
    account_id = account.account_id
    await repository.keep_profile(
        session, merchant, account_id, account.account_type, account.username, account.upline_id
    )
    if account.account_type != TRIAL_TYPE:
        await open_account(session, merchant, currency, account_id, MAIN)
        return
    wallet = await open_account(session, merchant, currency, account_id, FREE_PLAY, trial=True)
    house = await open_account(session, merchant, currency, HOUSE, house_shard(FREE_PLAY_HOUSE, account_id))
    row, new = await claim(
        session, merchant, f"trial-grant:{account_id}", "grant", fingerprint("grant", {"accountId": account_id})
    )
    if new and trial_balance > 0:
        await post(session, row, [Leg(wallet.id, trial_balance), Leg(house.id, -trial_balance)])
        row.status = "done"


async def upline_of(session: AsyncSession, merchant: str, account_id: str) -> MemberProfile | None:
    """The agent an account was registered under, or ``None`` when it has none (or it is no agent)."""
    profile = await repository.profile(session, merchant, account_id)
    upline = await repository.profile(session, merchant, profile.upline_id) if profile and profile.upline_id else None
    return upline if upline is not None and upline.account_type in AGENT_TYPES else None


async def is_agent(session: AsyncSession, merchant: str, account_id: str) -> bool:
    """Whether the account registered as an agent (types 1, 2, 41, 42); ``account.not_found`` when the wallet never
    heard of it."""
    profile = await repository.profile(session, merchant, account_id)
    if profile is None:
        raise MoneyError("account.not_found")
    return profile.account_type in AGENT_TYPES

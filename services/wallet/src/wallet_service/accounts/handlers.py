"""``auth.member.registered.v1`` opens the new account's wallets: a main wallet for members and agents; a
free-play wallet with the starting balance (from the free-play house account) for trial accounts. The
account's type and upline are kept for the transfer to upline. Runs in the consumer's transaction with its
inbox claim, so a redelivery has no second effect."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import AuthMemberRegisteredV1
from portal_kit.db import Database
from portal_kit.messaging.consumer import PortalBroker, subscribe
from portal_kit.site import BrandCache
from wallet_service.accounts.models import MemberProfile
from wallet_service.ledger.domain import FREE_PLAY, FREE_PLAY_HOUSE, HOUSE, MAIN, Leg, fingerprint, house_shard
from wallet_service.ledger.service import claim, open_account, post

TRIAL_TYPE = 4


@dataclass(frozen=True)
class NewAccount:
    account_id: str
    account_type: int
    username: str | None = None
    upline_id: str | None = None


async def open_wallets(
    session: AsyncSession, merchant: str, account: NewAccount, currency: str, trial_balance: int
) -> None:
    account_id = account.account_id
    await session.execute(
        insert(MemberProfile)
        .values(merchant=merchant, account_id=account_id, account_type=account.account_type,
                username=account.username, upline_id=account.upline_id)
        .on_conflict_do_nothing()
    )  # fmt: skip
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


def registered_subscription(site: BrandCache, trial_balance: int) -> Callable[[PortalBroker, Database], None]:
    async def handle(session: AsyncSession, event: AuthMemberRegisteredV1) -> None:
        brand = await site.brand(event.merchant)
        new = event.data
        account = NewAccount(new.accountId, new.accountType, new.username, new.uplineId)
        await open_wallets(session, event.merchant, account, brand.currency, trial_balance)

    def register(broker: PortalBroker, db: Database) -> None:
        subscribe(
            broker,
            service="wallet",
            handler_name="open_wallets",
            event=AuthMemberRegisteredV1,
            db=db,
            handler=handle,
        )

    return register

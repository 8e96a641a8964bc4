"""``auth.member.registered.v1`` opens the new account's wallets: a main wallet for members and agents; a
free-play wallet with the starting balance (from the free-play house account) for trial accounts. The
account's type and upline are kept for the transfer to upline. Runs in the consumer's transaction with its
inbox claim, so a redelivery has no second effect."""

from __future__ import annotations

from collections.abc import Callable

from faststream.nats import NatsBroker
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Database
from portal_kit.messaging.consumer import subscribe
from portal_kit.messaging.events import Event
from portal_kit.site import SiteClient
from wallet_service.accounts.models import MemberProfile
from wallet_service.ledger.domain import FREE_PLAY, FREE_PLAY_HOUSE, HOUSE, MAIN, Leg, fingerprint, house_shard
from wallet_service.ledger.service import claim, open_account, post

TRIAL_TYPE = 4


async def open_wallets(session: AsyncSession, event: Event, currency: str, trial_balance: int) -> None:
    account_id = str(event.data["accountId"])
    upline = event.data.get("uplineId")
    await session.execute(
        insert(MemberProfile)
        .values(merchant=event.merchant, account_id=account_id, account_type=int(event.data["accountType"]),
                username=event.data.get("username"), upline_id=str(upline) if upline else None)
        .on_conflict_do_nothing()
    )  # fmt: skip
    if int(event.data["accountType"]) != TRIAL_TYPE:
        await open_account(session, event.merchant, currency, account_id, MAIN)
        return
    wallet = await open_account(session, event.merchant, currency, account_id, FREE_PLAY, trial=True)
    house = await open_account(session, event.merchant, currency, HOUSE, house_shard(FREE_PLAY_HOUSE, account_id))
    row, new = await claim(
        session, event.merchant, f"trial-grant:{account_id}", "grant", fingerprint("grant", {"accountId": account_id})
    )
    if new and trial_balance > 0:
        await post(session, row, [Leg(wallet.id, trial_balance), Leg(house.id, -trial_balance)])
        row.status = "done"


def registered_subscription(site: SiteClient, trial_balance: int) -> Callable[[NatsBroker, Database], None]:
    async def handle(session: AsyncSession, event: Event) -> None:
        brand = await site.brand(event.merchant)
        await open_wallets(session, event, brand.currency, trial_balance)

    def register(broker: NatsBroker, db: Database) -> None:
        subscribe(
            broker,
            service="wallet",
            handler_name="open_wallets",
            stream="AUTH",
            subject="auth.member.registered.v1",
            db=db,
            handler=handle,
        )

    return register

"""``rpc.wallet.purchase`` and ``rpc.wallet.dual_control`` (issue 47), against real PostgreSQL and NATS. A mall item's
price is charged once from the spendable balance (20 asks at once: one charge), never below zero (the refusal is the
answer of every replay, and a later top-up does not turn it into a charge), refunded once and only after a charge,
shown in the account record as a purchase; the ledger reconciles after each. The brand's dual-control amount is
answered to the points service, and a grant it asks about is decided on the maker's one running total for the member
today, with the wallet's own adjustments."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from nats.aio.client import Client as NATS
from sqlalchemy import func, select
from wallet_http import WalletClient

from portal_events import WalletDualControlReply, WalletDualControlRequest
from portal_kit import money
from portal_kit.db import Database
from portal_kit.messaging.rpc import ask
from portal_kit.sessions import OpsRole
from portal_kit.testing.clients import answering, nats_client
from portal_kit.testing.plugin import PortalServers
from wallet_service.ledger.domain import MALL
from wallet_service.ledger.models import LedgerAccount, MoneyTransaction
from wallet_service.money.rpc import money_answers
from wallet_service.oversight.models import OpsMemberDay
from wallet_service.reconcile import differences

MERCHANT = "turkeyf2"


@pytest.fixture
async def wallet_nats(portal_servers: PortalServers, wallet_db: Database) -> AsyncIterator[NATS]:
    async with (
        answering(portal_servers.nats_url, "wallet-purchase-test", money_answers, wallet_db),
        nats_client(portal_servers.nats_url) as nc,
    ):
        yield nc


async def transactions(db: Database) -> int:
    async with db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(MoneyTransaction)) or 0)


async def mall_house(db: Database) -> int:
    async with db.reader() as session:
        total = await session.scalar(
            select(func.sum(LedgerAccount.balance)).where(LedgerAccount.kind.like(f"{MALL}#%"))
        )
    return int(total or 0)


async def test_a_purchase_is_charged_once_and_refunded_once(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    account, token = await wallet.member("buyer1")
    await money.reward(wallet_nats, MERCHANT, account, 10_000, "fund:buyer1", "points.conversion")
    before = await transactions(wallet_db)
    charges = await asyncio.gather(
        *(money.purchase(wallet_nats, MERCHANT, account, 2_500, "mall-redemption:1", "CHARGE") for _ in range(20))
    )
    assert {(charge.balance, charge.currency) for charge in charges} == {(7_500, "TRY")}
    assert await wallet.available(token) == 7_500
    assert await transactions(wallet_db) == before + 1
    assert await mall_house(wallet_db) == 2_500
    with pytest.raises(money.Refused) as refused:
        await money.purchase(wallet_nats, MERCHANT, account, 2_600, "mall-redemption:1", "CHARGE")
    assert refused.value.code == "idempotency.mismatch"
    with pytest.raises(money.Refused) as refused:
        await money.purchase(wallet_nats, MERCHANT, account, 2_400, "mall-redemption:1", "REFUND")
    assert refused.value.code == "idempotency.mismatch"

    refunds = await asyncio.gather(
        *(money.purchase(wallet_nats, MERCHANT, account, 2_500, "mall-redemption:1", "REFUND") for _ in range(10))
    )
    assert {refund.balance for refund in refunds} == {10_000}
    assert await wallet.available(token) == 10_000
    assert await mall_house(wallet_db) == 0
    record = await wallet.call("GET", "/wps/relay/ODSFE2_MemTransDet?type=purchase", token)
    assert [(line["amount"], line["type"]) for line in record.json()["value"]["list"]] == [
        (2_500, "purchase"),
        (-2_500, "purchase"),
    ]
    assert await differences(wallet_db) == []


async def test_a_charge_above_the_balance_is_refused_for_good_and_cannot_be_refunded(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    account, token = await wallet.member("buyer2")
    await money.reward(wallet_nats, MERCHANT, account, 1_000, "fund:buyer2", "points.conversion")
    for _ in range(2):
        with pytest.raises(money.Refused) as refused:
            await money.purchase(wallet_nats, MERCHANT, account, 1_001, "mall-redemption:2", "CHARGE")
        assert refused.value.code == "wallet.insufficient_funds"
        await money.reward(wallet_nats, MERCHANT, account, 5_000, "fund:buyer2:more", "points.conversion")
    before = await transactions(wallet_db)
    for transaction_id in ("mall-redemption:2", "mall-redemption:never"):
        with pytest.raises(money.Refused) as refused:
            await money.purchase(wallet_nats, MERCHANT, account, 1_001, transaction_id, "REFUND")
        assert refused.value.code == "purchase.not_found"
    assert await wallet.available(token) == 6_000
    assert await transactions(wallet_db) == before
    trial, _ = await wallet.member("buyer-trial", account_type=4)
    with pytest.raises(money.Refused) as refused:
        await money.purchase(wallet_nats, MERCHANT, trial, 100, "mall-redemption:3", "CHARGE")
    assert refused.value.code == "trial.real_money"
    assert await differences(wallet_db) == []


async def test_the_brands_dual_control_amount_is_answered(wallet_nats: NATS) -> None:
    assert await money.dual_control_above(wallet_nats, MERCHANT) == 1_000_000


async def test_a_grant_asked_by_another_service_counts_with_the_makers_adjustments(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    """One running total per maker, member and day: an adjustment and a points bonus cannot be split to slip under
    the amount, in either order; a grant that needs a second person counts nothing."""
    account, _ = await wallet.member("splitter1")
    mert = await wallet.ops("mert", MERCHANT, OpsRole.FINANCE_MAKER)
    adjusted = await wallet.call("POST", f"/wps/ops/wallet/merchants/{MERCHANT}/accounts/{account}/adjustments", mert,
                                 json={"amount": 600_000, "reason": "goodwill", "requestId": "adj-split-1"})  # fmt: skip
    assert adjusted.json()["value"]["status"] == "done", adjusted.text
    over = await money.grant_review(wallet_nats, MERCHANT, "mert", account, 400_001, "application:1:400001")
    assert (over.secondPerson, over.dualControlAbove) == (True, 1_000_000)
    assert await alone_today(wallet_db, "mert", account) == 600_000  # nothing counted
    assert (
        await money.grant_review(wallet_nats, MERCHANT, "mert", account, 400_000, "application:1:400000")
    ).secondPerson is False
    assert await alone_today(wallet_db, "mert", account) == 1_000_000
    # asked again (the answer lost, the asker's transaction retried): the decision kept, nothing counted again
    again = await money.grant_review(wallet_nats, MERCHANT, "mert", account, 400_000, "application:1:400000")
    assert again.secondPerson is False and await alone_today(wallet_db, "mert", account) == 1_000_000
    after = await wallet.call("POST", f"/wps/ops/wallet/merchants/{MERCHANT}/accounts/{account}/adjustments", mert,
                              json={"amount": 1, "reason": "goodwill", "requestId": "adj-split-2"})  # fmt: skip
    assert after.json()["value"]["status"] == "pending"  # the bonus counted toward the adjustment's checker


async def test_another_maker_asking_the_same_grant_is_counted_into_their_own_total(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    """Maker A's ask was counted and then not made (points' transaction failed); maker B asks the same grant: B's
    decision is B's own, counted into B's total, not A's answer replayed."""
    account, _ = await wallet.member("splitter3")
    key = "application:7:600000"
    assert (await money.grant_review(wallet_nats, MERCHANT, "asli", account, 600_000, key)).secondPerson is False
    assert (await money.grant_review(wallet_nats, MERCHANT, "bora", account, 600_000, key)).secondPerson is False
    assert await alone_today(wallet_db, "asli", account) == 600_000
    assert await alone_today(wallet_db, "bora", account) == 600_000
    at_once = await asyncio.gather(
        *(money.grant_review(wallet_nats, MERCHANT, maker, account, 500_000, "application:8:500000")
          for maker in ("asli", "bora", "asli", "bora"))
    )  # fmt: skip
    assert [review.secondPerson for review in at_once] == [True, True, True, True]  # 600,000 + 500,000 each


async def test_grants_asked_at_once_cannot_all_slip_under_the_amount(wallet: WalletClient, wallet_nats: NATS) -> None:
    account, _ = await wallet.member("splitter2")
    reviews = await asyncio.gather(
        *(
            money.grant_review(wallet_nats, MERCHANT, "mert", account, 400_000, f"application:{n}:400000")
            for n in range(6)
        ),
        *(
            money.grant_review(wallet_nats, MERCHANT, "mert", account, 400_000, "application:0:400000")
            for _ in range(3)
        ),
    )
    decided = {n: reviews[n].secondPerson for n in range(6)}
    assert sorted(decided.values()) == [False, False, True, True, True, True]
    assert {review.secondPerson for review in reviews[6:]} == {decided[0]}  # the same key: the same decision


async def test_a_grant_needs_its_maker_member_and_amount_together(wallet_nats: NATS) -> None:
    partial = WalletDualControlRequest(merchant=MERCHANT, maker="mert", accountId="a", amount=1)
    answer = await ask(wallet_nats, "rpc.wallet.dual_control", partial, WalletDualControlReply)
    assert (answer.success, answer.errorCode) == (False, "request.invalid")


async def alone_today(db: Database, actor: str, account: str) -> int:
    async with db.reader() as session:
        row = await session.scalar(
            select(OpsMemberDay).where(OpsMemberDay.actor == actor, OpsMemberDay.account_id == account)
        )
    return row.alone if row else 0

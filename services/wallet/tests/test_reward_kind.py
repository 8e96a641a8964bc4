"""``rpc.wallet.reward`` (issue 47): a member's points converted to cash, against real PostgreSQL and NATS. Credited
once per transaction id (asked again, or 20 times at once), into the main wallet from the brand's ``house:rewards``,
shown in the account record as a bonus; a trial account refused with nothing written; the same id with another
amount refused."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from nats.aio.client import Client as NATS
from sqlalchemy import func, select
from wallet_http import WalletClient

from portal_kit import money
from portal_kit.db import Database
from portal_kit.testing.clients import answering, nats_client
from portal_kit.testing.plugin import PortalServers
from wallet_service.ledger.domain import REWARDS
from wallet_service.ledger.models import LedgerAccount, MoneyTransaction
from wallet_service.money.rpc import money_answers
from wallet_service.reconcile import differences

MERCHANT = "turkeyf2"


@pytest.fixture
async def wallet_nats(portal_servers: PortalServers, wallet_db: Database) -> AsyncIterator[NATS]:
    async with (
        answering(portal_servers.nats_url, "wallet-reward-test", money_answers, wallet_db),
        nats_client(portal_servers.nats_url) as nc,
    ):
        yield nc


async def transactions(db: Database) -> int:
    async with db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(MoneyTransaction)) or 0)


async def test_a_reward_is_credited_once_and_shown_as_a_bonus(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    account, token = await wallet.member("ayse")
    before = await transactions(wallet_db)
    assert await money.reward(wallet_nats, MERCHANT, account, 500, "points-conversion:1", "points.conversion") == 500
    answers = await asyncio.gather(
        *(
            money.reward(wallet_nats, MERCHANT, account, 250, "points-conversion:2", "points.conversion")
            for _ in range(20)
        )
    )
    assert answers == [750] * 20
    assert await wallet.available(token) == 750
    assert await transactions(wallet_db) == before + 2
    with pytest.raises(money.Refused) as refused:
        await money.reward(wallet_nats, MERCHANT, account, 251, "points-conversion:2", "points.conversion")
    assert refused.value.code == "idempotency.mismatch"

    record = await wallet.call("GET", "/wps/relay/ODSFE2_MemTransDet?type=bonus", token)
    assert [(line["amount"], line["type"]) for line in record.json()["value"]["list"]] == [
        (250, "bonus"),
        (500, "bonus"),
    ]
    async with wallet_db.reader() as session:
        house = await session.scalar(
            select(func.sum(LedgerAccount.balance)).where(LedgerAccount.kind.like(f"{REWARDS}#%"))
        )
    assert house == -750
    assert await differences(wallet_db) == []


async def test_a_trial_account_gets_no_reward(wallet: WalletClient, wallet_nats: NATS, wallet_db: Database) -> None:
    trial, _ = await wallet.member("trial1", account_type=4)
    before = await transactions(wallet_db)
    for account, code in ((trial, "trial.real_money"), ("nobody", "account.not_found")):
        with pytest.raises(money.Refused) as refused:
            await money.reward(wallet_nats, MERCHANT, account, 100, f"points-conversion:{account}", "points.conversion")
        assert refused.value.code == code
    assert await transactions(wallet_db) == before

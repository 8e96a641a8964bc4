"""Promotions' bonuses in the wallet (issue #47 item 4), against real PostgreSQL and NATS: ``rpc.wallet.bonus``
grants a bonus into the member's bonus wallet once (not spendable, not in the balance's sum), releases it into the
main wallet or forfeits it to the house — one or the other, never both, however they race — and a withdrawal asked
while a bonus is held is refused unless the member forfeits it, in the withdrawal's own transaction."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker
from nats.aio.client import Client as NATS
from sqlalchemy import func, select
from test_deposits import callback, sandbox_order
from test_withdrawals import ask, funded_member
from wallet_http import MERCHANT, WalletClient

from portal_kit import money
from portal_kit.db import Database
from portal_kit.testing.clients import answering, nats_client
from portal_kit.testing.plugin import PortalServers
from wallet_service.bonuses.models import BonusHold
from wallet_service.bonuses.rpc import bonus_answers
from wallet_service.ledger.domain import BONUSES
from wallet_service.ledger.models import LedgerAccount, MoneyTransaction

PROTO = Path(__file__).parents[3] / "proto" / "schemas" / "wallet"


@pytest.fixture
async def wallet_nats(portal_servers: PortalServers, wallet_db: Database) -> AsyncIterator[NATS]:
    async with (
        answering(portal_servers.nats_url, "wallet-bonus-test", bonus_answers, wallet_db),
        nats_client(portal_servers.nats_url) as nc,
    ):
        yield nc


async def house_bonuses(db: Database) -> int:
    async with db.reader() as session:
        total = await session.scalar(
            select(func.sum(LedgerAccount.balance)).where(LedgerAccount.kind.like(f"{BONUSES}#%"))
        )
    return int(total or 0)


async def transactions(db: Database) -> int:
    async with db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(MoneyTransaction)) or 0)


def wallets(balance: dict[str, Any]) -> dict[str, int]:
    return {wallet["wallet"]: wallet["available"] for wallet in balance["wallets"]}


async def test_a_bonus_is_held_once_then_released_into_main_once(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    account, token = await wallet.member("ayse")
    answers = await asyncio.gather(
        *(money.bonus(wallet_nats, MERCHANT, account, "grant-1", 50_000, "GRANT") for _ in range(20))
    )
    assert {(a.status, a.amount, a.currency) for a in answers} == {("HELD", 50_000, "TRY")}
    balance = await wallet.balance(token)
    assert wallets(balance) == {"main": 0, "bonus": 50_000}
    assert balance["sum"] == 0  # held bonus is not the member's to spend
    assert await house_bonuses(wallet_db) == -50_000

    released = await asyncio.gather(
        *(money.bonus(wallet_nats, MERCHANT, account, "grant-1", 50_000, "RELEASE") for _ in range(10))
    )
    assert {a.status for a in released} == {"RELEASED"}
    assert (await money.bonus(wallet_nats, MERCHANT, account, "grant-1", 50_000, "FORFEIT")).status == "RELEASED"
    balance = await wallet.balance(token)
    assert wallets(balance) == {"main": 50_000, "bonus": 0}
    assert balance["sum"] == 50_000
    assert await house_bonuses(wallet_db) == -50_000
    record = await wallet.call("GET", "/wps/relay/ODSFE2_MemTransDet?type=bonus", token)
    amounts = sorted(line["amount"] for line in record.json()["value"]["list"])
    assert amounts == [-50_000, 50_000, 50_000]  # into the bonus wallet, out of it, into main
    assert await wallet.reconciled()


async def test_a_release_and_a_forfeit_at_once_settle_the_bonus_one_way(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    account, token = await wallet.member("ayse")
    await money.bonus(wallet_nats, MERCHANT, account, "grant-2", 30_000, "GRANT")
    asked = [
        money.bonus(wallet_nats, MERCHANT, account, "grant-2", 30_000, "RELEASE" if n % 2 else "FORFEIT")
        for n in range(20)
    ]
    ended = {answer.status for answer in await asyncio.gather(*asked)}
    assert len(ended) == 1
    main = wallets(await wallet.balance(token))["main"]
    assert main == (30_000 if ended == {"RELEASED"} else 0)
    assert await house_bonuses(wallet_db) == (-30_000 if ended == {"RELEASED"} else 0)
    assert await wallet.reconciled()


async def test_refusals_move_nothing(wallet: WalletClient, wallet_nats: NATS, wallet_db: Database) -> None:
    account, _ = await wallet.member("ayse")
    trial, _ = await wallet.member("trial1", account_type=4)
    before = await transactions(wallet_db)
    for who, grant, action, code in (
        (trial, "t-1", "GRANT", "trial.real_money"),
        ("nobody", "n-1", "GRANT", "account.not_found"),
        (account, "never", "RELEASE", "bonus.not_found"),
        (account, "never", "FORFEIT", "bonus.not_found"),
    ):
        with pytest.raises(money.Refused) as refused:
            await money.bonus(wallet_nats, MERCHANT, who, grant, 1_000, action)
        assert refused.value.code == code
    assert await transactions(wallet_db) == before
    await money.bonus(wallet_nats, MERCHANT, account, "grant-3", 1_000, "GRANT")
    for amount, action in ((2_000, "GRANT"), (999, "RELEASE")):
        with pytest.raises(money.Refused) as refused:
            await money.bonus(wallet_nats, MERCHANT, account, "grant-3", amount, action)
        assert refused.value.code == "idempotency.mismatch"
    other, _ = await wallet.member("mehmet")
    with pytest.raises(money.Refused) as refused:  # someone else's bonus
        await money.bonus(wallet_nats, MERCHANT, other, "grant-3", 1_000, "RELEASE")
    assert refused.value.code == "bonus.not_found"
    assert await wallet.reconciled()


async def test_a_withdrawal_with_a_bonus_unmet_is_refused_unless_the_bonus_is_forfeited(
    wallet: WalletClient, wallet_nats: NATS, wallet_db: Database
) -> None:
    account, token, bank = await funded_member(wallet, "ayse", 100_000)
    await money.bonus(wallet_nats, MERCHANT, account, "grant-4", 20_000, "GRANT")
    await money.bonus(wallet_nats, MERCHANT, account, "grant-5", 5_000, "GRANT")
    refused = await ask(wallet, token, bank, 40_000, "w-bonus")
    assert refused.status_code == 409
    assert refused.json()["errorCode"] == "withdrawal.bonus_unmet"
    assert refused.json()["value"] == {"bonusBalance": 25_000, "currency": "TRY"}
    assert wallets(await wallet.balance(token)) == {"main": 100_000, "bonus": 25_000}  # nothing held

    payload = {"amount": 40_000, "bankAccountId": bank, "paymentPassword": "246810", "requestId": "w-bonus",
               "forfeitBonus": True}  # fmt: skip
    forfeited = await wallet.call_sealed("POST", "/wps/v2/wallets/withdrawals", token, payload)
    assert forfeited.status_code == 200, forfeited.text
    withdrawal = forfeited.json()["value"]["withdrawalId"]
    balance = await wallet.balance(token)
    assert wallets(balance) == {"main": 60_000, "bonus": 0}
    assert await house_bonuses(wallet_db) == 0
    async with wallet_db.reader() as session:
        holds = (await session.scalars(select(BonusHold).order_by(BonusHold.id))).all()
    assert [(h.grant_id, h.status, h.withdrawal_id) for h in holds] == [
        ("grant-4", "FORFEITED", withdrawal),
        ("grant-5", "FORFEITED", withdrawal),
    ]
    events = await wallet.events("wallet.bonus.forfeited.v1")
    assert [e["data"]["grantIds"] for e in events] == [["grant-4", "grant-5"]]
    assert events[0]["data"]["amount"] == 25_000
    schema = json.loads((PROTO / "bonus.forfeited.v1.json").read_text())
    Draft202012Validator(schema, format_checker=FormatChecker()).validate(events[0])
    late = await money.bonus(wallet_nats, MERCHANT, account, "grant-4", 20_000, "RELEASE")
    assert late.status == "FORFEITED"  # the wagering met too late: the withdrawal came first
    assert wallets(await wallet.balance(token))["main"] == 60_000
    again = await wallet.call_sealed("POST", "/wps/v2/wallets/withdrawals", token, {**payload, "requestId": "w-2"})
    assert again.status_code == 200, again.text  # nothing held any more: no bonus to forfeit
    assert await wallet.reconciled()


async def test_each_credited_deposit_says_which_of_the_members_it_is(wallet: WalletClient) -> None:
    account, token = await wallet.member("ayse")
    orders = [await sandbox_order(wallet, token, 10_000 * (n + 1), f"dep-{n}") for n in range(3)]
    paid = await asyncio.gather(*(
        callback(wallet, {"orderId": order["depositId"], "merchant": MERCHANT, "amount": order["amount"],
                          "currency": "TRY", "status": "SUCCESS", "gatewayTxnId": f"g-{n}"})
        for n, order in enumerate(orders)
    ))  # fmt: skip
    assert {response.status_code for response in paid} == {200}
    credited = await wallet.events("wallet.deposit.credited.v1")
    assert sorted(event["data"]["depositNumber"] for event in credited) == [1, 2, 3]
    assert {event["data"]["accountId"] for event in credited} == {account}

"""The ledger and the money API's rules, against real PostgreSQL: concurrency, replays, tombstones, bad input,
and random operation sequences that reconciliation must always find balanced."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

import pytest
from sqlalchemy import func, select
from wallet_conftest import open_member

from portal_kit.db import Database
from wallet_service.ledger.domain import MoneyError, house_shard_number
from wallet_service.ledger.models import JournalEntry, LedgerAccount, MoneyTransaction
from wallet_service.merchants import service as merchants
from wallet_service.money import service
from wallet_service.money.service import Movement
from wallet_service.reconcile import differences


def move(account: str, amount: Any, txid: str, **extra: Any) -> Movement:
    return Movement.parse(
        {
            "merchant": "turkeyf2",
            "accountId": account,
            "currency": "TRY",
            "amount": amount,
            "transactionId": txid,
            **extra,
        }
    )


async def available(db: Database, account: str, wallet: str = "main") -> int:
    value = (await service.balance(db, "turkeyf2", account, wallet))["value"]
    return int(value["balance"])


async def counts(db: Database) -> tuple[int, int]:
    async with db.reader() as session:
        transactions = await session.scalar(select(func.count()).select_from(MoneyTransaction))
        entries = await session.scalar(select(func.count()).select_from(JournalEntry))
    return int(transactions or 0), int(entries or 0)


async def test_200_concurrent_debits_of_10_on_1000_accept_exactly_100(wallet_db: Database) -> None:
    await open_member(wallet_db, "m1")
    assert (await service.credit(wallet_db, move("m1", 1000, "seed")))["success"]
    answers = await asyncio.gather(*(service.debit(wallet_db, move("m1", 10, f"bet-{n}")) for n in range(200)))
    accepted = [a for a in answers if a["success"]]
    refused = [a for a in answers if not a["success"]]
    assert len(accepted) == 100
    assert {a["errorCode"] for a in refused} == {"wallet.insufficient_funds"}
    assert await available(wallet_db, "m1") == 0
    assert await differences(wallet_db) == []


async def test_every_call_replayed_answers_the_same(wallet_db: Database) -> None:
    await open_member(wallet_db, "m1")
    first_credit = await service.credit(wallet_db, move("m1", 500, "c1"))
    first_debit = await service.debit(wallet_db, move("m1", 200, "d1"))
    first_refusal = await service.debit(wallet_db, move("m1", 10_000, "d2"))
    assert first_refusal["errorCode"] == "wallet.insufficient_funds"
    await service.credit(wallet_db, move("m1", 50_000, "c2"))
    assert await service.credit(wallet_db, move("m1", 500, "c1")) == first_credit
    assert await service.debit(wallet_db, move("m1", 200, "d1")) == first_debit
    assert await service.debit(wallet_db, move("m1", 10_000, "d2")) == first_refusal  # still the stored refusal
    assert await available(wallet_db, "m1") == 500 - 200 + 50_000


async def test_concurrent_replays_of_one_transaction_have_one_effect(wallet_db: Database) -> None:
    await open_member(wallet_db, "m1")
    await service.credit(wallet_db, move("m1", 1000, "seed"))
    answers = await asyncio.gather(*(service.debit(wallet_db, move("m1", 300, "same")) for _ in range(20)))
    assert all(a == answers[0] for a in answers)
    assert await available(wallet_db, "m1") == 700


async def test_same_id_with_a_different_amount_is_refused(wallet_db: Database) -> None:
    await open_member(wallet_db, "m1")
    await service.credit(wallet_db, move("m1", 1000, "seed"))
    await service.debit(wallet_db, move("m1", 100, "d1"))
    with pytest.raises(MoneyError, match=r"idempotency\.mismatch"):
        await service.debit(wallet_db, move("m1", 101, "d1"))
    assert await available(wallet_db, "m1") == 900


async def test_rollback_of_an_unknown_debit_leaves_a_tombstone(wallet_db: Database) -> None:
    await open_member(wallet_db, "m1")
    await service.credit(wallet_db, move("m1", 1000, "seed"))
    early = await service.rollback(wallet_db, "turkeyf2", "late-bet")
    assert early == {
        "success": True,
        "value": {"transactionId": "late-bet", "reversed": 0},
        "errorCode": None,
        "message": None,
    }
    with pytest.raises(MoneyError, match=r"transaction\.rolled_back"):
        await service.debit(wallet_db, move("m1", 100, "late-bet"))
    assert await available(wallet_db, "m1") == 1000
    assert await service.rollback(wallet_db, "turkeyf2", "late-bet") == early


async def test_rollback_restores_a_debit_once(wallet_db: Database) -> None:
    await open_member(wallet_db, "m1")
    await service.credit(wallet_db, move("m1", 1000, "seed"))
    await service.debit(wallet_db, move("m1", 250, "bet"))
    undone = await service.rollback(wallet_db, "turkeyf2", "bet")
    assert undone["value"] == {"transactionId": "bet", "reversed": 250}
    assert await service.rollback(wallet_db, "turkeyf2", "bet") == undone
    assert await available(wallet_db, "m1") == 1000
    assert (await service.debit(wallet_db, move("m1", 250, "bet")))["success"]  # the original answer, no new effect
    assert await available(wallet_db, "m1") == 1000
    assert await differences(wallet_db) == []


async def test_bets_of_different_players_land_on_shards_of_the_games_house(wallet_db: Database) -> None:
    members = [f"p{n}" for n in range(12)]
    for member in members:
        await open_member(wallet_db, member)
        await service.credit(wallet_db, move(member, 500, f"seed-{member}"))
    await asyncio.gather(*(service.debit(wallet_db, move(member, 120, f"bet-{member}")) for member in members))
    async with wallet_db.reader() as session:
        rows = await session.execute(
            select(LedgerAccount.kind, LedgerAccount.balance).where(LedgerAccount.kind.like("house:games#%"))
        )
        shards = {kind: balance for kind, balance in rows}
    assert len(shards) > 1  # not one hot row
    assert set(shards) == {f"house:games#{house_shard_number(member)}" for member in members}
    assert sum(shards.values()) == -(500 - 120) * len(members)
    assert await differences(wallet_db) == []


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"amount": -10}, "amount.invalid"),
        ({"amount": 0}, "amount.invalid"),
        ({"amount": 10.5}, "amount.invalid"),
        ({"amount": "10"}, "amount.invalid"),
        ({"amount": True}, "amount.invalid"),
        ({"amount": 10**16}, "amount.invalid"),
        ({"currency": "USD"}, "currency.unknown"),
        ({"currency": "TRYX"}, "request.invalid"),
        ({"accountId": "someone-else"}, "account.not_found"),
        ({"wallet": "casino"}, "wallet.unknown"),
        ({"transactionId": ""}, "request.invalid"),
    ],
)
async def test_bad_money_calls_are_refused_and_write_nothing(
    wallet_db: Database, body: dict[str, Any], code: str
) -> None:
    await open_member(wallet_db, "m1")
    request = {
        "merchant": "turkeyf2",
        "accountId": "m1",
        "currency": "TRY",
        "amount": 10,
        "transactionId": "t1",
        **body,
    }
    with pytest.raises(MoneyError) as refusal:
        await service.debit(wallet_db, Movement.parse(request))
    assert refusal.value.code == code
    assert await counts(wallet_db) == (0, 0)


async def test_a_trial_account_cannot_touch_real_money(wallet_db: Database) -> None:
    await open_member(wallet_db, "t1", account_type=4)
    assert await available(wallet_db, "t1", "freeplay") == 200_000
    with pytest.raises(MoneyError, match=r"trial\.real_money"):
        await service.debit(wallet_db, move("t1", 10, "x"))
    assert (await service.debit(wallet_db, move("t1", 10, "y", wallet="freeplay")))["success"]


async def test_concurrent_transfers_both_ways_never_deadlock_or_lose_a_cent(wallet_db: Database) -> None:
    await open_member(wallet_db, "m1")
    await service.credit(wallet_db, move("m1", 10_000, "seed"))
    await service.transfer(wallet_db, "turkeyf2", "m1", "main", "vendor:PG", 5_000, "init")
    jobs = []
    for n in range(60):
        source, target = ("main", "vendor:PG") if n % 2 else ("vendor:PG", "main")
        jobs.append(service.transfer(wallet_db, "turkeyf2", "m1", source, target, 37, f"t{n}"))
    answers = await asyncio.wait_for(asyncio.gather(*jobs), timeout=60)
    assert all(a["success"] for a in answers)
    assert await available(wallet_db, "m1") + await available(wallet_db, "m1", "vendor:PG") == 10_000
    assert await differences(wallet_db) == []


@pytest.mark.parametrize("seed", range(5))
async def test_random_operation_sequences_keep_the_invariants(wallet_db: Database, seed: int) -> None:
    rng = random.Random(seed)
    members = ["a", "b", "c"]
    for member in members:
        await open_member(wallet_db, member)
    issued: list[str] = []
    for step in range(60):
        member, amount, txid = rng.choice(members), rng.randint(1, 500), f"s{seed}-{step}"
        operation = rng.choice(["credit", "debit", "debit", "rollback", "replay", "transfer"])
        if operation == "credit":
            await service.credit(wallet_db, move(member, amount, txid))
        elif operation == "debit":
            await service.debit(wallet_db, move(member, amount, txid))
            issued.append(txid)
        elif operation == "rollback":
            await service.rollback(
                wallet_db, "turkeyf2", rng.choice(issued) if issued and rng.random() < 0.7 else f"ghost-{step}"
            )
        elif operation == "replay" and issued:
            with contextlib.suppress(MoneyError):  # other content, or a tombstone: refused, nothing written
                await service.debit(wallet_db, move(member, amount, rng.choice(issued)))
        elif operation == "transfer":
            await service.transfer(wallet_db, "turkeyf2", member, "main", "vendor:PG", amount, txid)
    assert await differences(wallet_db) == []
    async with wallet_db.reader() as session:
        negative = await session.scalar(
            select(func.count())
            .select_from(LedgerAccount)
            .where(~LedgerAccount.allow_negative, LedgerAccount.balance - LedgerAccount.held < 0)
        )
    assert negative == 0


async def test_a_vendors_movements_use_its_own_wallet_in_a_transfer_mode_brand_and_main_otherwise(
    wallet_db: Database,
) -> None:
    await open_member(wallet_db, "m-vendor")
    assert (await service.credit(wallet_db, move("m-vendor", 5_000, "seed")))["success"]
    async with wallet_db.transaction() as session:
        await merchants.change(session, "turkeyf2", {"mode": "transfer", "vendors": ["PG", "BTI"]})

    empty = await service.debit(wallet_db, move("m-vendor", 100, "pg-bet-1", vendor="PG"))
    assert empty["errorCode"] == "wallet.insufficient_funds"  # the PG wallet was opened, empty; main untouched
    assert await available(wallet_db, "m-vendor", "vendor:PG") == 0
    await service.transfer(wallet_db, "turkeyf2", "m-vendor", "main", "vendor:PG", 1_000, "to-pg")
    assert (await service.debit(wallet_db, move("m-vendor", 300, "pg-bet-2", vendor="PG")))["success"]
    assert (await service.credit(wallet_db, move("m-vendor", 450, "pg-win-2", vendor="PG")))["success"]
    assert (await service.balance(wallet_db, "turkeyf2", "m-vendor", vendor="PG"))["value"]["balance"] == 1_150
    assert await available(wallet_db, "m-vendor") == 4_000  # main: only the transfer left it
    unlisted = await service.debit(wallet_db, move("m-vendor", 200, "dg-bet", vendor="DIG"))
    assert unlisted["success"] and await available(wallet_db, "m-vendor") == 3_800  # a vendor not listed: main

    async with wallet_db.transaction() as session:
        await merchants.change(session, "turkeyf2", {"mode": "single", "vendors": []})
    replayed = await service.debit(wallet_db, move("m-vendor", 300, "pg-bet-2", vendor="PG"))
    assert replayed == (await service.debit(wallet_db, move("m-vendor", 300, "pg-bet-2", vendor="PG")))
    assert replayed["success"] and await available(wallet_db, "m-vendor", "vendor:PG") == 1_150  # the original
    assert (await service.debit(wallet_db, move("m-vendor", 300, "pg-bet-3", vendor="PG")))["success"]
    assert await available(wallet_db, "m-vendor") == 3_500  # a single-mode brand: every vendor plays from main
    with pytest.raises(MoneyError, match=r"wallet\.unknown"):  # not a vendor code
        move("m-vendor", 1, "odd", vendor="pg-soft")
    assert await differences(wallet_db) == []

"""``rpc.wallet.settle`` (issue #43, item 13): a game round's stake and win in one wallet transaction, against
real PostgreSQL and NATS: one effect per round under parallel replays, the same id with other content refused,
a stake the balance cannot cover refused whole, the account record unchanged (a bet and a win), only the games
service allowed to call it, and the ledger reconciled after each test. The review of #43: the round's id names one
stake and one win (a win of 0 included), and neither leg is rolled back alone (migration 0008)."""

from __future__ import annotations

import asyncio
import secrets
import uuid
from collections.abc import AsyncIterator, Awaitable, Iterator
from pathlib import Path
from typing import Any

import nats
import pytest
from wallet_conftest import open_member

from portal_events import WalletMovementReply, WalletSettleRequest
from portal_kit.db import Database
from portal_kit.messaging.relay import inbox_prefix
from portal_kit.messaging.rpc import Responder, ask
from portal_kit.migrations import upgrade
from portal_kit.servers import ManagedProcess, free_ports, nats_authorization, nats_process
from portal_kit.testing.plugin import PortalServers
from portal_stack.access import nats_users
from wallet_service.accounts.handlers import NewAccount, open_wallets
from wallet_service.ledger.domain import MoneyError, fingerprint, house_shard_number
from wallet_service.money import service
from wallet_service.money.rpc import money_answers
from wallet_service.money.service import Movement, Settlement
from wallet_service.reconcile import differences

MERCHANT = "turkeyf2"


def settlement(account: str, stake: int, win: int, round_id: str, wallet: str = "main") -> Settlement:
    return Settlement(MERCHANT, account, "TRY", stake, win, round_id, wallet)


async def funded(db: Database, account: str, amount: int) -> None:
    await open_member(db, account)
    assert (await service.credit(db, Movement(MERCHANT, account, "TRY", amount, f"funds-{account}")))["success"]


async def available(db: Database, account: str) -> int:
    return int((await service.balance(db, MERCHANT, account))["value"]["balance"])


async def test_a_round_takes_its_stake_and_pays_its_win_in_one_transaction(wallet_db: Database) -> None:
    await funded(wallet_db, "s1", 10_000)
    answer = await service.settle(wallet_db, settlement("s1", 1000, 2500, "bgs:r1"))
    assert answer == {
        "success": True,
        "value": {"transactionId": "bgs:r1", "balance": 11_500, "currency": "TRY"},
        "errorCode": None,
        "message": None,
    }
    assert await available(wallet_db, "s1") == 11_500
    kinds = await wallet_db.rows(
        "SELECT t.kind, t.idempotency_key, e.amount FROM money_transaction t "
        "JOIN journal_entry e ON e.transaction_id = t.id JOIN ledger_account a ON a.id = e.account_id "
        "WHERE a.owner_id = 's1' AND t.idempotency_key LIKE %s ORDER BY t.id",
        ("%bgs:r1:%",),
    )
    assert kinds == [("debit", "debit:bgs:r1:bet", -1000), ("credit", "credit:bgs:r1:win", 2500)]  # a bet, a win
    lost = await service.settle(wallet_db, settlement("s1", 1000, 0, "bgs:r2"))  # no win: the stake alone
    assert lost["value"]["balance"] == 10_500
    assert await wallet_db.rows("SELECT 1 FROM money_transaction WHERE idempotency_key = 'credit:bgs:r2:win'") == []
    assert await differences(wallet_db) == []


async def test_a_replay_answers_the_original_and_other_content_is_refused(wallet_db: Database) -> None:
    await funded(wallet_db, "s1", 10_000)
    first = await service.settle(wallet_db, settlement("s1", 1000, 300, "bgs:r1"))
    await service.credit(wallet_db, Movement(MERCHANT, "s1", "TRY", 5, "later"))
    assert await service.settle(wallet_db, settlement("s1", 1000, 300, "bgs:r1")) == first
    for other in (settlement("s1", 1000, 301, "bgs:r1"), settlement("s1", 999, 300, "bgs:r1")):
        with pytest.raises(MoneyError, match=r"idempotency\.mismatch"):
            await service.settle(wallet_db, other)
    assert await available(wallet_db, "s1") == 10_000 - 1000 + 300 + 5
    assert await differences(wallet_db) == []


@pytest.mark.parametrize(
    ("first", "then"),
    [(0, 2500), (2500, 0), (2500, 2600)],
    ids=["nothing-then-a-win", "a-win-then-nothing", "another-win"],
)
async def test_a_settled_round_refuses_another_win_under_its_id_and_moves_nothing(
    wallet_db: Database, first: int, then: int
) -> None:
    """The round's id names one stake and one win: settled with one win, the same id with another is refused, a win
    of 0 included (a lost round replayed as a winning one pays nothing, and the other way round)."""
    await funded(wallet_db, "s1", 10_000)
    assert (await service.settle(wallet_db, settlement("s1", 1000, first, "bgs:r1")))["success"]
    with pytest.raises(MoneyError, match=r"idempotency\.mismatch"):
        await service.settle(wallet_db, settlement("s1", 1000, then, "bgs:r1"))
    assert await available(wallet_db, "s1") == 10_000 - 1000 + first
    rows = await wallet_db.rows(
        "SELECT idempotency_key FROM money_transaction WHERE idempotency_key LIKE %s", ("%bgs:r1%",)
    )
    assert len(rows) == (3 if first else 2)  # the round, its stake and (a win) its win: nothing more was written
    assert await differences(wallet_db) == []


async def test_parallel_settles_of_one_round_with_different_wins_move_one_of_them(wallet_db: Database) -> None:
    await funded(wallet_db, "s1", 10_000)
    wins = [0 if n % 2 else 2500 for n in range(20)]
    answers = await asyncio.gather(
        *(service.settle(wallet_db, settlement("s1", 1000, win, "bgs:race")) for win in wins), return_exceptions=True
    )
    settled = {win for win, answer in zip(wins, answers, strict=True) if isinstance(answer, dict)}
    assert len(settled) == 1, answers  # every answer that succeeded is of one content
    refused = [answer for answer in answers if not isinstance(answer, dict)]
    assert all(isinstance(error, MoneyError) and error.code == "idempotency.mismatch" for error in refused)
    assert len(refused) == 10
    assert await available(wallet_db, "s1") == 10_000 - 1000 + settled.pop()
    assert await differences(wallet_db) == []


async def test_a_leg_of_a_settled_round_is_never_rolled_back(wallet_db: Database) -> None:
    """Both or neither: neither the stake nor the win of a settled round is reversed on its own."""
    await funded(wallet_db, "s1", 10_000)
    await service.settle(wallet_db, settlement("s1", 1000, 2500, "bgs:r1"))
    await service.settle(wallet_db, settlement("s1", 700, 0, "bgs:r2"))
    for leg in ("bgs:r1:bet", "bgs:r1:win", "bgs:r2:bet"):
        with pytest.raises(MoneyError, match=r"rollback\.round_settled"):
            await service.rollback(wallet_db, MERCHANT, leg)
    assert await available(wallet_db, "s1") == 10_000 - 1000 + 2500 - 700
    assert await wallet_db.rows("SELECT 1 FROM money_transaction WHERE kind = 'rollback'") == []
    assert await differences(wallet_db) == []


async def test_a_settle_and_a_rollback_of_its_stake_sent_together_never_both_move_money(wallet_db: Database) -> None:
    """A rollback that comes first leaves a tombstone that refuses the round whole (nothing moved, nothing will); one
    that comes after is refused."""
    await funded(wallet_db, "s1", 100_000)
    calls: list[Awaitable[dict[str, Any]]] = []
    for n in range(20):
        calls += [
            service.settle(wallet_db, settlement("s1", 1000, 3000, f"bgs:pair-{n}")),
            service.rollback(wallet_db, MERCHANT, f"bgs:pair-{n}:bet"),
        ]
    answers = await asyncio.gather(*calls, return_exceptions=True)
    settled = 0
    for settle, rollback in zip(answers[::2], answers[1::2], strict=True):
        assert [isinstance(settle, dict), isinstance(rollback, dict)].count(True) == 1, (settle, rollback)
        if isinstance(settle, dict):
            settled += 1
            assert isinstance(rollback, MoneyError) and rollback.code == "rollback.round_settled"
        else:
            assert isinstance(settle, MoneyError) and settle.code == "transaction.rolled_back"
            assert isinstance(rollback, dict) and rollback["value"]["reversed"] == 0
    assert await available(wallet_db, "s1") == 100_000 + settled * 2000
    assert await differences(wallet_db) == []


async def test_a_stake_the_balance_cannot_cover_is_refused_whole_and_stays_refused(wallet_db: Database) -> None:
    await funded(wallet_db, "s1", 500)
    refused = await service.settle(wallet_db, settlement("s1", 1000, 5000, "bgs:r1"))
    assert (refused["success"], refused["errorCode"]) == (False, "wallet.insufficient_funds")
    assert await available(wallet_db, "s1") == 500  # no win without its stake
    await service.credit(wallet_db, Movement(MERCHANT, "s1", "TRY", 10_000, "topped-up"))
    assert await service.settle(wallet_db, settlement("s1", 1000, 5000, "bgs:r1")) == refused  # a void round stays void
    assert await available(wallet_db, "s1") == 10_500
    assert await differences(wallet_db) == []


async def test_parallel_settles_of_one_round_have_one_effect_and_of_many_never_overdraw(wallet_db: Database) -> None:
    await funded(wallet_db, "s1", 10_000)
    same = await asyncio.gather(
        *(service.settle(wallet_db, settlement("s1", 1000, 1500, "bgs:same")) for _ in range(20))
    )
    assert all(answer == same[0] for answer in same) and same[0]["success"]
    assert await available(wallet_db, "s1") == 10_500
    many = await asyncio.gather(
        *(service.settle(wallet_db, settlement("s1", 1000, 0, f"bgs:many-{n}")) for n in range(30))
    )
    assert sum(answer["success"] for answer in many) == 10  # 10,500 covers ten stakes of 1,000
    assert {a["errorCode"] for a in many if not a["success"]} == {"wallet.insufficient_funds"}
    assert await available(wallet_db, "s1") == 500
    assert await differences(wallet_db) == []


async def test_a_free_play_round_moves_play_money_against_the_free_play_house(wallet_db: Database) -> None:
    async with wallet_db.transaction() as session:
        await open_wallets(session, MERCHANT, NewAccount("t1", 4), "TRY", 200_000)
    answer = await service.settle(wallet_db, settlement("t1", 1000, 4000, "bgs:demo", "freeplay"))
    assert answer["value"]["balance"] == 203_000
    with pytest.raises(MoneyError, match=r"trial\.real_money"):
        await service.settle(wallet_db, settlement("t1", 1000, 0, "bgs:real"))
    houses = await wallet_db.rows(
        "SELECT DISTINCT a.kind LIKE %s FROM journal_entry e JOIN ledger_account a ON a.id = e.account_id "
        "JOIN money_transaction t ON t.id = e.transaction_id WHERE t.idempotency_key LIKE %s AND a.owner_id = 'house'",
        ("house:freeplay#%", "%bgs:demo%"),
    )
    assert houses == [(True,)]
    assert await differences(wallet_db) == []


# Who may call it: the NATS users the portal runs with (portal_stack.access, from proto/registry.yaml).
SERVICES = ("wallet", "games", "lottery", "site")


@pytest.fixture(scope="module")
def nats_with_users(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, dict[str, str]]]:
    root: Path = tmp_path_factory.mktemp("settle-access")
    passwords = {name: secrets.token_urlsafe(16) for name in ("admin", *SERVICES)}
    (port,) = free_ports(1)
    process: ManagedProcess = nats_process(
        port, root / "nats", root / "nats.log", sync_always=False,
        authorization=nats_authorization(nats_users(passwords, SERVICES)),
    )  # fmt: skip
    process.start()
    try:
        process.wait_ready(30)
        yield port, passwords
    finally:
        process.stop()


def url_of(port: int, passwords: dict[str, str], user: str) -> str:
    return f"nats://{user}:{passwords[user]}@127.0.0.1:{port}"


@pytest.fixture
async def wallet_answering(nats_with_users: tuple[int, dict[str, str]], wallet_db: Database) -> AsyncIterator[None]:
    port, passwords = nats_with_users
    responder = Responder(url_of(port, passwords, "wallet"), name="wallet-settle-test")
    money_answers(responder, wallet_db)
    await responder.start()
    yield
    await responder.stop()


async def test_only_the_games_service_may_settle_a_round(
    nats_with_users: tuple[int, dict[str, str]], wallet_answering: None, wallet_db: Database
) -> None:
    port, passwords = nats_with_users
    await funded(wallet_db, "s1", 10_000)
    request = WalletSettleRequest(
        merchant=MERCHANT, accountId="s1", currency="TRY", stake=1000, win=0, transactionId="bgs:nats-1"
    )
    for intruder in ("lottery", "site"):
        errors: list[str] = []

        async def on_error(error: Exception, errors: list[str] = errors) -> None:
            errors.append(str(error))

        url = url_of(port, passwords, intruder)
        nc = await nats.connect(url, error_cb=on_error, allow_reconnect=False, inbox_prefix=inbox_prefix(url))
        try:
            with pytest.raises(nats.errors.TimeoutError):
                await nc.request("rpc.wallet.settle", request.model_dump_json().encode(), timeout=0.5)
            await asyncio.sleep(0.1)
            assert any('permissions violation for publish to "rpc.wallet.settle"' in error for error in errors), errors
        finally:
            await nc.close()
    assert await available(wallet_db, "s1") == 10_000  # nothing reached the wallet

    url = url_of(port, passwords, "games")
    games = await nats.connect(url, allow_reconnect=False, inbox_prefix=inbox_prefix(url))
    try:
        answer = await ask(games, "rpc.wallet.settle", request, WalletMovementReply)
    finally:
        await games.close()
    assert answer.success and answer.value is not None and answer.value.balance == 9_000
    assert await differences(wallet_db) == []


MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


async def test_a_round_settled_before_migration_0008_keeps_its_win_and_its_legs(portal_servers: PortalServers) -> None:
    """A round settled by migration 0007's ``money_settle`` (no round-level key yet) is given one by 0008 from its
    journal: replayed with another win it is refused, and its stake is not rolled back alone."""
    url = portal_servers.database(f"wallet_before_0008_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0007")
    db = Database(url, pool_size=2)
    try:
        await funded(db, "old", 10_000)
        bet, win = settlement("old", 1000, 0, "bgs:old-round").legs()
        await db.call(
            "SELECT money_settle(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (MERCHANT, "bgs:old-round", fingerprint("debit", bet.content()), fingerprint("credit", win.content()),
             "old", "main", "TRY", 1000, 0, house_shard_number("old")),
        )  # fmt: skip
        upgrade(MIGRATIONS, url)
        replay = await service.settle(db, settlement("old", 1000, 0, "bgs:old-round"))
        assert replay["success"] and replay["value"] == {
            "transactionId": "bgs:old-round",
            "balance": 9_000,
            "currency": "TRY",
        }
        with pytest.raises(MoneyError, match=r"idempotency\.mismatch"):
            await service.settle(db, settlement("old", 1000, 5000, "bgs:old-round"))
        with pytest.raises(MoneyError, match=r"rollback\.round_settled"):
            await service.rollback(db, MERCHANT, "bgs:old-round:bet")
        assert await available(db, "old") == 9_000
        assert await differences(db) == []
    finally:
        await db.dispose()

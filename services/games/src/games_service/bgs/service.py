"""Playing a round of an in-house game.

1. One transaction fixes the round: it takes the player's next nonce (``UPDATE ... nonce = nonce + 1``, which
   also queues the player's parallel rounds on that row), computes the outcome from the seeds and writes the
   round ``open``, once per ``requestId`` (a replay answers the stored round; the same id for another bet is
   refused).
2. The stake is debited (``bgs:<round>:bet``), then the win credited (``bgs:<round>:win``): the wallet
   answers a replay with the original, so settling again after a crash never moves money twice.
3. One transaction marks the round ``settled``, writes its bet record and stages ``games.bet.settled.v1`` in
   the outbox.

A refused stake (not enough money) voids the round. A round left ``open`` (no answer from the wallet, or the
process stopped) keeps its outcome and is settled by the worker's recovery sweep."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from nats.aio.client import Client as NATS
from sqlalchemy import select, text, update
from sqlalchemy.dialects.postgresql import insert

from games_service.bgs import fair, jackpot, pool
from games_service.bgs.games import Result
from games_service.bgs.models import Round
from games_service.records import service as records
from games_service.records.domain import SettledBet
from portal_kit.db import Database
from portal_kit.errors import Conflict, DomainError
from portal_kit.money import Refused, credit, debit

VENDOR = "BGS"
OPEN, SETTLED, VOID = "open", "settled", "void"
MAIN = "main"

NEXT_NONCE = text(
    """
    INSERT INTO seed_pair (merchant, account_id, server_seed, client_seed, nonce)
    VALUES (:merchant, :account_id, :server_seed, :client_seed, 1)
    ON CONFLICT (merchant, account_id) DO UPDATE SET nonce = seed_pair.nonce + 1
    RETURNING server_seed, client_seed, nonce
    """
)


@dataclass(frozen=True)
class Bet:
    merchant: str
    account_id: str
    player_name: str
    currency: str
    game_code: str
    game_type: str
    stake: int
    request_id: str
    params: dict[str, Any]  # what the player chose besides the stake (the dice's target), part of the bet
    wallet: str = "main"  # freeplay: a trial account's demo round


Rules = Callable[[str, str, int], Result]  # (server seed, client seed, nonce) -> the round's result


async def play(db: Database, nc: NATS, bet: Bet, rules: Rules) -> Round:
    """Fix, then settle, one round of ``bet``; ``rules(server_seed, client_seed, nonce)`` gives its result."""
    round_ = await _fix(db, bet, rules)
    if round_.state == OPEN:
        round_ = await settle(db, nc, round_)
    if round_.state == VOID:
        raise Refused(round_.refusal or "wallet.refused")
    return round_


async def _existing(db: Database, bet: Bet) -> Round | None:
    async with db.reader() as session:
        found: Round | None = await session.scalar(
            select(Round).where(
                Round.merchant == bet.merchant, Round.account_id == bet.account_id, Round.request_id == bet.request_id
            )
        )
    if found is not None and (
        found.game_code != bet.game_code or found.stake != bet.stake or found.outcome.get("params") != bet.params
    ):
        raise Conflict("idempotency.mismatch")
    return found


async def _fix(db: Database, bet: Bet, rules: Rules) -> Round:
    """Write the round ``open`` with its outcome, or (a replay) answer the round its ``requestId`` already has."""
    async with db.transaction() as session:
        seeds = (
            await session.execute(
                NEXT_NONCE,
                {
                    "merchant": bet.merchant,
                    "account_id": bet.account_id,
                    "server_seed": fair.new_server_seed(),
                    "client_seed": fair.new_client_seed(),
                },
            )
        ).one()
        server_seed, client_seed, nonce = seeds
        result: Result = rules(server_seed, client_seed, nonce)
        fixed: Round | None = await session.scalar(
            insert(Round)
            .values(
                id=uuid.uuid4(), merchant=bet.merchant, account_id=bet.account_id, player_name=bet.player_name,
                request_id=bet.request_id, game_code=bet.game_code, game_type=bet.game_type, currency=bet.currency,
                wallet=bet.wallet, stake=bet.stake, win=result.win, server_seed_hash=fair.commitment(server_seed),
                client_seed=client_seed, nonce=nonce, outcome={**result.outcome, "params": bet.params}, state=OPEN,
            )
            .on_conflict_do_nothing(index_elements=["merchant", "account_id", "request_id"])
            .returning(Round)
        )  # fmt: skip
        if fixed is None:
            await session.rollback()  # a replay (or the same request won the race): this nonce is not used
    if fixed is not None:
        return fixed
    existing = await _existing(db, bet)
    assert existing is not None
    return existing


def _settled_bet(round_: Round, now: datetime) -> SettledBet:
    return SettledBet(
        vendor=VENDOR, round_id=str(round_.id), merchant=round_.merchant, account_id=round_.account_id,
        player_name=round_.player_name, game_type=round_.game_type, game_code=round_.game_code,
        currency=round_.currency, stake=round_.stake, valid_bet=round_.stake, win=round_.win + (round_.jackpot_win or 0),
        settled_at=now,
    )  # fmt: skip


async def settle(db: Database, nc: NATS, round_: Round) -> Round:
    """Take the stake and pay the win of an open round (again, safely), then mark it settled or void."""
    try:
        balance = await debit(
            nc, round_.merchant, round_.account_id, round_.currency, round_.stake, f"bgs:{round_.id}:bet",
            round_.wallet,
        )  # fmt: skip
    except Refused as refused:
        return await _close(db, round_, VOID, refusal=refused.code)
    if round_.win:
        balance = await credit(
            nc, round_.merchant, round_.account_id, round_.currency, round_.win, f"bgs:{round_.id}:win",
            round_.wallet,
        )  # fmt: skip
    if wins_jackpot(round_):
        round_.jackpot_win = await pool.claim(db, round_.id, round_.merchant, round_.currency)
        balance = await credit(
            nc, round_.merchant, round_.account_id, round_.currency, round_.jackpot_win, f"bgs:{round_.id}:jackpot"
        )
    return await _close(db, round_, SETTLED, balance=balance)


def wins_jackpot(round_: Round) -> bool:
    """A real-money spin of the slot whose fair outcome hit the jackpot (play money wins no real pool)."""
    return round_.wallet == MAIN and round_.game_code == jackpot.GAME_CODE and bool(round_.outcome.get("jackpot"))


async def _close(
    db: Database, round_: Round, state: str, *, balance: int | None = None, refusal: str | None = None
) -> Round:
    now = datetime.now(UTC)
    async with db.transaction() as session:
        closed: Round | None = await session.scalar(
            update(Round)
            .where(Round.id == round_.id, Round.state == OPEN)
            .values(state=state, balance=balance, refusal=refusal, settled_at=now)
            .returning(Round)
        )
        if closed is not None and state == SETTLED and round_.wallet == MAIN:
            # play money is no bet: no record, no event (points, turnover and the winners board ignore it)
            await records.add(session, _settled_bet(closed, now))
            if closed.game_code == jackpot.GAME_CODE:
                await pool.contribute(session, closed)
    if closed is not None:
        return closed
    async with db.reader() as reader:  # closed by another settle (the recovery sweep): its answer stands
        current = await reader.get(Round, round_.id)
    assert current is not None
    return current


async def recover(db: Database, nc: NATS, older_than_seconds: float, limit: int = 100) -> int:
    """Settle rounds left open for longer than ``older_than_seconds``; how many were settled or voided."""
    cutoff = datetime.now(UTC) - timedelta(seconds=older_than_seconds)
    async with db.reader() as session:
        stuck = list(
            await session.scalars(
                select(Round)
                .where(Round.state == OPEN, Round.created_at < cutoff)
                .order_by(Round.created_at)
                .limit(limit)
            )
        )
    done = 0
    for round_ in stuck:
        try:
            await settle(db, nc, round_)
            done += 1
        except DomainError:  # the wallet did not answer: the next sweep tries again
            break
    return done

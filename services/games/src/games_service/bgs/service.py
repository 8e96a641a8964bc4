"""Playing a round of an in-house game: one straight path.

1. One statement opens the round (``bgs_open_round``): it takes the player's next nonce under the pair's row lock
   (which orders a player's parallel rounds and a rotation) and writes the round ``open`` with its bet alone,
   once per ``requestId`` (a replay answers the round as it stands; the same id for another bet is refused). A
   pair whose commitment was never shown is refused (``seeds.not_shown``), and so, before anything is written, is
   a pair made under a key this process does not hold: it is retired (``seeds.retired``, ``seeds.retire``).
2. The outcome is computed from the pair's server seed (derived under its key), the client seed and the nonce,
   and one wallet call (``rpc.wallet.settle``, id ``bgs:<round>``) takes the stake and pays the win in one
   wallet transaction: both or neither. A refusal after which nothing moved (``money.NOTHING_MOVED``: the balance
   cannot cover the stake, ...) voids the round; any other leaves it open for the sweep (``round.pending``). The
   outcome becomes a fact only with the stake: until then nothing of it is stored, and the pair cannot be rotated
   (revealed) while the round is open, so a round whose stake timed out is no option on its outcome.
3. A jackpot hit claims the pool once (``pool.claim``) and is paid as ``bgs:<round>:jackpot``.
4. One statement closes the round (``bgs_close_round``): settled with its outcome and balance, its bet record and
   ``games.bet.settled.v1`` staged once, its share added to the jackpot; or void.

A round left ``open`` (no answer from the wallet, a stopped process) is settled by the worker's recovery sweep with
the same content: the same nonce gives the same outcome and the wallet answers a repeated id with the original. A
round whose key is no longer held cannot be computed: it is voided when the wallet confirms no money moved for it
(a rollback of its stake, which leaves the wallet's tombstone), else it waits for ops. The sweep takes rounds by
``retry_at`` and puts back one it cannot settle by a growing delay, so such rounds never keep the others waiting."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from nats.aio.client import Client as NATS

from games_service.bgs import fair, games, jackpot, pool, repository, seeds
from games_service.bgs.games import Result
from games_service.bgs.keys import SeedKeyNotHeld, SeedKeys
from games_service.bgs.repository import Closing, RoundRow
from games_service.catalogue.domain import IN_HOUSE_VENDOR
from games_service.catalogue.models import Game
from games_service.catalogue.service import check_open
from games_service.records.domain import SettledBet
from games_service.records.events import bet_settled_event
from portal_kit import money
from portal_kit.db import Database
from portal_kit.errors import Conflict, DomainError, NotFound
from portal_kit.fairness import commitment
from portal_kit.money import Refused
from portal_kit.telemetry import inject_headers

log = logging.getLogger("games.bgs")

VENDOR = IN_HOUSE_VENDOR


class RoundState(StrEnum):
    OPEN = "open"
    SETTLED = "settled"
    VOID = "void"


OPEN, SETTLED, VOID = RoundState
MAIN = "main"


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
    params: dict[str, Any]  # what the player chose besides the stake (the dice's target, the room), part of the bet
    wallet: str = MAIN  # freeplay: a trial account's demo round


@dataclass(frozen=True)
class Played:
    """A settled round as its answer shows it."""

    round: RoundRow
    capped: bool  # the win was cut to the game's maximum win a round

    @property
    def balance(self) -> int:
        assert self.round.balance is not None
        return self.round.balance


async def playable(db: Database, merchant: str, game_code: str) -> Game:
    """The in-house game ``game_code``, open for play (``vendor_under_maintenance``, ``game.unavailable``)."""
    found = await repository.playable(db, merchant, VENDOR, game_code)
    if found is None:
        raise NotFound("game.not_found")
    game, vendor = found
    check_open(game, vendor)
    return game


async def play(db: Database, nc: NATS, keys: SeedKeys, bet: Bet) -> Played:
    """Open, then settle, one round of ``bet``."""
    try:
        round_ = await repository.open_round(
            db, bet.merchant, bet.account_id, bet.player_name, bet.request_id, bet.game_code, bet.game_type,
            bet.currency, bet.wallet, bet.stake, bet.params, keys.held,
        )  # fmt: skip
    except Conflict as refused:
        if refused.code == "seeds.retired":  # nothing was written: the player is shown a new pair first
            await seeds.retire(db, keys, bet.merchant, bet.account_id)
        raise
    if round_.game_code != bet.game_code or round_.stake != bet.stake or round_.params != bet.params:
        raise Conflict("idempotency.mismatch")
    if round_.state == OPEN:
        round_ = await settle(db, nc, keys, round_)
    if round_.state == VOID:
        raise Refused(round_.refusal or "wallet.refused")
    return Played(round_, bool(round_.outcome.get("capped")))


def outcome_of(keys: SeedKeys, round_: RoundRow) -> Result:
    """What the round pays: computed from its pair's seed, or (a round of the old scheme) as it was stored.
    ``SeedKeyNotHeld`` when its key is not held."""
    if round_.pair is None:
        return Result(int(round_.win or 0), round_.outcome)
    seed = keys.seed(round_.key_id, round_.merchant, round_.account_id, round_.pair)
    if commitment(seed) != round_.server_seed_hash:  # unreachable while keys are verified at start (keys.verified)
        raise DomainError("seeds.unavailable", status=503)
    result = games.play(
        round_.game_code, round_.stake, round_.params, fair.stream(seed, round_.client_seed, round_.nonce)
    )
    return Result(result.win, {**result.outcome, "capped": True} if result.capped else result.outcome, result.capped)


def wins_jackpot(round_: RoundRow, result: Result) -> bool:
    """A real-money spin of the slot whose fair outcome hit the jackpot (play money wins no real pool)."""
    return round_.wallet == MAIN and round_.game_code == jackpot.GAME_CODE and bool(result.outcome.get("jackpot"))


async def settle(db: Database, nc: NATS, keys: SeedKeys, round_: RoundRow) -> RoundRow:
    """Take the stake and pay the win of an open round (again, safely), then close it settled or void. A refusal
    after which money may have moved leaves it open (``round.pending``)."""
    try:
        result = outcome_of(keys, round_)
    except SeedKeyNotHeld:
        return await _void_unless_moved(db, nc, round_)
    try:
        balance = await money.settle(
            nc, round_.merchant, round_.account_id, round_.currency, round_.stake, result.win, f"bgs:{round_.id}",
            round_.wallet,
        )  # fmt: skip
    except Refused as refused:
        if refused.code in money.NOTHING_MOVED:
            return await repository.close_round(db, round_.id, Closing(VOID, datetime.now(UTC), refusal=refused.code))
        log.error(
            "round %s: the wallet refused its settle (%s), money may have moved; left open", round_.id, refused.code
        )
        raise Conflict("round.pending") from None
    if wins_jackpot(round_, result):
        round_ = round_.with_jackpot(await pool.claim(db, round_.id, round_.merchant, round_.currency))
        assert round_.jackpot_win is not None
        balance = await money.credit(
            nc, round_.merchant, round_.account_id, round_.currency, round_.jackpot_win, f"bgs:{round_.id}:jackpot"
        )
    return await repository.close_round(db, round_.id, _settling(round_, result, balance))


def _settling(round_: RoundRow, result: Result, balance: int) -> Closing:
    """A settled round's close: a real-money bet writes its record and event; a spin of the slot feeds the pool."""
    now = datetime.now(UTC)
    outcome = None if round_.pair is None else result.outcome
    if round_.wallet != MAIN:  # play money is no bet: no record, no event, no pool
        return Closing(SETTLED, now, win=result.win, outcome=outcome, balance=balance)
    bet = SettledBet(
        vendor=VENDOR, round_id=str(round_.id), merchant=round_.merchant, account_id=round_.account_id,
        player_name=round_.player_name, game_type=round_.game_type, game_code=round_.game_code,
        currency=round_.currency, stake=round_.stake, valid_bet=round_.stake,
        win=result.win + (round_.jackpot_win or 0), settled_at=now,
    )  # fmt: skip
    slot = round_.game_code == jackpot.GAME_CODE
    return Closing(
        SETTLED, now, win=result.win, outcome=outcome, balance=balance,
        event=bet_settled_event(bet).model_dump(mode="json"), headers=dict(inject_headers({})),
        contribution=jackpot.contribution(round_.stake) if slot else 0, shard=jackpot.shard_of(round_.account_id),
        pool_seed=jackpot.SEED, pool_cap=jackpot.CAP,
    )  # fmt: skip


async def _void_unless_moved(db: Database, nc: NATS, round_: RoundRow) -> RoundRow:
    """Void a round whose key is no longer held once the wallet confirms nothing moved for it: a rollback of its
    stake leaves the wallet's tombstone (a settle that comes later is refused whole) or finds it refused; a stake
    that went through is never rolled back alone (``rollback.round_settled``) and the round waits for ops."""
    try:
        await money.rollback(nc, round_.merchant, f"bgs:{round_.id}:bet")
    except Refused as refused:
        log.error("round %s: its key is gone and its stake went through (%s); left open", round_.id, refused.code)
        raise Conflict("round.pending") from None
    return await repository.close_round(db, round_.id, Closing(VOID, datetime.now(UTC), refusal="seeds.retired"))


async def recover(db: Database, nc: NATS, older_than_seconds: float, *, keys: SeedKeys, limit: int = 100) -> int:
    """Settle rounds left open for longer than ``older_than_seconds``, those waiting longest first; how many were
    settled or voided. One that cannot be settled now is put back (``repository.postpone``), so it never keeps
    the others waiting; no answer from the wallet ends the sweep (the next one tries again)."""
    done = 0
    for round_id in await repository.due_rounds(db, datetime.now(UTC) - timedelta(seconds=older_than_seconds), limit):
        round_ = await repository.round_of(db, round_id)
        if round_ is None or round_.state != OPEN:
            continue
        try:
            await settle(db, nc, keys, round_)
            done += 1
        except DomainError as failed:
            if failed.code == "service_unavailable":
                break
            tries = await repository.postpone(db, round_id)
            log.error("open round %s cannot be settled (%s); tried %d time(s), put back", round_id, failed.code, tries)
        except Exception:
            tries = await repository.postpone(db, round_id)
            log.exception("open round %s failed to settle; tried %d time(s), put back", round_id, tries)
    return done

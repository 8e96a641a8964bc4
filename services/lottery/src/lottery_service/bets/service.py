"""Placing and cancelling lottery bets, settling them and refunding them (the worker's jobs, below), and the bets as
the pages read them.

Placing a slip is two statements on the lottery's database and one debit (``bets.repository``):
1. ``lottery_slip_write`` writes the slip and its bets ``pending``, once per ``requestId`` (a replay answers the slip
   it has; the same id for other bets is refused). It holds the issue ``FOR SHARE`` and checks, by the database's
   clock, that it is the issue open for bets now (``lottery.issue_not_open`` for a later one, ``lottery.issue_closed``
   after its close), so no bet is written after the close; the draw (``FOR UPDATE SKIP LOCKED``) passes over an
   issue a slip is being written on and draws it on a later tick, with the slip in it. The member's per-issue limit
   is summed under an advisory lock of (member, issue), so parallel slips cannot pass it together.
2. One debit of the total (``lottery:slip:<id>``). Its answer is settled by ``lottery_slip_paid``: the slip is
   accepted only if its issue still takes bets at that instant; otherwise (a late answer, a replay after the close
   or the draw) the slip is ``voiding`` and its debit is rolled back at once (``lottery.issue_closed``), so a slip
   can never be accepted once its result could be known. The wallet's refusal voids the slip.
   A slip the wallet did not answer stays ``pending``: a replay debits again under the same id (the wallet answers
   the original) and settles as above, and the worker's sweep voids it after a while, rolling the debit back (a
   debit that comes later is refused by the wallet's tombstone).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from nats.aio.client import Client as NATS

from lottery_service.bets import domain, repository
from lottery_service.bets.domain import ACCEPTED, CANCELLED, CANCELLING, LOST, PENDING, VOID, VOIDING, WON
from lottery_service.bets.models import Bet, Slip
from lottery_service.bets.schemas import BetRead, SlipRead
from lottery_service.catalogue.domain import BetType, Catalogue, Game, catalogue
from lottery_service.catalogue.service import odds_text
from lottery_service.draws import service as draws
from lottery_service.draws.models import Issue
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import Conflict, DomainError, NotFound
from portal_kit.money import Refused, credit, debit, rollback
from portal_kit.paging import Page, page_of

REFUSALS = {"lottery.issue_unknown": NotFound, "idempotency.mismatch": Conflict}  # else 409 Conflict


@dataclass(frozen=True)
class Wager:
    """One bet as the member asks it, checked against its bet type, with the odds it is paid at."""

    bet_type: BetType
    choice: domain.Choice
    stake: int
    odds_milli: int


@dataclass(frozen=True)
class SlipRequest:
    merchant: str
    account_id: str
    player_name: str
    currency: str
    game: Game
    issue: str
    request_id: str
    wagers: Sequence[Wager]
    max_per_issue: int  # the member's stakes on the issue, all slips (the brand's limit of the game)

    @property
    def total(self) -> int:
        return sum(wager.stake for wager in self.wagers)

    def fingerprint(self) -> str:
        asked: list[object] = [self.game.code, self.issue, self.currency]
        asked += [
            [w.bet_type.code, w.choice.position, list(w.choice.numbers), w.choice.option, w.stake] for w in self.wagers
        ]
        return hashlib.sha256(json.dumps(asked).encode()).hexdigest()


@dataclass(frozen=True)
class Placed:
    """A slip and its bets; ``fresh`` when written by this call (its issue not drawn: no result to read)."""

    slip: Slip
    bets: list[Bet]
    fresh: bool = False


def choice_of(bet: Bet) -> domain.Choice:
    raw = bet.choice
    position = raw.get("position")
    numbers = raw.get("numbers") or []
    option = raw.get("option")
    return domain.Choice(
        int(str(position)) if position is not None else None,
        tuple(int(n) for n in numbers) if isinstance(numbers, list) else (),
        str(option) if option is not None else None,
    )


def _choice_json(choice: domain.Choice) -> dict[str, object]:
    return {"position": choice.position, "numbers": list(choice.numbers), "option": choice.option}


async def place(db: Database, nc: NATS, request: SlipRequest) -> Placed:
    """Write, then pay, a slip; a refused debit (or an issue closed before the debit's answer) raises the refusal
    with nothing kept."""
    slip_id, fingerprint = uuid.uuid4(), request.fingerprint()
    new_bets = [
        repository.NewBet(uuid.uuid4(), wager.bet_type.code, _choice_json(wager.choice), wager.stake, wager.odds_milli)
        for wager in request.wagers
    ]
    written = await repository.write(
        db, slip_id, request.merchant, request.account_id, request.request_id, fingerprint, request.game.code,
        request.issue, request.currency, request.total, request.max_per_issue, request.player_name, new_bets,
    )  # fmt: skip
    if written.outcome == "replay":
        assert written.slip_id is not None
        return await _replayed(db, nc, written.slip_id)
    if written.outcome != "written":
        if written.outcome == "lottery.issue_limit":
            raise Conflict(written.outcome, max=request.max_per_issue, used=written.used)
        raise REFUSALS.get(written.outcome, Conflict)(written.outcome)
    assert written.at is not None
    slip = Slip(
        id=slip_id, merchant=request.merchant, account_id=request.account_id, request_id=request.request_id,
        fingerprint=fingerprint, game_code=request.game.code, issue=request.issue,
        currency=request.currency, total=request.total, status=PENDING, created_at=written.at,
    )  # fmt: skip
    bets = [
        Bet(
            id=bet.id, slip_id=slip_id, line=line, merchant=request.merchant, account_id=request.account_id,
            player_name=request.player_name, game_code=request.game.code, issue=request.issue, bet_type=bet.bet_type,
            choice=bet.choice, currency=request.currency, stake=bet.stake, odds_milli=bet.odds_milli, status=PENDING,
            hits=0, win=0, created_at=written.at, settled_at=None,
        )
        for line, bet in enumerate(new_bets)
    ]  # fmt: skip
    status = await _pay(db, nc, slip)
    for bet in bets:
        bet.status = status
    return Placed(slip, bets, fresh=True)


async def _replayed(db: Database, nc: NATS, slip_id: uuid.UUID) -> Placed:
    """The slip of a repeated request: paid (again, under the same id) while the wallet never answered it."""
    placed = await _load(db, slip_id)
    if placed.slip.status == PENDING:
        await _pay(db, nc, placed.slip)
        placed = await _load(db, slip_id)
    if placed.slip.status in (VOID, VOIDING):
        raise Refused(placed.slip.refusal or "lottery.slip_void")
    return placed


async def _load(db: Database, slip_id: uuid.UUID) -> Placed:
    async with db.reader() as session:
        slip, bets = await repository.load(session, slip_id)
        return Placed(slip, bets)


async def _pay(db: Database, nc: NATS, slip: Slip) -> str:
    """Debit the slip's total and settle the answer; the status of its bets (``accepted``), or the refusal raised.
    A slip whose issue closed before the answer is given back at once (the sweep does it if the wallet does not
    answer the rollback)."""
    try:
        balance = await debit(nc, slip.merchant, slip.account_id, slip.currency, slip.total, f"lottery:slip:{slip.id}")
    except Refused as refused:
        status, refusal = await repository.void(db, slip.id, PENDING, refused.code)
    else:
        status, refusal = await repository.paid(db, slip.id, balance)
        slip.balance = balance
        if status == VOIDING:
            status, refusal = await _give_back(db, nc, slip.merchant, slip.id)
    slip.status, slip.refusal = status, refusal
    if status == PENDING:  # read as it was while the sweep took it: the sweep voids it
        raise Refused("lottery.slip_void")
    if status != ACCEPTED:
        raise Refused(refusal or "lottery.slip_void")
    return ACCEPTED


async def _give_back(db: Database, nc: NATS, merchant: str, slip_id: uuid.UUID) -> tuple[str, str | None]:
    """Roll a ``voiding`` slip's debit back and void it; left ``voiding`` for the sweep if the wallet is silent."""
    try:
        await rollback(nc, merchant, f"lottery:slip:{slip_id}")
    except Refused:
        pass  # nothing to give back
    except DomainError:
        return VOIDING, "lottery.issue_closed"
    return await repository.void(db, slip_id, VOIDING, "lottery.slip_expired")


async def recover(db: Database, nc: NATS, older_than_seconds: float, limit: int = 100) -> int:
    """Void the slips the wallet never answered (after ``older_than_seconds``), and those whose debit could not be
    given back yet: their debit is rolled back first, so money taken late is given back; how many were voided. A slip's
    age is read on the database's clock, which wrote it (a worker whose clock runs ahead would void slips in flight)."""
    async with db.transaction() as session:
        stuck = await repository.claim_unanswered(session, older_than_seconds, limit)
    voided = 0
    for slip in stuck:
        try:
            await rollback(nc, slip.merchant, f"lottery:slip:{slip.id}")
        except Refused:
            pass  # nothing to give back (the wallet refuses a rollback of what it never took in some states)
        except DomainError:
            break  # the wallet did not answer: the next sweep tries again
        await repository.void(db, slip.id, VOIDING, "lottery.slip_expired")
        voided += 1
    return voided


async def cancel(db: Database, nc: NATS, merchant: str, account_id: str, bet_id: uuid.UUID) -> tuple[Bet, int]:
    """Take back an accepted bet before its issue closes (its stake credited under ``lottery:cancel:<id>``);
    the bet and the balance after."""
    async with db.transaction() as session:
        bet = await repository.member_bet_for_update(session, merchant, account_id, bet_id)
        if bet is None:
            raise NotFound("lottery.bet_not_found")
        if bet.status != ACCEPTED:
            raise Conflict("lottery.bet_not_cancellable")
        if not await repository.issue_takes_bets(session, bet.game_code, bet.issue):
            raise Conflict("lottery.issue_closed")
        bet.status = CANCELLING
    balance = await credit(nc, merchant, account_id, bet.currency, bet.stake, f"lottery:cancel:{bet.id}")
    async with db.transaction() as session:
        await repository.cancelled(session, bet.id)
    bet.status = CANCELLED
    return bet, balance


# Settling the bets of a drawn issue, and refunding those of an issue ops voided or the draw set aside (the worker's
# jobs). Settling takes the issue's accepted bets in batches (``FOR UPDATE SKIP LOCKED``), credits each win under
# ``lottery:win:<bet id>``, and marks the batch won or lost with ``lottery.bet.settled.v1`` in one transaction. A
# worker killed mid-batch leaves the batch accepted; the next run credits again under the same ids (the wallet
# answers the original), so every win is paid exactly once. The issue is ``settled`` when no bet of it is left
# pending, accepted or being cancelled.


async def refund_void(db: Database, nc: NATS, concurrency: int, batch: int = 500) -> int:
    """Give back the stake of every accepted bet (or one being cancelled) on an issue voided by ops or set aside as
    undrawable (``stuck``), once each, ``lottery:cancel:<id>`` (the key a member's own cancel uses); how many bets
    were refunded. A pending slip on such an issue is not refunded: its debit's answer finds the issue closed and
    is rolled back (or the sweep rolls it back)."""
    refunded = 0
    gate = asyncio.Semaphore(concurrency)

    async def refund(bet: Bet) -> None:
        async with gate:
            await credit(nc, bet.merchant, bet.account_id, bet.currency, bet.stake, f"lottery:cancel:{bet.id}")

    while True:
        async with db.transaction() as session:
            bets = await repository.refundable(session, batch)
            await asyncio.gather(*(refund(bet) for bet in bets))
            now = datetime.now(UTC)
            for bet in bets:
                bet.status, bet.settled_at = CANCELLED, now
        refunded += len(bets)
        if len(bets) < batch:
            return refunded


async def settle_drawn(db: Database, nc: NATS, catalogue: Catalogue, concurrency: int, batch: int = 500) -> int:
    """Settle the bets of every drawn issue, oldest first; how many bets were settled."""
    settled = 0
    for issue in await draws.drawn(db, 20):
        game = catalogue.games.get(issue.game_code)
        if game is not None:
            settled += await settle_issue(db, nc, game, issue, concurrency, batch)
    return settled


async def settle_issue(db: Database, nc: NATS, game: Game, issue: Issue, concurrency: int, batch: int = 500) -> int:
    assert issue.result is not None
    settled = 0
    gate = asyncio.Semaphore(concurrency)
    while True:
        async with db.transaction() as session:
            bets = await repository.settleable(session, issue.game_code, issue.issue, batch)
            if not bets:
                break
            now = datetime.now(UTC)
            for bet in bets:
                if bet.status == ACCEPTED:
                    bet.hits = domain.hits(game.category.bet_types[bet.bet_type], choice_of(bet), issue.result)
                    bet.win = domain.payout(bet.stake, bet.odds_milli, bet.hits)

            async def pay(bet: Bet) -> None:
                async with gate:
                    if bet.status == CANCELLING:
                        await credit(
                            nc, bet.merchant, bet.account_id, bet.currency, bet.stake, f"lottery:cancel:{bet.id}"
                        )
                    elif bet.win:
                        await credit(nc, bet.merchant, bet.account_id, bet.currency, bet.win, f"lottery:win:{bet.id}")

            await asyncio.gather(*(pay(bet) for bet in bets))
            for bet in bets:
                if bet.status == CANCELLING:
                    bet.status = CANCELLED
                else:
                    bet.status = WON if bet.win else LOST
                    repository.stage_bet_settled(session, bet, game.area, now)
                    settled += 1
                bet.settled_at = now
        if len(bets) < batch:
            break
    async with db.transaction() as session:
        await repository.close_settled_issue(session, issue.game_code, issue.issue)
    return settled


# Bets as the pages read them: with the game's and the bet type's names, the odds, the possible win and the issue's
# balls once drawn.


async def bet_reads(db: Database, bets: list[Bet], language: str, *, drawn: bool = True) -> list[BetRead]:
    """``drawn``: their issues may have been drawn (their balls are read); a slip just written has none."""
    data = catalogue()
    keys = {(bet.game_code, bet.issue) for bet in bets}
    results = await draws.balls_of(db, keys) if keys and drawn else {}
    reads = []
    for bet in bets:
        game = data.games.get(bet.game_code)
        bet_type = game.category.bet_types.get(bet.bet_type) if game else None
        choice = choice_of(bet)
        reads.append(
            BetRead(
                betId=str(bet.id), gameCode=bet.game_code, gameName=game.name(language) if game else bet.game_code,
                issue=bet.issue, betType=bet.bet_type,
                betTypeName=(bet_type.names.get(language) or bet_type.names["EN"]) if bet_type else bet.bet_type,
                position=choice.position, numbers=list(choice.numbers), option=choice.option, stake=bet.stake,
                odds=odds_text(bet.odds_milli), possibleWin=domain.payout(bet.stake, bet.odds_milli, 1),
                status=bet.status, win=bet.win, result=results.get((bet.game_code, bet.issue)),
                createdAt=bet.created_at, settledAt=bet.settled_at,
            )
        )  # fmt: skip
    return reads


async def slip_read(db: Database, placed: Placed, language: str) -> SlipRead:
    slip = placed.slip
    return SlipRead(
        slipId=str(slip.id), gameCode=slip.game_code, issue=slip.issue, currency=slip.currency, total=slip.total,
        balance=slip.balance, bets=await bet_reads(db, placed.bets, language, drawn=not placed.fresh),
    )  # fmt: skip


async def member_bets(
    db: Database, merchant: str, account_id: str, game: Game | None, status: str | None, page: Page, language: str
) -> PageRead[BetRead]:
    """The member's bets, newest first: ``open`` (waiting for the draw) or ``settled`` (won, lost, cancelled)."""
    async with db.reader() as session:
        bets, total = await repository.member_bets(
            session, merchant, account_id, game.code if game else None, status, page.offset, page.size
        )
    return page_of(page, await bet_reads(db, list(bets), language), total)

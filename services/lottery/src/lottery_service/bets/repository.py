"""The queries of the slips and bets. The slip's hot path is single statements (``Database.call``, no ORM): each is a
server-side function of migration 0003, so writing a slip is one round trip and settling its debit's answer another.
The rest (a replay's slip, the sweep, a member's cancel, settlement, the bets' pages) run in the caller's session:
the use case in ``service.py`` owns the transaction."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from psycopg.types.json import Jsonb
from sqlalchemy import exists, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from lottery_service.bets.domain import ACCEPTED, CANCELLED, CANCELLING, LIVE, PENDING, VOIDING
from lottery_service.bets.models import Bet, Slip
from lottery_service.draws.domain import DRAWN, REFUNDED, SETTLED
from lottery_service.draws.models import Issue
from portal_events import LotteryBetSettledV1, LotteryBetSettledV1Data
from portal_kit.db import Database
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event

# Writes the slip and its bets ``pending`` once per request id, under the issue held shared and checked open (the
# issue open now, before its close, by the database's clock), the member's total on the issue summed under an
# advisory lock of (member, issue). Answers ``written``, ``replay`` (the slip of this request id), or a refusal's
# code with nothing written.
WRITE = (
    "SELECT outcome, slip_id, written_at, used FROM lottery_slip_write("
    "%s::uuid, %s::text, %s::text, %s::text, %s::text, %s::text, %s::text, %s::text, %s::bigint, %s::bigint, "
    "%s::text, %s::jsonb)"
)
# The debit was taken: the slip and its bets accepted if the issue still takes bets; otherwise the slip is
# ``voiding`` (``lottery.issue_closed``) and its debit must be given back. Answers the slip's status and refusal.
PAID = "SELECT slip_status, slip_refusal FROM lottery_slip_paid(%s::uuid, %s::bigint)"
# The slip void (from ``pending``: the wallet refused the debit; from ``voiding``: its debit given back), its
# pending bets with it; a refusal already written is kept. Answers the slip's status and refusal.
VOID = "SELECT slip_status, slip_refusal FROM lottery_slip_void(%s::uuid, %s::text, %s::text)"


@dataclass(frozen=True)
class Written:
    outcome: str  # written, replay, or a refusal's code
    slip_id: uuid.UUID | None
    at: datetime | None
    used: int


@dataclass(frozen=True)
class NewBet:
    id: uuid.UUID
    bet_type: str
    choice: dict[str, object]
    stake: int
    odds_milli: int


async def write(
    db: Database, slip_id: uuid.UUID, merchant: str, account_id: str, request_id: str, fingerprint: str, game: str,
    issue: str, currency: str, total: int, max_per_issue: int, player_name: str, bets: list[NewBet],
) -> Written:  # fmt: skip
    lines = [
        {"id": str(bet.id), "betType": bet.bet_type, "choice": bet.choice, "stake": bet.stake, "odds": bet.odds_milli}
        for bet in bets
    ]
    params = (slip_id, merchant, account_id, request_id, fingerprint, game, issue, currency, total, max_per_issue,
              player_name, Jsonb(lines))  # fmt: skip
    row = await db.call(WRITE, params)
    assert row is not None
    outcome, found, at, used = row
    return Written(str(outcome), found, at, int(used or 0))


async def paid(db: Database, slip_id: uuid.UUID, balance: int) -> tuple[str, str | None]:
    row = await db.call(PAID, (slip_id, balance))
    assert row is not None
    return str(row[0]), row[1]


async def void(db: Database, slip_id: uuid.UUID, from_status: str, refusal: str) -> tuple[str, str | None]:
    row = await db.call(VOID, (slip_id, from_status, refusal))
    assert row is not None
    return str(row[0]), row[1]


# Whether the issue takes bets at this instant of the database's clock (a member's cancel), the issue held shared.
ISSUE_OPEN = text(
    "SELECT i.status = 'open' AND i.closes_at > clock_timestamp() FROM lottery_issue i "
    "WHERE i.game_code = :game AND i.issue = :issue FOR SHARE OF i"
)


async def load(session: AsyncSession, slip_id: uuid.UUID) -> tuple[Slip, list[Bet]]:
    """A slip written before and its bets in slip order."""
    slip = await session.get(Slip, slip_id)
    assert slip is not None
    bets = await session.scalars(select(Bet).where(Bet.slip_id == slip_id).order_by(Bet.line))
    return slip, list(bets)


async def claim_unanswered(session: AsyncSession, older_than_seconds: float, limit: int) -> list[Slip]:
    """The slips still ``pending`` or ``voiding`` after ``older_than_seconds`` on the database's clock (which wrote
    them), oldest first, set ``voiding`` (``SKIP LOCKED``: one sweep takes each)."""
    cutoff = func.now() - timedelta(seconds=older_than_seconds)
    rows = await session.scalars(
        update(Slip)
        .where(Slip.id.in_(
            select(Slip.id).where(Slip.status.in_((PENDING, VOIDING)), Slip.created_at < cutoff)
            .order_by(Slip.created_at).limit(limit).with_for_update(skip_locked=True)
        ))
        .values(status=VOIDING)
        .returning(Slip)
    )  # fmt: skip
    return list(rows)


async def member_bet_for_update(session: AsyncSession, merchant: str, account_id: str, bet_id: uuid.UUID) -> Bet | None:
    """The member's bet, locked until the transaction ends (None: no such bet of theirs)."""
    return await session.scalar(
        select(Bet).where(Bet.id == bet_id, Bet.merchant == merchant, Bet.account_id == account_id).with_for_update()
    )


async def issue_takes_bets(session: AsyncSession, game_code: str, issue: str) -> bool:
    """Whether the issue takes bets now (the database's clock), the issue held ``FOR SHARE`` until the transaction
    ends (a void waits for it)."""
    checked = (await session.execute(ISSUE_OPEN, {"game": game_code, "issue": issue})).first()
    return checked is not None and bool(checked[0])


async def cancelled(session: AsyncSession, bet_id: uuid.UUID) -> None:
    """A bet being cancelled whose stake came back: ``cancelled``."""
    await session.execute(
        update(Bet).where(Bet.id == bet_id, Bet.status == CANCELLING).values(status=CANCELLED, settled_at=func.now())
    )


async def refundable(session: AsyncSession, limit: int) -> list[Bet]:
    """Accepted bets (and those being cancelled) of issues voided or set aside, locked (``SKIP LOCKED``)."""
    rows = await session.scalars(
        select(Bet)
        .join(Issue, (Issue.game_code == Bet.game_code) & (Issue.issue == Bet.issue))
        .where(Issue.status.in_(REFUNDED), Bet.status.in_((ACCEPTED, CANCELLING)))
        .order_by(Bet.id).limit(limit).with_for_update(of=Bet, skip_locked=True)
    )  # fmt: skip
    return list(rows)


async def settleable(session: AsyncSession, game_code: str, issue: str, limit: int) -> list[Bet]:
    """A drawn issue's accepted bets (and those being cancelled), locked (``SKIP LOCKED``)."""
    rows = await session.scalars(
        select(Bet)
        .where(Bet.game_code == game_code, Bet.issue == issue, Bet.status.in_((ACCEPTED, CANCELLING)))
        .order_by(Bet.id).limit(limit).with_for_update(skip_locked=True)
    )  # fmt: skip
    return list(rows)


def stage_bet_settled(session: AsyncSession, bet: Bet, vendor: str, settled_at: datetime) -> None:
    """``lottery.bet.settled.v1`` into the outbox, in the settling transaction."""
    data = LotteryBetSettledV1Data.model_validate(
        {
            "betId": str(bet.id), "accountId": bet.account_id, "playerName": bet.player_name, "vendor": vendor,
            "gameCode": bet.game_code, "issue": bet.issue, "betType": bet.bet_type, "currency": bet.currency,
            "stake": bet.stake, "win": bet.win, "validBet": bet.stake,
            "settledAt": settled_at.isoformat().replace("+00:00", "Z"),
        }
    )  # fmt: skip
    add_event(session, new_event(LotteryBetSettledV1, bet.merchant, data))


async def close_settled_issue(session: AsyncSession, game_code: str, issue: str) -> None:
    """The drawn issue ``settled`` when none of its bets is pending, accepted or being cancelled."""
    waiting = exists().where(Bet.game_code == game_code, Bet.issue == issue, Bet.status.in_(LIVE))
    await session.execute(
        update(Issue)
        .where(Issue.game_code == game_code, Issue.issue == issue, Issue.status == DRAWN, ~waiting)
        .values(status=SETTLED, settled_at=func.now())
    )


async def member_bets(
    session: AsyncSession, merchant: str, account_id: str, game_code: str | None, status: str | None, offset: int,
    limit: int,
) -> tuple[Sequence[Bet], int]:  # fmt: skip
    """A page of the member's bets but the void ones, newest first (``open``: waiting for the draw; ``settled``: the
    others), and how many there are."""
    where: list[ColumnElement[bool]] = [Bet.merchant == merchant, Bet.account_id == account_id, Bet.status != "void"]
    if game_code is not None:
        where.append(Bet.game_code == game_code)
    if status == "open":
        where.append(Bet.status.in_(LIVE))
    elif status == "settled":
        where.append(Bet.status.not_in(LIVE))
    total = await session.scalar(select(func.count()).select_from(Bet).where(*where))
    bets = await session.scalars(
        select(Bet).where(*where).order_by(Bet.created_at.desc(), Bet.line).offset(offset).limit(limit)
    )
    return list(bets), int(total or 0)

"""Pure rules of the draws: when each issue of a game is drawn and what it is called, and how a committed seed
becomes a result (provably fair: anyone with the revealed seed gets the same balls; the README writes it out)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum

from lottery_service.catalogue.domain import DrawShape, Game
from portal_kit.fairness import FairStream, commitment

DAY = timedelta(days=1)


class IssueState(StrEnum):
    OPEN = "open"
    DRAWN = "drawn"
    SETTLED = "settled"
    VOID = "void"  # voided by ops before its draw: never drawn, every bet on it refunded
    STUCK = "stuck"  # its seed cannot be had from its commitment: never drawn, every bet on it refunded


OPEN, DRAWN, SETTLED, VOID_ISSUE, STUCK = IssueState
REFUNDED = (VOID_ISSUE, STUCK)  # the issues whose bets the worker gives back
WORKER = "lottery-worker"  # the audit's actor for what the worker does alone


@dataclass(frozen=True)
class Slot:
    """One issue of a game: its number (``yyyyMMdd`` and the day's sequence), when betting opens and closes and
    when it is drawn."""

    issue: str
    opens_at: datetime
    closes_at: datetime
    draws_at: datetime


def issue_number(day: date, sequence: int) -> str:
    return f"{day:%Y%m%d}{sequence:04d}"


def _slot(game: Game, draws_at: datetime) -> Slot:
    if game.daily_at is not None:
        day, sequence, opens_at = draws_at.date(), 1, draws_at - DAY
    else:
        step = timedelta(minutes=game.interval_minutes)
        midnight = datetime.combine(draws_at.date(), datetime.min.time(), UTC)
        day, sequence, opens_at = draws_at.date(), (draws_at - midnight) // step + 1, draws_at - step
    return Slot(issue_number(day, sequence), opens_at, draws_at - timedelta(seconds=game.close_seconds), draws_at)


def first_draw_after(game: Game, moment: datetime) -> datetime:
    """The first draw time of ``game`` strictly after ``moment`` (UTC)."""
    midnight = datetime.combine(moment.date(), datetime.min.time(), UTC)
    if game.daily_at is not None:
        today = datetime.combine(moment.date(), game.daily_at, UTC)
        return today if today > moment else today + DAY
    step = timedelta(minutes=game.interval_minutes)
    return midnight + ((moment - midnight) // step + 1) * step


def slots(game: Game, after: datetime, until: datetime) -> Iterator[Slot]:
    """Every issue drawn in (``after``, ``until``], in draw order."""
    draws_at = first_draw_after(game, after)
    while draws_at <= until:
        yield _slot(game, draws_at)
        draws_at = first_draw_after(game, draws_at)


def seed_hash(seed: bytes) -> str:
    """The commitment published while the issue takes bets: SHA-256 of the seed's 32 bytes, in hex."""
    return commitment(seed)


def context(game_code: str, issue: str) -> str:
    """The text that names a draw in the fair stream: ``<game code>:<issue>``."""
    return f"{game_code}:{issue}"


def draw(shape: DrawShape, seed: bytes, draw_context: str) -> list[int]:
    """The balls of the draw named ``draw_context`` from its seed, with the construction every fair outcome of the
    portal uses (``portal_kit.fairness``): one number per ball in order, ``low`` plus a number below the ball's
    count of values; a distinct draw takes each ball without replacement from ``low..high`` in ascending order."""
    stream = FairStream(seed, draw_context)
    if shape.distinct:
        low, high = shape.ranges[0]
        return stream.draw(range(low, high + 1), shape.count)
    return [low + stream.below(high - low + 1) for low, high in shape.ranges]

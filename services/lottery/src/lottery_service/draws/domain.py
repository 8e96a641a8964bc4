"""Pure rules of the draws: when each issue of a game is drawn and what it is called, and how a committed seed
becomes a result (provably fair: anyone with the revealed seed gets the same balls)."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from lottery_service.catalogue.domain import DrawShape, Game

DAY = timedelta(days=1)


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
    return hashlib.sha256(seed).hexdigest()


class _Stream:
    """Uniform integers from HMAC-SHA256(seed, "<game>:<issue>:<block>"), four bytes at a time."""

    def __init__(self, seed: bytes, game: str, issue: str) -> None:
        self.key, self.label, self.block, self.buffer = seed, f"{game}:{issue}", 0, b""

    def _word(self) -> int:
        if len(self.buffer) < 4:
            message = f"{self.label}:{self.block}".encode()
            self.buffer += hmac.new(self.key, message, hashlib.sha256).digest()
            self.block += 1
        word, self.buffer = self.buffer[:4], self.buffer[4:]
        return int.from_bytes(word, "big")

    def below(self, bound: int) -> int:
        """Uniform in [0, bound): words from the biased top of the 32-bit range are drawn again."""
        if bound > 1 << 32:  # several words for a wide range (the VN five-digit prizes fit in one)
            raise ValueError("range too wide")
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            word = self._word()
            if word < limit:
                return word % bound


def draw(shape: DrawShape, seed: bytes, game: str, issue: str) -> list[int]:
    """The balls of ``game``'s ``issue`` from its seed. Distinct draws take each ball from what is left (a
    Fisher-Yates draw without replacement)."""
    stream = _Stream(seed, game, issue)
    if not shape.distinct:
        return [low + stream.below(high - low + 1) for low, high in shape.ranges]
    low, high = shape.ranges[0]
    left = list(range(low, high + 1))
    balls = []
    for _ in range(shape.count):
        balls.append(left.pop(stream.below(len(left))))
    return balls

"""VIP levels' pure rules: a brand's ladder (levels 1..N, each reached by a strictly higher lifetime valid-bet
turnover than the one below), the levels a turnover reaches, and what is missing to the next."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

MAX_LEVELS = 50
MAX_TURNOVER = 10**15  # minor units
MAX_BONUS = 100_000_000_000  # the money API's largest amount
REASON = "vip.level_up"


class BonusStatus(StrEnum):
    NONE = "NONE"  # the level had no bonus when it was reached
    PENDING = "PENDING"  # asked of the wallet (again until it answers)
    PAID = "PAID"
    FAILED = "FAILED"  # the wallet refused it and nothing moved (no wallet)


@dataclass(frozen=True)
class Level:
    level: int
    turnover: int  # the lifetime valid bet (minor units) that reaches it
    bonus: int  # paid once when reached (minor units; 0: none)


def ladder_problem(levels: Sequence[Level]) -> str | None:
    """Why ``levels`` is no ladder (an error code), or ``None``: numbered 1..N in order, turnover strictly rising."""
    for index, level in enumerate(levels):
        if level.level != index + 1:
            return "vip.levels_not_consecutive"
        if index and level.turnover <= levels[index - 1].turnover:
            return "vip.turnover_not_increasing"
    return None


def reached(levels: Sequence[Level], turnover: int, current: int) -> list[Level]:
    """The levels above ``current`` that ``turnover`` reaches (several at once, in order)."""
    return [level for level in levels if level.level > current and level.turnover <= turnover]


def next_level(levels: Sequence[Level], current: int) -> Level | None:
    """The first level above ``current``, if any."""
    return next((level for level in levels if level.level > current), None)


def missing(levels: Sequence[Level], turnover: int, current: int) -> int:
    """How much turnover the next level still needs (0: none left, or already enough)."""
    following = next_level(levels, current)
    return max(0, following.turnover - turnover) if following else 0


def percent(levels: Sequence[Level], turnover: int, current: int) -> int:
    """Progress from the member's level's threshold to the next, 0–100 rounded down (100 at the top)."""
    following = next_level(levels, current)
    if following is None:
        return 100
    floor = next((level.turnover for level in levels if level.level == current), 0)
    span = following.turnover - floor
    if span <= 0:
        return 100
    return max(0, min(100, (turnover - floor) * 100 // span))


def transaction_id(merchant: str, account_id: str, level: int) -> str:
    """The wallet's key of a level's bonus: one credit per member and level, however often it is asked."""
    return f"vip-level:{merchant}:{account_id}:{level}"


def text_in(texts: dict[str, str], language: str) -> str:
    return texts.get(language) or texts.get("TR") or next(iter(texts.values()), "")

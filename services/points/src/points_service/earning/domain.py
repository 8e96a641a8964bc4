"""What earns (an amount of an account, of a point type, from one event) and how a VIP level weighs play.

A settled bet's valid bet is **weighted** by the multiplier of the VIP level its member holds when the bet is counted
(``vip_level.points_multiplier_pct``, 100..1000: 100 is ×1.00): each minor unit of it counts as ``pct / 100`` minor
units toward the betting unit. The level held is the one the turnover *before* the bet reaches (the bet that reaches a
level earns at the level below; the next one at the new level), and never below the level recorded (levels are never
lowered). Deposits are not play: they earn at ×1.00. The weighted part below one unit is carried exactly, in
hundredths of a minor unit, so nothing of a bet is lost or counted twice, and many small bets at one level earn what
one bet of their sum does (``earn_weighted``; at ×1.00 it is ``rules.domain.earn``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from points_service.rules.domain import PointType

BASE_PCT = 100  # ×1.00: no level, or a level without a larger multiplier
HUNDREDTHS = 100  # the carry's parts of a minor unit (the multiplier is a whole percentage)


@dataclass(frozen=True)
class Amount:
    merchant: str
    account_id: str
    point_type: PointType | None  # None: a bet of a game type that earns nothing (it still raises the VIP level)
    amount: int  # minor units: a valid bet, or a deposit
    source: str  # the event's id
    turnover: int = 0  # what the event adds to the member's VIP turnover: a bet's valid bet (a deposit: 0)


@dataclass(frozen=True)
class Rung:
    """A VIP level as the earning sees it."""

    level: int
    turnover: int  # the lifetime valid bet that reaches it
    multiplier_pct: int


@dataclass(frozen=True)
class Weighted:
    points: int
    carried: int  # hundredths of a minor unit of weighted play below one betting unit


def earn_weighted(carried: int, amount: int, multiplier_pct: int, betting_unit: int, ratio: int) -> Weighted:
    """``amount`` weighted by ``multiplier_pct`` and added to ``carried`` (hundredths of a minor unit): every whole
    ``betting_unit`` earns ``ratio`` points, the rest is carried (floor: a part of a unit never earns a part of a
    point)."""
    if betting_unit <= 0 or ratio < 0 or amount < 0 or carried < 0 or multiplier_pct < BASE_PCT:
        raise ValueError("a betting unit above zero, a multiplier of at least 100, and no negative ratio or amount")
    units, rest = divmod(carried + amount * multiplier_pct, betting_unit * HUNDREDTHS)
    return Weighted(units * ratio, rest)


def level_held(ladder: Sequence[Rung], turnover: int, recorded: int) -> int:
    """The level of a member whose turnover is ``turnover`` and whose highest level recorded is ``recorded``: the
    highest the turnover reaches, never below the recorded one."""
    return max([recorded, *(rung.level for rung in ladder if rung.turnover <= turnover)])


def multiplier_of(ladder: Sequence[Rung], level: int) -> int:
    """The multiplier of ``level`` (of the highest level of the ladder at or below it, when the ladder was shortened
    under the member); ×1.00 without one."""
    below = [rung for rung in ladder if rung.level <= level]
    return max(below, key=lambda rung: rung.level).multiplier_pct if below else BASE_PCT

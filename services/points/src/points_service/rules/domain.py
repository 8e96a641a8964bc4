"""The point types (spec §3: live, lottery, card games, slots, sports, redeem, deposit), which game types earn which,
and how an amount turns into points by a brand's betting unit and ratio."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

MAX_BETTING_UNIT = 100_000_000  # minor units: 1,000,000.00
MAX_RATIO = 1_000_000


class PointType(StrEnum):
    LIVE = "LIVE"
    LOTTERY = "LOTTERY"
    CARD = "CARD"  # card games (PvP)
    SLOT = "SLOT"
    SPORTS = "SPORTS"  # sports and e-sports
    DEPOSIT = "DEPOSIT"
    REDEEM = "REDEEM"  # points spent in the mall: earned by nothing


EARNING_TYPES = tuple(kind for kind in PointType if kind is not PointType.REDEEM)

# The game types of the settled-bet events (games' catalogue) that earn points; fish and cockfight earn none.
GAME_TYPE_POINTS: dict[str, PointType] = {
    "LIVE": PointType.LIVE,
    "LOTT": PointType.LOTTERY,
    "ELOTT": PointType.LOTTERY,
    "PVP": PointType.CARD,
    "RNG": PointType.SLOT,
    "SPORTS": PointType.SPORTS,
    "ESPORTS": PointType.SPORTS,
}


@dataclass(frozen=True)
class Earned:
    points: int
    carried: int  # what of the amount is left below one betting unit, counted toward the next


def earn(carried: int, amount: int, betting_unit: int, ratio: int) -> Earned:
    """Every whole ``betting_unit`` of ``carried + amount`` (minor units) earns ``ratio`` points; the rest is carried
    to the member's next amount of the type, so small bets add up and no part of a bet counts twice."""
    if betting_unit <= 0 or ratio < 0 or amount < 0 or carried < 0:
        raise ValueError("a betting unit above zero, and no negative ratio, amount or carry")
    units, rest = divmod(carried + amount, betting_unit)
    return Earned(units * ratio, rest)


def valid_rule(betting_unit: int, ratio: int) -> bool:
    return 1 <= betting_unit <= MAX_BETTING_UNIT and 0 <= ratio <= MAX_RATIO

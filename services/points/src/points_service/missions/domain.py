"""Pure rules of missions: the kinds, how an event moves a mission's progress (inside its window only), a mission's
state for a member, its percent, and how a name shows on the leaderboard."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum

MAX_TARGET = 1_000_000_000_000  # minor units: 10,000,000,000.00 (or days)
MAX_REWARD_POINTS = 100_000_000
MAX_DAYS = 3_660  # a play-days mission asks at most ten years of days
GAME_TYPES = ("SPORTS", "ESPORTS", "LIVE", "LOTT", "ELOTT", "FISH", "PVP", "RNG", "COCKFIGHT")
LOTTERY_GAME_TYPE = "LOTT"  # a lottery bet counts as this game type
POINT_TYPE = "MISSION"  # the ledger's point type of a mission's reward
LANGUAGES = ("TR", "EN", "CN")


class MissionKind(StrEnum):
    BET_TURNOVER = "BET_TURNOVER"  # valid bet, minor units (optionally of some game types)
    DEPOSIT_TOTAL = "DEPOSIT_TOTAL"  # deposits credited, minor units
    PLAY_DAYS = "PLAY_DAYS"  # distinct UTC days with at least one settled bet (optionally of some game types)


class MissionState(StrEnum):
    NOT_STARTED = "NOT_STARTED"  # nothing counted yet
    IN_PROGRESS = "IN_PROGRESS"
    COMPLETED = "COMPLETED"  # the target reached, the reward not claimed yet
    CLAIMED = "CLAIMED"


class Activity(StrEnum):
    BET = "BET"
    DEPOSIT = "DEPOSIT"


@dataclass(frozen=True)
class Happening:
    """What an event tells a mission: a settled bet (its valid bet, its game type) or a credited deposit, of an
    account, at a time (the bet's settlement, the deposit's credit)."""

    merchant: str
    account_id: str
    activity: Activity
    amount: int  # minor units
    at: datetime
    game_type: str | None = None  # a bet's


@dataclass(frozen=True)
class MissionRule:
    """What the progress rules need of a mission."""

    id: int
    merchant: str
    kind: MissionKind
    game_types: frozenset[str]  # empty: every game type
    starts_at: datetime
    ends_at: datetime  # excluded


@dataclass
class Moves:
    """A pull's effect: amounts added per ``(mission, account)``, and the UTC days played per ``(mission, account)``
    (how many of them are new is the database's to tell)."""

    amounts: dict[tuple[int, str], int] = field(default_factory=lambda: defaultdict(int))
    days: set[tuple[int, str, date]] = field(default_factory=set)


def counts(rule: MissionRule, happening: Happening) -> bool:
    """Whether ``happening`` counts for the mission: the same brand, inside the window, of the kind's activity (and of
    one of its game types, when it names some)."""
    if rule.merchant != happening.merchant or not rule.starts_at <= happening.at < rule.ends_at:
        return False
    if rule.kind is MissionKind.DEPOSIT_TOTAL:
        return happening.activity is Activity.DEPOSIT and happening.amount > 0
    if happening.activity is not Activity.BET:
        return False
    if rule.game_types and happening.game_type not in rule.game_types:
        return False
    return rule.kind is MissionKind.PLAY_DAYS or happening.amount > 0


def moves(rules: Iterable[MissionRule], happenings: Iterable[Happening]) -> Moves:
    """Each happening's contribution to each mission it counts for."""
    found = Moves()
    rules = list(rules)
    for happening in happenings:
        for rule in rules:
            if not counts(rule, happening):
                continue
            key = (rule.id, happening.account_id)
            if rule.kind is MissionKind.PLAY_DAYS:
                found.days.add((rule.id, happening.account_id, happening.at.date()))
            else:
                found.amounts[key] += happening.amount
    return found


def state_of(progress: int | None, target: int, claimed: bool) -> MissionState:
    if claimed:
        return MissionState.CLAIMED
    if progress is not None and progress >= target:
        return MissionState.COMPLETED
    if not progress:
        return MissionState.NOT_STARTED
    return MissionState.IN_PROGRESS


def percent(progress: int, target: int) -> int:
    """Whole percent of the target reached, 0–100 (rounded down: 100 only when reached)."""
    if target <= 0:
        return 0
    return min(100, progress * 100 // target)


def masked(name: str | None) -> str:
    """A member's name as public boards show it (the winners board's rule): the first two and the last character."""
    if not name:
        return "***"
    if len(name) <= 3:
        return name[:1] + "***"
    return f"{name[:2]}***{name[-1]}"


def mission_name(names: dict[str, str], language: str) -> str:
    return names.get(language) or names.get("TR") or next(iter(names.values()), "")

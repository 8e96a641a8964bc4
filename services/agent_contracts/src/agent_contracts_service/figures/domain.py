"""Periods (D daily, W weekly, H semi-monthly, M monthly; UTC) and the hour a fact counts in: pure rules."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum


class Period(StrEnum):
    DAY = "D"
    WEEK = "W"
    HALF_MONTH = "H"
    MONTH = "M"


def hour_of(at: datetime) -> datetime:
    """The hour (UTC) a fact at ``at`` counts in: exactly one, whatever the offset ``at`` was written with."""
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return at.astimezone(UTC).replace(minute=0, second=0, microsecond=0)


WINDOW = timedelta(minutes=5)


def window_of(at: datetime) -> datetime:
    """The 5-minute window (UTC, [start, start + 5 min)) a bet settled at ``at`` counts in: exactly one."""
    hour = hour_of(at)
    at = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
    return hour + timedelta(minutes=at.minute - at.minute % 5)


@dataclass(frozen=True)
class WindowFact:
    """One settled bet's share of its member's 5-minute window: a won bet (the member's win above its stake) or a
    lost one (the rest, a push included), each by its valid bet."""

    won_count: int = 0
    won_valid_bet: int = 0
    lost_count: int = 0
    lost_valid_bet: int = 0


def window_fact(stake: int, win: int, valid_bet: int) -> WindowFact:
    if win > stake:
        return WindowFact(won_count=1, won_valid_bet=valid_bet)
    return WindowFact(lost_count=1, lost_valid_bet=valid_bet)


def _month_start(year: int, month: int) -> datetime:
    return datetime(year + (month - 1) // 12, (month - 1) % 12 + 1, 1, tzinfo=UTC)


def period_bounds(period: Period, at: datetime) -> tuple[datetime, datetime]:
    """The period of kind ``period`` holding ``at``: [start, end) in UTC. Weeks start on Monday; half months are
    the 1st to the 15th and the 16th to the month's end."""
    hour = hour_of(at)
    day = hour.replace(hour=0)
    match period:
        case Period.DAY:
            return day, day + timedelta(days=1)
        case Period.WEEK:
            start = day - timedelta(days=day.weekday())
            return start, start + timedelta(days=7)
        case Period.HALF_MONTH:
            first = day.replace(day=1)
            middle = first.replace(day=16)
            if day < middle:
                return first, middle
            return middle, _month_start(first.year, first.month + 1)
        case Period.MONTH:
            first = day.replace(day=1)
            return first, _month_start(first.year, first.month + 1)


@dataclass(frozen=True)
class Fact:
    """One fact's share of a member's hour."""

    bet_count: int = 0
    stake: int = 0
    win: int = 0
    valid_bet: int = 0
    deposit_count: int = 0
    deposit: int = 0
    withdrawal_count: int = 0
    withdrawal: int = 0


def settled_bet(stake: int, win: int, valid_bet: int) -> Fact:
    return Fact(bet_count=1, stake=stake, win=win, valid_bet=valid_bet)


def deposit(amount: int) -> Fact:
    return Fact(deposit_count=1, deposit=amount)


def withdrawal(amount: int) -> Fact:
    return Fact(withdrawal_count=1, withdrawal=amount)

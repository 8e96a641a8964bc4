"""Periods (D daily, W weekly, H semi-monthly, M monthly; UTC) and the hour a fact counts in: pure rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import NamedTuple


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


class TeamWindowRow(NamedTuple):
    """One account's team (its downlines at every depth) in one window and currency: their won and lost bets."""

    ancestor_id: str
    currency: str
    won_count: int
    won_valid_bet: int
    lost_count: int
    lost_valid_bet: int


def roll_up(direct: Iterable[TeamWindowRow], uplines: Mapping[str, str | None]) -> list[TeamWindowRow]:
    """Every account's team figures from its direct downlines' (``direct``: one row per upline and currency, the sum
    of the windows of the accounts right below it) and the tree of the accounts that have downlines (``uplines``:
    each one's own upline, ``None`` at the top): the deepest first, each team added into its upline's, so an
    account's team is its direct downlines and their teams. The same sums as the closure table's aggregate, from
    one row per account instead of one per (ancestor, descendant) pair."""
    teams: dict[str, dict[str, list[int]]] = {}
    for row in direct:
        teams.setdefault(row.ancestor_id, {})[row.currency] = list(row[2:])
    depth = _depths(uplines)
    for account in sorted(uplines, key=depth.__getitem__, reverse=True):
        above = uplines[account]
        if above is None or account not in teams:
            continue
        into = teams.setdefault(above, {})
        for currency, sums in teams[account].items():
            found = into.get(currency)
            if found is None:
                into[currency] = list(sums)
            else:
                for index, value in enumerate(sums):
                    found[index] += value
    return [
        TeamWindowRow(account, currency, *sums)
        for account, by_currency in teams.items()
        for currency, sums in by_currency.items()
    ]


def _depths(uplines: Mapping[str, str | None]) -> dict[str, int]:
    """Each account's depth in the tree ``uplines`` describes (0: its upline is not in it)."""
    depth: dict[str, int] = {}
    for start in uplines:
        chain: list[str] = []
        account = start
        while account not in depth:
            above = uplines[account]
            if above is None or above not in uplines:
                depth[account] = 0
                break
            chain.append(account)
            if len(chain) > len(uplines):
                raise ValueError(f"the uplines of {start} form a loop")
            account = above
        for offset, below in enumerate(reversed(chain), 1):
            depth[below] = depth[account] + offset
    return depth

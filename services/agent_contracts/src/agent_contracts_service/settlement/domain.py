"""What a contract pays for one period: pure rules, no I/O.

A period belongs to the contract that was active at its start: a contract's first period is the first one starting
at or after it was agreed, its last the last one starting before it ended. Real-time salary settles 5-minute windows
(UTC); daily wage and hourly salary settle days (UTC), the next day. Amounts are integer minor units, rates basis
points (10000 = 100 %), every product rounded down to the minor unit.

Pay is **differential**: a contract's own pay on the agent's whole team (its ``gross``) less what the subtrees of
its **nearest holders** are paid, never below 0: the agent's downlines at any depth holding a contract of the same
kind at the period's start with no holder between them and the agent (a middle agent whose contract ended is passed
through, so the contracts below it are deducted from the one above it). What a holder's subtree is paid is
``paidTotal(Y) = max(gross(Y), Σ paidTotal(Z))`` over its own nearest holders Z, bottom-up, and
``pay(X) = max(0, gross(X) − Σ paidTotal(Y))``: so ``pay(X) + Σ paidTotal(Y) = paidTotal(X)`` and a tree is paid
``paidTotal(top)``, the top's gross unless the contracts below pay more on their own teams by their own terms (a lower
threshold), and then only that. Down a chain whose rates never rise and without thresholds, the lines of one bet add
up to the top contract's pay on it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from functools import lru_cache
from typing import Any

from agent_contracts_service.contracts.domain import MAX_RATE, Kind
from agent_contracts_service.contracts.schemas import (
    AnyTerms,
    DividendTerms,
    DividendTier,
    RealTimeTerms,
    VolumeTier,
    WageTerms,
)
from agent_contracts_service.figures.domain import Period, period_bounds

WINDOW = timedelta(minutes=5)
DAY = timedelta(days=1)
SETTLED_KINDS = (Kind.REALTIME_SALARY, Kind.DAILY_WAGE, Kind.HOURLY_SALARY, Kind.DIVIDEND)
# A real-time contract that ended keeps settling late bets of its windows for this long.
LATE_HORIZON = timedelta(days=1)


class LineType(StrEnum):
    SALARY = "SALARY"  # the period's own figures
    ADJUSTMENT = "ADJUSTMENT"  # bets of earlier windows that arrived after those windows were settled


class LineStatus(StrEnum):
    PENDING = "PENDING"  # written, the wallet not answered yet
    PAID = "PAID"
    REFUSED = "REFUSED"  # the wallet refused (its code kept): nothing moved


class LineOrder(StrEnum):
    """The orders of an agent's settlement lines as ops read them: the newest first, the oldest first (by id, the
    order they were written in; ``ix_settlement_line_account`` either way)."""

    NEWEST = "newest"
    OLDEST = "oldest"


def floor_period(kind: Kind, at: datetime) -> datetime:
    """The start of the 5-minute window (real-time salary) or of the day (the others) holding ``at``."""
    at = at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)
    day = at.replace(hour=0, minute=0, second=0, microsecond=0)
    if kind != Kind.REALTIME_SALARY:
        return day
    return at.replace(minute=at.minute - at.minute % 5, second=0, microsecond=0)


def cadence_of(kind: Kind, terms: AnyTerms | None = None) -> str | None:
    """A dividend's period (D, W, H, M); ``None`` for the others (windows or days)."""
    return terms.period if kind == Kind.DIVIDEND and isinstance(terms, DividendTerms) else None


def bounds(kind: Kind, at: datetime, cadence: str | None = None) -> tuple[datetime, datetime]:
    """The period of a contract of ``kind`` (a dividend's of ``cadence``) holding ``at``: [start, end)."""
    if cadence is not None:
        return period_bounds(Period(cadence), at)
    start = floor_period(kind, at)
    return start, start + (WINDOW if kind == Kind.REALTIME_SALARY else DAY)


def first_period(kind: Kind, started_at: datetime, cadence: str | None = None) -> datetime:
    """The first period starting at or after ``started_at``."""
    start, end = bounds(kind, started_at, cadence)
    return start if start == started_at else end


def covers(kind: Kind, started_at: datetime, ended_at: datetime | None, period_start: datetime,
           cadence: str | None = None) -> bool:  # fmt: skip
    """Whether the period starting at ``period_start`` is the contract's: it started with the contract active."""
    return first_period(kind, started_at, cadence) <= period_start and (ended_at is None or period_start < ended_at)


@lru_cache(maxsize=1024)
def _stamp(period_start: datetime) -> str:
    return f"{period_start.astimezone(UTC):%Y%m%dT%H%MZ}"


def transaction_id(contract_id: int, period_start: datetime, currency: str, line_type: LineType) -> str:
    """The line's idempotency key at the wallet: one per contract, period, currency (and adjustment)."""
    key = f"agent-salary:{contract_id}:{_stamp(period_start)}:{currency}"
    return key if line_type == LineType.SALARY else f"{key}:adj"


def share(amount: int, rate: int) -> int:
    """``rate`` basis points of ``amount``, rounded down."""
    assert 0 <= rate <= MAX_RATE
    return amount * rate // MAX_RATE


@dataclass(frozen=True, slots=True)
class WindowFigures:
    """A team's won and lost bets (by valid bet) in one window."""

    won_count: int = 0
    won_valid_bet: int = 0
    lost_count: int = 0
    lost_valid_bet: int = 0

    def __add__(self, other: WindowFigures) -> WindowFigures:
        return WindowFigures(
            self.won_count + other.won_count, self.won_valid_bet + other.won_valid_bet,
            self.lost_count + other.lost_count, self.lost_valid_bet + other.lost_valid_bet,
        )  # fmt: skip

    @property
    def bet_amount(self) -> int:
        return self.won_valid_bet + self.lost_valid_bet


def realtime_pay(terms: RealTimeTerms, figures: WindowFigures) -> int:
    """What one window pays: nothing unless the team's bet amount (valid bet, won and lost) in the window reaches
    ``betAmount`` (and is above 0); then ``winRate`` of the valid bet of the won bets (the member's win above its
    stake) plus ``lossRate`` of the valid bet of the lost ones (the rest)."""
    if figures.bet_amount == 0 or figures.bet_amount < terms.betAmount:
        return 0
    return share(figures.won_valid_bet, terms.winRate) + share(figures.lost_valid_bet, terms.lossRate)


def nearest_holders(parent_of: Mapping[str, str | None]) -> dict[str, list[str]]:
    """Per holder, its nearest holders below (sorted): those whose nearest holder above (``parent_of``: each holder's
    nearest ancestor holding a contract of the kind, ``None`` for none) it is."""
    below: dict[str, list[str]] = {holder: [] for holder in parent_of}
    for holder, parent in sorted(parent_of.items()):
        if parent is not None:
            below.setdefault(parent, []).append(holder)
    return below


def holder_parents(upline_of: Mapping[str, str | None], holders: Sequence[str] | set[str]) -> dict[str, str | None]:
    """Each holder's nearest ancestor in the tree (``upline_of``: each account's direct upline) that is a holder too,
    ``None`` when none is: the rule the settlement's query applies over the closure table."""
    held = set(holders)
    found: dict[str, str | None] = {}
    for holder in held:
        above = upline_of.get(holder)
        while above is not None and above not in held:
            above = upline_of.get(above)
        found[holder] = above
    return found


def paid_totals(below: Mapping[str, Sequence[str]], gross: Mapping[str, int], tops: Iterable[str]) -> dict[str, int]:
    """What each holder's subtree is paid, for every holder in the subtrees of ``tops`` (themselves included):
    ``paidTotal(X) = max(gross(X), Σ paidTotal(Y))`` over its nearest holders Y (``below``), bottom-up; a holder
    missing from ``gross`` (its team did not bet) grosses 0. Its own pay ``max(0, gross(X) − Σ paidTotal(Y))`` and
    what its nearest holders' subtrees are paid add up to it. Evaluated without recursion (a chain of any depth)."""
    totals: dict[str, int] = {}
    stack = [(top, False) for top in tops]
    while stack:
        holder, ready = stack.pop()
        if holder in totals:
            continue
        children = below.get(holder, ())
        if ready:
            totals[holder] = max(gross.get(holder, 0), sum(totals[child] for child in children))
        else:
            stack.append((holder, True))
            stack.extend((child, False) for child in children if child not in totals)
    return totals


def within(below: Mapping[str, Sequence[str]], tops: Iterable[str]) -> set[str]:
    """The holders in the subtrees of ``tops`` (themselves included)."""
    found: set[str] = set()
    stack = list(tops)
    while stack:
        holder = stack.pop()
        if holder not in found:
            found.add(holder)
            stack.extend(below.get(holder, ()))
    return found


@dataclass(frozen=True)
class Deducted:
    """A nearest holder's contract over the same period: what it pays on its own team (``gross``), what its subtree
    is paid (``paid_total``: its gross, or what the holders below it are paid when that is more), deducted from its
    upline's pay, and what its gross was worked out from (``detail``: its figures, rates or tier)."""

    account_id: str
    contract_id: int
    gross: int
    paid_total: int
    detail: dict[str, Any] = field(default_factory=dict)

    def explained(self) -> dict[str, Any]:
        return {"accountId": self.account_id, "contractId": self.contract_id, "gross": self.gross,
                "paidTotal": self.paid_total, **self.detail}  # fmt: skip


def differential_pay(gross: int, paid_below: Sequence[int]) -> int:
    """What an agent is paid: its own contract's pay on its whole team less what its nearest holders' subtrees are
    paid (``paid_below``: each one's ``paidTotal``), never below 0. A downline's tiers or bet amount may pay at a lower
    threshold than its upline's: the upline is then paid 0, nothing taken back, and the tree is paid what the holders
    below are paid by their own terms; a holder's own play is in the team above, not its own: the upline earns its
    full rate on it."""
    return max(0, gross - sum(paid_below))


def differential(gross: int, detail: dict[str, Any], downlines: Sequence[Deducted]) -> tuple[int, dict[str, Any]]:
    """The net pay and its explanation: the gross and its figures, each deducted nearest holder (its gross and its
    subtree's ``paidTotal``), the net."""
    net = differential_pay(gross, [downline.paid_total for downline in downlines])
    return net, {**detail, "gross": gross, "downlines": [d.explained() for d in downlines], "net": net}


def nets(below: Mapping[str, Sequence[str]], gross: Mapping[str, int], tops: Iterable[str]) -> dict[str, int]:
    """The pay of each holder in the subtrees of ``tops``: its gross less its nearest holders' ``paidTotal``, never
    below 0."""
    totals = paid_totals(below, gross, tops)
    return {holder: differential_pay(gross.get(holder, 0), [totals[child] for child in below.get(holder, ())])
            for holder in totals}  # fmt: skip


@dataclass(frozen=True)
class LateDownline:
    """A nearest holder's real-time contract in a window with late bets: its terms, its team's figures (settled
    with the window, late bets handed before, late bets handed now) and its own nearest holders (``below``)."""

    terms: RealTimeTerms
    settled: WindowFigures = field(default_factory=WindowFigures)
    before: WindowFigures = field(default_factory=WindowFigures)
    late: WindowFigures = field(default_factory=WindowFigures)
    below: tuple[LateDownline, ...] = ()


def late_adjustment(
    top: str, below: Mapping[str, Sequence[str]], gross_with: Mapping[str, int], gross_without: Mapping[str, int]
) -> int:
    """What late bets add to the net pay of ``top``'s contract over one window: its net with them (each holder's
    gross with its team's late bets: ``gross_with``) minus its net without them (``gross_without``), each by the rule
    of the window (its gross less its nearest holders' ``paidTotal``), never below 0: a late bet that lowers a net
    (a holder below reaching its own bet amount late, a unit of rounding) takes nothing back."""
    with_late = nets(below, gross_with, [top])[top]
    without = nets(below, gross_without, [top])[top]
    return max(0, with_late - without)


def realtime_adjustment(
    terms: RealTimeTerms, settled: WindowFigures, before: WindowFigures, late: WindowFigures,
    downlines: Sequence[LateDownline] = (),
) -> int:  # fmt: skip
    """What late bets ``late`` of a window add to it, the window having been settled on ``settled`` and earlier late
    bets ``before``: the window's net pay with them minus its net pay without them (each holder below counted with
    and without its own team's late bets, by the same rule: ``late_adjustment``). Summed over every adjustment, a
    window pays exactly what it would have paid had every bet been on time, as long as a late bet never lowers the
    net (it cannot without a holder below: pay grows with the figures); when it does, nothing is taken back."""
    below: dict[str, list[str]] = {"top": []}
    gross_with = {"top": realtime_pay(terms, settled + before + late)}
    gross_without = {"top": realtime_pay(terms, settled + before)}
    stack = [("top", downline) for downline in downlines]
    while stack:
        parent, found = stack.pop()
        name = str(len(gross_with))
        below[parent].append(name)
        below[name] = []
        gross_with[name] = realtime_pay(found.terms, found.settled + found.before + found.late)
        gross_without[name] = realtime_pay(found.terms, found.settled + found.before)
        stack.extend((name, child) for child in found.below)
    return late_adjustment("top", below, gross_with, gross_without)


def tier_of(tiers: Sequence[VolumeTier], valid_bet: int, active_members: int) -> int | None:
    """The highest tier the team reaches (its valid bet and its active members both at the tier's thresholds), by
    index; ``None``: none."""
    reached = [
        index for index, tier in enumerate(tiers)
        if valid_bet >= tier.minValidBet and active_members >= tier.minActiveMembers
    ]  # fmt: skip
    return max(reached) if reached else None


def wage_pay(terms: WageTerms, valid_bet: int, active_members: int) -> tuple[int, int | None]:
    """A day's (daily wage) or an hour's (hourly salary) pay: the reached tier's ``ratio`` of the team's valid bet
    in it; nothing when no tier is reached. The pay and the tier's index."""
    tier = tier_of(terms.tiers, valid_bet, active_members)
    if tier is None or valid_bet <= 0:
        return 0, tier
    return share(valid_bet, terms.tiers[tier].ratio), tier


def dividend_tier_of(tiers: Sequence[DividendTier], loss: int, active_members: int) -> int | None:
    """The highest tier the team reaches (its loss and its active members both at the tier's thresholds)."""
    reached = [
        index for index, tier in enumerate(tiers)
        if loss >= tier.minProfitLoss and active_members >= tier.minActiveMembers
    ]  # fmt: skip
    return max(reached) if reached else None


def dividend_pay(terms: DividendTerms, stake: int, win: int, active_members: int) -> tuple[int, int | None]:
    """A dividend period's pay: the team's loss in it (its members' stake minus their win) times the reached tier's
    ``ratio``; nothing when the team did not lose or reached no tier. The pay and the tier's index."""
    loss = stake - win
    if loss <= 0:
        return 0, None
    tier = dividend_tier_of(terms.tiers, loss, active_members)
    if tier is None:
        return 0, None
    return share(loss, terms.tiers[tier].ratio), tier

"""Settling contracts, as the worker does every tick (``settle``), in three steps, each safe to repeat and to run
in several workers at once:

1. **Close** each brand's 5-minute windows that ended (a grace after their end): their figures are final from then
   on, and the late bets waiting are handed to the last window closed.
2. **Claim**: cursors whose next period is due, locked ``FOR UPDATE SKIP LOCKED``; for each period, the lines it
   pays are written ``PENDING`` (its key unique) and the cursor moves on, in one transaction. A restart finds the
   cursor where the last commit left it: no period is skipped, none is settled twice.
3. **Pay** the ``PENDING`` lines (locked the same way) through the wallet's money API under the line's key, marking
   each ``PAID`` only after the wallet answered. A crash in between leaves it ``PENDING``: the next run pays it again
   under the same key and the wallet answers the original, so it is credited once.

Every line's amount is worked out once and stored, so a replay always asks the wallet for the same content."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from nats.aio.client import Client as NATS
from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.contracts import service as contracts
from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.contracts.models import Contract
from agent_contracts_service.contracts.schemas import DividendTerms, RealTimeTerms, WageTerms
from agent_contracts_service.figures import service as figures
from agent_contracts_service.settlement import repository
from agent_contracts_service.settlement.domain import (
    LATE_HORIZON,
    SETTLED_KINDS,
    WINDOW,
    Deducted,
    LineOrder,
    LineStatus,
    LineType,
    WindowFigures,
    bounds,
    cadence_of,
    covers,
    differential,
    dividend_pay,
    first_period,
    floor_period,
    late_adjustment,
    nearest_holders,
    paid_totals,
    realtime_pay,
    transaction_id,
    wage_pay,
    within,
)
from agent_contracts_service.settlement.models import SettlementLine
from agent_contracts_service.settlement.schemas import IncomeLineRead
from portal_kit import money
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.paging import Page, page_of

log = logging.getLogger("agent_contracts.settlement")
# The wallet's answers that end a line: nothing was moved and asking again would be answered alike, or the key was
# used for another content (ops must look). Any other refusal is the wallet failing: the line is asked again.
FINAL_REFUSALS = money.NOTHING_MOVED | {"idempotency.mismatch"}


@dataclass(frozen=True)
class Held:
    """A contract as settlement reads it (the ORM row's fields, or a set-based claim's)."""

    id: int
    merchant: str
    account_id: str
    started_at: datetime
    ended_at: datetime | None


def _held(contract: Contract) -> Held:
    return Held(contract.id, contract.merchant, contract.account_id, contract.started_at, contract.ended_at)


async def settle(
    db: Database, nc: NATS, now: datetime, *, window_grace: timedelta, day_grace: timedelta, batch: int = 50,
    max_periods: int = 288, window_batch: int = 20_000, window_steps: int = 12,
) -> int:  # fmt: skip
    """One tick at ``now``: close, claim (the real-time windows of every due contract set-based, then the days and
    dividend periods contract by contract), pay. How many lines were paid (or refused)."""
    async with db.transaction() as session:
        await repository.open_cursors(session, list(SETTLED_KINDS), now - LATE_HORIZON)
    closed = floor_period(Kind.REALTIME_SALARY, now - window_grace)
    async with db.reader() as session:
        brands = await repository.realtime_brands(session, Kind.REALTIME_SALARY)
    for merchant in brands:
        async with db.transaction() as session:
            await figures.close_windows(session, merchant, closed)
    while await claim_windows(db, closed, window_batch, window_steps):
        pass
    days_done = floor_period(Kind.DAILY_WAGE, now - day_grace)
    due = {kind.value: days_done for kind in SETTLED_KINDS if kind != Kind.REALTIME_SALARY}
    while await claim(db, due, batch, max_periods):
        pass
    return await pay(db, nc, batch)


async def claim(db: Database, due: dict[str, datetime], batch: int, max_periods: int) -> int:
    """Settle the due periods (ended by ``due`` of their kind) of up to ``batch`` cursors (at most ``max_periods``
    each) of the kinds settled contract by contract (days, dividend periods); how many periods were settled and
    cursors moved (0: nothing left to do)."""
    settled = moved = 0
    async with db.transaction() as session:
        for cursor, row in await repository.claim_cursors(session, due, batch):
            kind, contract = Kind(cursor.kind), _held(row)
            terms = contracts.terms_of(kind, row.terms)
            assert isinstance(terms, DividendTerms | WageTerms)
            cadence = cadence_of(kind, terms)
            start = max(cursor.next_start, first_period(kind, contract.started_at, cadence))
            end = bounds(kind, start, cadence)[1]
            last = contract.ended_at
            for _ in range(max_periods):
                if end > due[kind.value] or (last is not None and start >= last):
                    break
                await settle_period(session, kind, terms, contract, start, end, cadence)
                start, end = end, bounds(kind, end, cadence)[1]
                settled += 1
            done = last is not None and start >= last
            if (cursor.next_start, cursor.next_end, cursor.done) != (start, end, done):
                moved += 1  # a cursor moved to its first period, or finished, is progress too
            cursor.done, cursor.next_start, cursor.next_end = done, start, end
    return settled + moved


async def settle_period(
    session: AsyncSession, kind: Kind, terms: DividendTerms | WageTerms, contract: Held, start: datetime,
    end: datetime, cadence: str | None,
) -> None:  # fmt: skip
    """Write the lines a day or a dividend period [start, end) pays (``PENDING``); a period that pays nothing writes
    none. Each pays the differential: the contract's pay on the whole team less its nearest holders' contracts' pay
    on theirs."""
    for currency, amount, detail in await _period_figures(session, kind, terms, contract, start, end, cadence):
        await _write(session, kind, contract, start, end, LineType.SALARY, currency, amount, detail)
    await _late_figures(session, kind, terms, contract, start, cadence)


@dataclass
class _Claimed:
    """A claimed real-time cursor: its contract, terms, the window it is at and its last (``None``: none yet)."""

    contract: Held
    terms: RealTimeTerms
    at: datetime
    last: datetime | None
    was: tuple[datetime, datetime, bool]

    def due(self, closed: datetime) -> bool:
        return self.at + WINDOW <= closed and (self.last is None or self.at < self.last)


def _at_window(at: datetime, started_at: datetime) -> bool:
    """Whether a cursor's ``at`` is a window's start (UTC) from its contract's start on: the usual cursor, moved by
    settlement (a new one is at its contract's start, moved to its first window)."""
    return (
        at >= started_at and at.second == 0 and at.microsecond == 0 and at.minute % 5 == 0
        and at.utcoffset() == timedelta(0)
    )  # fmt: skip


async def claim_windows(db: Database, closed: datetime, limit: int, steps: int) -> int:
    """Settle the closed windows (ending by ``closed``) of every due real-time contract, up to ``limit`` contracts
    and ``steps`` windows each, set-based: for each window, the contracts at it are settled together in a few
    statements (the brand's holders and their nearest holders in one, every needed team's figures in one aggregate,
    the lines in one insert, the cursors in one update). How many windows of contracts were settled and cursors
    moved (0: nothing left to do)."""
    progress = 0
    async with db.transaction() as session:
        rows = await repository.claim_window_cursors(session, Kind.REALTIME_SALARY.value, closed, limit)
        by_brand: dict[str, list[_Claimed]] = {}
        for contract_id, merchant, next_start, next_end, done, account_id, started_at, ended_at, *rates in map(
            tuple, rows
        ):
            contract = Held(contract_id, merchant, account_id, started_at, ended_at)
            at = next_start if _at_window(next_start, started_at) else max(
                next_start, first_period(Kind.REALTIME_SALARY, started_at)
            )  # fmt: skip
            last = ended_at + LATE_HORIZON if ended_at is not None else None
            found = _Claimed(contract, _rates(*rates), at, last, (next_start, next_end, done))
            by_brand.setdefault(merchant, []).append(found)
        moves: dict[tuple[datetime, datetime, bool], list[int]] = {}
        for merchant, claimed in by_brand.items():
            brand_closed = await figures.closed_through(session, merchant)
            limit_at = min(closed, brand_closed) if brand_closed is not None else None
            for _ in range(steps):
                ready = [found for found in claimed if limit_at is not None and found.due(limit_at)]
                if not ready:
                    break
                window = min(found.at for found in ready)
                group = [found for found in ready if found.at == window]
                await _settle_window(session, merchant, window, group)
                for found in group:
                    found.at = window + WINDOW
                progress += len(group)
            for found in claimed:
                place = (found.at, found.at + WINDOW, found.last is not None and found.at >= found.last)
                if place != found.was:
                    moves.setdefault(place, []).append(found.contract.id)
                    progress += 1 if place[:2] == found.was[:2] else 0  # a cursor finished is progress too
        await repository.move_cursors(session, moves)
    return progress


async def _settle_window(session: AsyncSession, merchant: str, window: datetime, group: list[_Claimed]) -> None:
    """The lines of one closed window for the contracts ``group`` (all at it), set-based: each contract active at its
    start pays its gross on its team less what its nearest holders' subtrees are paid (each one's ``paidTotal``,
    bottom-up over the holders' tree: every holder below needed, its team's figures from the same aggregate); each
    pays the late bets handed to it (per contract: only those whose teams have some)."""
    kind = Kind.REALTIME_SALARY
    holders = await repository.realtime_holders_at(session, merchant, kind.value, window)
    parent_of: dict[str, str | None] = {}
    of_account: dict[str, tuple[int, RealTimeTerms]] = {}  # each holder's contract and terms
    for contract_id, account_id, win_rate, loss_rate, bet_amount, parent_id in map(tuple, holders):
        parent_of[account_id] = parent_id
        of_account[account_id] = (contract_id, _rates(win_rate, loss_rate, bet_amount))
    below = nearest_holders(parent_of)
    active = {contract_id for contract_id, _ in of_account.values()}  # the window is theirs: active at its start
    own = [found for found in group if found.contract.id in active]
    tops = [found.contract.account_id for found in own]
    needed = within(below, tops)  # every holder below them: what each nearest holder's subtree is paid
    teams: dict[str, dict[str, WindowFigures]] = {}  # currency: holder: its team's figures
    if needed:
        # most of the brand's holders (the usual window: every contract at it): the whole aggregate, no filter
        chosen = None if 2 * len(needed) >= len(holders) else sorted(needed)
        for ancestor_id, currency, *sums in await figures.teams_window(session, merchant, chosen, window):
            if ancestor_id in needed:
                teams.setdefault(currency, {})[ancestor_id] = WindowFigures(*sums)

    values: list[dict[str, Any]] = []
    for currency, got in sorted(teams.items()):
        gross = {account: realtime_pay(of_account[account][1], their) for account, their in got.items()}
        totals = paid_totals(below, gross, [top for top in tops if top in got])
        # each holder's figures and rates, written out once: in its own line, and in its nearest holder's above
        explained = {account: _realtime_detail(of_account[account][1], their) for account, their in got.items()}
        for found in own:
            account = found.contract.account_id
            if account not in got:
                continue  # no bet in its team in this window and currency: no line
            deducted = [
                Deducted(child, of_account[child][0], gross[child], totals[child], explained[child])
                for child in below.get(account, ())
                if child in got  # no bet in its team in this window and currency: it deducts nothing
            ]
            amount, detail = differential(gross[account], explained[account], deducted)
            values.append(_line(kind, found.contract, window, window + WINDOW, LineType.SALARY, currency, amount,
                                detail))  # fmt: skip
    late = await figures.late_ancestors(session, merchant, window)
    for found in group:
        if found.contract.account_id in late:
            for line_type, currency, amount, detail in await _late_lines(session, found.terms, found.contract, window):
                values.append(_line(kind, found.contract, window, window + WINDOW, line_type, currency, amount,
                                    detail))  # fmt: skip
    await repository.add_lines(session, [value for value in values if value["amount"] > 0])


@lru_cache(maxsize=4096)
def _rates(win_rate: int, loss_rate: int, bet_amount: int) -> RealTimeTerms:
    """Real-time terms from their three integers, each distinct set validated once."""
    return RealTimeTerms(winRate=win_rate, lossRate=loss_rate, betAmount=bet_amount)


def _line(
    kind: Kind, contract: Held, start: datetime, end: datetime, line_type: LineType, currency: str, amount: int,
    detail: dict[str, Any],
) -> dict[str, Any]:  # fmt: skip
    return {
        "merchant": contract.merchant, "contract_id": contract.id, "kind": kind.value,
        "account_id": contract.account_id, "period_start": start, "period_end": end,
        "line_type": line_type.value, "currency": currency, "amount": amount, "detail": detail,
        "transaction_id": transaction_id(contract.id, start, currency, line_type),
        "status": LineStatus.PENDING.value,
    }  # fmt: skip


async def _write(
    session: AsyncSession, kind: Kind, contract: Held, start: datetime, end: datetime, line_type: LineType,
    currency: str, amount: int, detail: dict[str, Any],
) -> None:  # fmt: skip
    if amount > 0:
        await repository.add_line(session, _line(kind, contract, start, end, line_type, currency, amount, detail))


def _dividend_figures(terms: DividendTerms, row: Any, cadence: str | None) -> tuple[int, dict[str, Any]]:
    """A dividend's pay on one team's figures of a period (``row``), and its detail."""
    amount, tier = dividend_pay(terms, int(row.stake), int(row.win), int(row.active))
    chosen = terms.tiers[tier] if tier is not None else None
    detail = {
        "period": cadence, "stake": int(row.stake), "win": int(row.win),
        "profitLoss": int(row.win) - int(row.stake), "activeMembers": int(row.active),
        "betCount": int(row.bet_count), "tier": None if tier is None else tier + 1,
        "ratio": chosen.ratio if chosen else 0,
        **({"minProfitLoss": chosen.minProfitLoss, "minActiveMembers": chosen.minActiveMembers} if chosen else {}),
    }  # fmt: skip
    return amount, detail


def _wage_figures(terms: WageTerms, row: Any) -> tuple[int, dict[str, Any]]:
    """A daily wage's pay on one team's figures of a day (``row``), and its detail."""
    amount, tier = wage_pay(terms, int(row.valid_bet), int(row.active))
    return amount, {"validBet": int(row.valid_bet), "activeMembers": int(row.active), "betCount": int(row.bet_count),
                    **_tier_detail(terms, tier)}  # fmt: skip


def _hour_figures(terms: WageTerms, row: Any) -> tuple[int, dict[str, Any]]:
    """An hourly salary's pay on one team's figures of an hour (``row``), and its detail."""
    amount, tier = wage_pay(terms, int(row.valid_bet), int(row.active))
    return amount, {"validBet": int(row.valid_bet), "activeMembers": int(row.active), **_tier_detail(terms, tier)}


def _pay_of(kind: Kind, terms: DividendTerms | WageTerms, row: Any, cadence: str | None) -> tuple[int, dict[str, Any]]:
    if isinstance(terms, DividendTerms):
        return _dividend_figures(terms, row, cadence)
    return _wage_figures(terms, row) if kind == Kind.DAILY_WAGE else _hour_figures(terms, row)


async def _period_figures(
    session: AsyncSession, kind: Kind, terms: DividendTerms | WageTerms, contract: Held, start: datetime,
    end: datetime, cadence: str | None,
) -> list[tuple[str, int, dict[str, Any]]]:  # fmt: skip
    """Per currency, what a day (daily wage, hourly salary: hour by hour) or a dividend period pays on its figures as
    they are now, and from what: the contract's pay on the team less what its nearest holders' subtrees are paid
    (each one's ``paidTotal``: every holder below the agent, with its nearest holder above, in one statement; every
    one's team figures in one aggregate grouped by holder; a downline's dividend by its own tiers on its team's loss
    over the same period)."""
    agent = contract.account_id
    parent_of: dict[str, str | None] = {agent: None}
    of_account: dict[str, tuple[int, DividendTerms | WageTerms]] = {agent: (contract.id, terms)}
    for row in await repository.holders_below(session, contract.merchant, kind.value, agent, start):
        their_terms = contracts.terms_of(kind, row.terms)
        assert isinstance(their_terms, DividendTerms | WageTerms)
        parent_of[row.account_id] = row.parent_id
        of_account[row.account_id] = (row.id, their_terms)
    below = nearest_holders(parent_of)
    by_hour = kind == Kind.HOURLY_SALARY
    teams: dict[tuple[datetime | None, str], dict[str, Any]] = {}  # (hour, currency): holder: its team's figures
    for row in await figures.teams_totals(session, contract.merchant, sorted(of_account), start, end,
                                          by_hour=by_hour):  # fmt: skip
        teams.setdefault((row.hour if by_hour else None, row.currency), {})[row.ancestor_id] = row
    parts: dict[str, list[tuple[datetime | None, int, int, dict[str, Any]]]] = {}
    for key, rows in sorted(teams.items(), key=lambda item: (item[0][1], item[0][0] or start)):
        if agent not in rows:
            continue  # the agent's own team did not bet: nothing
        worked = {account: _pay_of(kind, of_account[account][1], row, cadence) for account, row in rows.items()}
        totals = paid_totals(below, {account: pay for account, (pay, _) in worked.items()}, [agent])
        deducted = [
            Deducted(child, of_account[child][0], worked[child][0], totals[child], worked[child][1])
            for child in below.get(agent, []) if child in rows
        ]  # fmt: skip
        gross, detail = worked[agent]
        amount, explained = differential(gross, detail, deducted)
        parts.setdefault(key[1], []).append((key[0], gross, amount, explained))
    found: list[tuple[str, int, dict[str, Any]]] = []
    for currency, chosen in parts.items():
        if kind != Kind.HOURLY_SALARY:
            ((_, _, amount, explained),) = chosen
            found.append((currency, amount, explained))
            continue
        hours = [{"hour": _utc(hour), **explained, "amount": amount} for hour, _, amount, explained in chosen
                 if hour is not None]  # fmt: skip
        total = sum(amount for _, _, amount, _ in chosen)
        found.append((currency, total, {"hours": hours, "gross": sum(gross for _, gross, _, _ in chosen),
                                        "net": total}))  # fmt: skip
    return found


async def _late_figures(
    session: AsyncSession,
    kind: Kind,
    terms: DividendTerms | WageTerms,
    contract: Held,
    start: datetime,
    cadence: str | None,
) -> None:
    """Settling the period starting at ``start`` adjusts the period before (when it was the contract's): what that
    pays on its figures now (its net, the nearest holders' pay on their figures now deducted) minus what its line
    came to, per currency, when that is more (bets that arrived after it was settled), as its ``ADJUSTMENT`` line
    (its own period, written once). A dividend a late win made smaller is not taken back."""
    before, _ = bounds(kind, start - timedelta(microseconds=1), cadence)
    if not covers(kind, contract.started_at, contract.ended_at, before, cadence):
        return
    settled = await repository.paid_for(session, contract.merchant, contract.id, before)
    for currency, amount, detail in await _period_figures(session, kind, terms, contract, before, start, cadence):
        already = settled.get(currency, 0)
        adjustment = {"settled": already, "now": amount, "figures": detail}
        await _write(session, kind, contract, before, start, LineType.ADJUSTMENT, currency, amount - already,
                     adjustment)  # fmt: skip


def _utc(at: datetime) -> str:
    return at.astimezone(UTC).isoformat()


def _window(row: Any) -> WindowFigures:
    return WindowFigures(int(row.won_count), int(row.won_valid_bet), int(row.lost_count), int(row.lost_valid_bet))


def _figures_detail(figures_: WindowFigures) -> dict[str, int]:
    return {
        "wonCount": figures_.won_count, "wonValidBet": figures_.won_valid_bet, "lostCount": figures_.lost_count,
        "lostValidBet": figures_.lost_valid_bet, "betAmount": figures_.bet_amount,
    }  # fmt: skip


def _realtime_detail(terms: RealTimeTerms, got: WindowFigures) -> dict[str, Any]:
    return {
        **_figures_detail(got), "winRate": terms.winRate, "lossRate": terms.lossRate,
        "minBetAmount": terms.betAmount, "reached": got.bet_amount > 0 and got.bet_amount >= terms.betAmount,
    }  # fmt: skip


def _tier_detail(terms: WageTerms, tier: int | None) -> dict[str, Any]:
    if tier is None:
        return {"tier": None, "ratio": 0}
    chosen = terms.tiers[tier]
    return {"tier": tier + 1, "ratio": chosen.ratio, "minValidBet": chosen.minValidBet,
            "minActiveMembers": chosen.minActiveMembers}  # fmt: skip


def _late_parts(rows: Any) -> dict[tuple[datetime, str], dict[bool, WindowFigures]]:
    """Late bets by window of origin and currency: those handed before (``False``) and now (``True``)."""
    parts: dict[tuple[datetime, str], dict[bool, WindowFigures]] = {}
    for row in rows:
        parts.setdefault((row.window_start, row.currency), {})[bool(row.handed_now)] = _window(row)
    return parts


@dataclass(frozen=True)
class _HoldersAt:
    """The real-time contracts held below an agent at a window's start (``below``: each holder's nearest holders;
    ``of_account``: each one's contract and terms), with their teams' figures of that window: settled with it
    (``settled``) and late (``late``: handed before ``into``, ``False``, and with it, ``True``), per currency."""

    below: dict[str, list[str]]
    of_account: dict[str, tuple[int, RealTimeTerms]]
    settled: dict[str, dict[str, WindowFigures]]
    late: dict[str, dict[str, dict[bool, WindowFigures]]]

    def figures_of(self, account: str, currency: str) -> tuple[WindowFigures, WindowFigures, WindowFigures] | None:
        """A holder's team's settled figures, late bets handed before and now, in the currency (``None``: none)."""
        settled = self.settled.get(currency, {}).get(account)
        parts = self.late.get(currency, {}).get(account, {})
        if settled is None and not parts:
            return None
        return settled or WindowFigures(), parts.get(False, WindowFigures()), parts.get(True, WindowFigures())


async def _holders_at(session: AsyncSession, contract: Held, window: datetime, into: datetime) -> _HoldersAt:
    """Every real-time contract held below the agent at ``window``'s start, with its nearest holder above (one
    statement), and their teams' settled figures of the window and late bets of it (one aggregate each)."""
    kind, merchant, agent = Kind.REALTIME_SALARY, contract.merchant, contract.account_id
    parent_of: dict[str, str | None] = {agent: None}
    of_account: dict[str, tuple[int, RealTimeTerms]] = {}
    for row in await repository.holders_below(session, merchant, kind.value, agent, window):
        terms = contracts.terms_of(kind, row.terms)
        assert isinstance(terms, RealTimeTerms)
        parent_of[row.account_id] = row.parent_id
        of_account[row.account_id] = (row.id, terms)
    settled: dict[str, dict[str, WindowFigures]] = {}
    late: dict[str, dict[str, dict[bool, WindowFigures]]] = {}
    if of_account:
        accounts = sorted(of_account)
        for row in await figures.teams_window(session, merchant, accounts, window):
            settled.setdefault(row.currency, {})[row.ancestor_id] = _window(row)
        for row in await figures.teams_late_of(session, merchant, accounts, window, into):
            late.setdefault(row.currency, {}).setdefault(row.ancestor_id, {})[bool(row.handed_now)] = _window(row)
    return _HoldersAt(nearest_holders(parent_of), of_account, settled, late)


async def _late_lines(
    session: AsyncSession, terms: RealTimeTerms, contract: Held, into: datetime
) -> list[tuple[LineType, str, int, dict[str, Any]]]:
    """The adjustment of window ``into``: the late bets handed to it, for each earlier window of the contract they
    belong to, what they add to that window's net pay: its net with them minus without them (its settled figures
    and the late bets handed before counted), each by the window's rule (its gross less what its nearest holders'
    subtrees are paid, every holder below counted with and without its team's late bets)."""
    kind, agent = Kind.REALTIME_SALARY, contract.account_id
    since = first_period(kind, contract.started_at)
    rows = await figures.team_late(session, contract.merchant, agent, into, since)
    origins = {key: parts for key, parts in _late_parts(rows).items()
               if covers(kind, contract.started_at, contract.ended_at, key[0])}  # fmt: skip
    by_currency: dict[str, list[dict[str, Any]]] = {}
    settled_cache: dict[datetime, dict[str, WindowFigures]] = {}
    holders_cache: dict[datetime, _HoldersAt] = {}
    for (window, currency), parts in sorted(origins.items()):
        if True not in parts:
            continue
        if window not in settled_cache:
            found = await figures.team_window(session, contract.merchant, agent, window)
            settled_cache[window] = {row.currency: _window(row) for row in found}
            holders_cache[window] = await _holders_at(session, contract, window, into)
        held = holders_cache[window]
        settled = settled_cache[window].get(currency, WindowFigures())
        before, late = parts.get(False, WindowFigures()), parts[True]
        gross_with = {agent: realtime_pay(terms, settled + before + late)}
        gross_without = {agent: realtime_pay(terms, settled + before)}
        for account, (_, their_terms) in held.of_account.items():
            if (theirs := held.figures_of(account, currency)) is not None:
                their_settled, their_before, their_late = theirs
                gross_with[account] = realtime_pay(their_terms, their_settled + their_before + their_late)
                gross_without[account] = realtime_pay(their_terms, their_settled + their_before)
        amount = late_adjustment(agent, held.below, gross_with, gross_without)
        totals_with = paid_totals(held.below, gross_with, [agent])
        totals_without = paid_totals(held.below, gross_without, [agent])
        explained: list[dict[str, Any]] = []
        for child in held.below.get(agent, []):
            if (theirs := held.figures_of(child, currency)) is None:
                continue  # no bet in its team in that window and currency: it deducts nothing
            their_id, their_terms = held.of_account[child]
            explained.append({
                "accountId": child, "contractId": their_id, "gross": gross_with[child],
                "grossBefore": gross_without[child], "paidTotal": totals_with[child],
                "paidTotalBefore": totals_without[child], "late": _figures_detail(theirs[2]),
                "winRate": their_terms.winRate, "lossRate": their_terms.lossRate,
                "minBetAmount": their_terms.betAmount,
            })  # fmt: skip
        by_currency.setdefault(currency, []).append({
            "window": _utc(window), "amount": amount, "late": _figures_detail(late),
            "settled": _figures_detail(settled), "lateBefore": _figures_detail(before),
            "gross": gross_with[agent], "grossBefore": gross_without[agent], "downlines": explained,
        })  # fmt: skip
    return [
        (LineType.ADJUSTMENT, currency, sum(o["amount"] for o in windows),
         {"windows": windows, "winRate": terms.winRate, "lossRate": terms.lossRate, "minBetAmount": terms.betAmount})
        for currency, windows in by_currency.items()
    ]  # fmt: skip


async def pay(db: Database, nc: NATS, batch: int) -> int:
    """Pay the ``PENDING`` lines through the wallet, each under its key; how many were answered. No answer from the
    wallet stops the run (the lines of its batch stay ``PENDING`` and are asked again with the same keys)."""
    answered = 0
    while True:
        async with db.transaction() as session:
            pending = await repository.claim_pending(session, batch)
            for line in pending:
                await pay_line(session, nc, line)
                answered += 1
        if len(pending) < batch:
            return answered


async def pay_line(session: AsyncSession, nc: NATS, line: SettlementLine) -> None:
    """Pay one line into the agent's main wallet as a salary (``rpc.wallet.salary``: from the brand's house account
    for agent pay, with the contract's kind and the period kept beside it) and mark it: ``PAID``, or ``REFUSED``
    with the wallet's code (nothing moved)."""
    try:
        await money.salary(nc, line.merchant, line.account_id, line.currency, line.amount, line.transaction_id,
                           line.kind, line.period_start, line.period_end)  # fmt: skip
    except ValidationError:
        # A line the money contract cannot carry (an amount above its maximum): asking again would fail alike and
        # hold up every line after it, so it is set aside for ops with the contract's code.
        log.error("settlement line %s cannot be asked of the wallet: outside the money contract", line.transaction_id)
        await repository.mark(session, line.id, LineStatus.REFUSED, "request.invalid")
        return
    except money.Refused as refused:
        if refused.code not in FINAL_REFUSALS:
            raise  # the wallet failed (internal_error, ...): the run stops, the line is asked again under its key
        log.warning("settlement line %s refused by the wallet: %s", line.transaction_id, refused.code)
        await repository.mark(session, line.id, LineStatus.REFUSED, refused.code)
        return
    await repository.mark(session, line.id, LineStatus.PAID)


def income_read(line: SettlementLine) -> IncomeLineRead:
    return IncomeLineRead(
        id=line.id, kind=line.kind, contractId=line.contract_id, lineType=line.line_type, periodStart=line.period_start,
        periodEnd=line.period_end, currency=line.currency, amount=line.amount, status=line.status,
        errorCode=line.error_code, detail=line.detail, createdAt=line.created_at, paidAt=line.paid_at,
    )  # fmt: skip


async def income_of(
    db: Database, merchant: str, account_id: str, kind: Kind | None, page: Page, *,
    status: LineStatus | None = None, order: LineOrder = LineOrder.NEWEST,
) -> PageRead[IncomeLineRead]:  # fmt: skip
    """The agent's own settlement lines (of a kind, a state), newest or oldest first."""
    async with db.reader() as session:
        rows, total = await repository.income_page(
            session, merchant, account_id, kind.value if kind else None, page,
            status=status.value if status else None, order=order,
        )  # fmt: skip
    return page_of(page, [income_read(row) for row in rows], total)


async def lines_of(db: Database, merchant: str, contract_id: int) -> list[SettlementLine]:
    async with db.reader() as session:
        return list(await repository.lines_of(session, merchant, contract_id))

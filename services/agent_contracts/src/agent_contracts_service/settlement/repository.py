"""Settlement's queries, every one scoped to the brand (the worker's loops read across brands, by design)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import orjson
import psycopg
from psycopg import sql
from psycopg.errors import UniqueViolation
from psycopg.types.json import Jsonb
from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Row,
    and_,
    any_,
    bindparam,
    cast,
    false,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import ARRAY, insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from agent_contracts_service.contracts.domain import ContractStatus
from agent_contracts_service.contracts.models import Contract
from agent_contracts_service.settlement.domain import LineOrder, LineStatus
from agent_contracts_service.settlement.models import SettlementCursor, SettlementLine
from agent_contracts_service.team.models import TeamLink
from portal_kit.paging import Page
from portal_kit.repository import Scoped

lines = Scoped(SettlementLine, newest_first="id")
_contracts = Scoped(Contract)


async def open_cursors(session: AsyncSession, kinds: Sequence[str], ended_since: datetime) -> None:
    """A cursor for every contract of a settled kind that has none (active, or ended since ``ended_since``), at the
    contract's start (the caller moves it to the contract's first period at once: its end is due)."""
    missing = (
        select(
            Contract.id,
            Contract.merchant,
            Contract.kind,
            Contract.account_id,
            Contract.started_at,
            Contract.started_at,
            false(),
        )
        .where(
            Contract.kind.in_(list(kinds)),
            or_(Contract.status == ContractStatus.ACTIVE, Contract.ended_at > ended_since),
        )
        .where(~select(SettlementCursor.contract_id).where(SettlementCursor.contract_id == Contract.id).exists())
    )
    statement = insert(SettlementCursor).from_select(
        ["contract_id", "merchant", "kind", "account_id", "next_start", "next_end", "done"], missing
    )
    await session.execute(statement.on_conflict_do_nothing())


async def realtime_brands(session: AsyncSession, kind: str) -> list[str]:
    """The brands with a cursor of ``kind``: those whose windows settlement closes."""
    query = select(SettlementCursor.merchant).where(SettlementCursor.kind == kind, SettlementCursor.done.is_(False))
    query = query.distinct()
    return list((await session.scalars(query)).all())


async def claim_cursors(
    session: AsyncSession, due: dict[str, datetime], limit: int
) -> Sequence[tuple[SettlementCursor, Contract]]:
    """Cursors whose next period is due (of a kind in ``due``, ending at or before its time) with their contracts,
    locked; those another worker holds are skipped."""
    when = [(SettlementCursor.kind == kind) & (SettlementCursor.next_end <= last) for kind, last in due.items()]
    query = (
        select(SettlementCursor, Contract)
        .join(Contract, Contract.id == SettlementCursor.contract_id)
        .where(or_(*when), SettlementCursor.done.is_(False))
        .order_by(SettlementCursor.next_end, SettlementCursor.contract_id)
        .limit(limit)
        .with_for_update(of=SettlementCursor, skip_locked=True)
    )
    return [(row[0], row[1]) for row in (await session.execute(query)).all()]


async def add_line(session: AsyncSession, values: dict[str, Any]) -> None:
    """A line, once: its key is unique (a second writer of the same line writes nothing)."""
    await session.execute(insert(SettlementLine).values(**values).on_conflict_do_nothing())


async def claim_pending(session: AsyncSession, limit: int) -> Sequence[SettlementLine]:
    query = (
        select(SettlementLine)
        .where(SettlementLine.status == LineStatus.PENDING)
        .order_by(SettlementLine.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    return (await session.scalars(query)).all()


async def mark(session: AsyncSession, line_id: int, status: LineStatus, error_code: str | None = None) -> None:
    await session.execute(
        update(SettlementLine)
        .where(SettlementLine.id == line_id, SettlementLine.status == LineStatus.PENDING)
        .values(status=status, error_code=error_code, paid_at=func.now())
    )


async def income_page(
    session: AsyncSession, merchant: str, account_id: str, kind: str | None, page: Page, *,
    status: str | None = None, order: LineOrder = LineOrder.NEWEST,
) -> tuple[Sequence[SettlementLine], int]:  # fmt: skip
    """An agent's own lines (of a kind, a state), newest or oldest first."""
    by_id = SettlementLine.id.asc() if order is LineOrder.OLDEST else SettlementLine.id.desc()
    return await lines.page(session, merchant, page, (by_id,), account_id=account_id, kind=kind, status=status)


async def lines_of(session: AsyncSession, merchant: str, contract_id: int) -> Sequence[SettlementLine]:
    query = lines.query(merchant, contract_id=contract_id).order_by(SettlementLine.id)
    return (await session.scalars(query)).all()


async def paid_for(session: AsyncSession, merchant: str, contract_id: int, period_start: datetime) -> dict[str, int]:
    """Per currency, what the lines of one period of a contract came to (its own and its adjustments, of any
    state: a refused line counts as settled too)."""
    rows = await session.execute(
        select(SettlementLine.currency, func.sum(SettlementLine.amount))
        .where(*lines.where(merchant, contract_id=contract_id, period_start=period_start))
        .group_by(SettlementLine.currency)
    )
    return {str(currency): int(total) for currency, total in rows.all()}


def _active_at(contract: Any, kind: str, at: datetime) -> ColumnElement[bool]:
    """``contract`` (the model or an alias) of ``kind`` active at ``at``: agreed at or before it, not ended by then."""
    return and_(
        contract.kind == kind, contract.started_at <= at, or_(contract.ended_at.is_(None), contract.ended_at > at)
    )


def _holder_above(kind: str, at: datetime) -> Any:
    """The nearest ancestor of ``Contract``'s holder holding a contract of ``kind`` active at ``at`` (a correlated
    scalar: ``None`` for none)."""
    above = aliased(Contract)
    return (
        select(TeamLink.ancestor_id)
        .join(above, and_(above.merchant == TeamLink.merchant, above.account_id == TeamLink.ancestor_id))
        .where(
            TeamLink.merchant == Contract.merchant,
            TeamLink.descendant_id == Contract.account_id,
            TeamLink.depth >= 1,
            _active_at(above, kind, at),
        )
        .order_by(TeamLink.depth)
        .limit(1)
        .correlate(Contract)
        .scalar_subquery()
    )


async def holders_below(
    session: AsyncSession, merchant: str, kind: str, agent_id: str, at: datetime
) -> Sequence[Row[Any]]:
    """Every contract of ``kind`` active at ``at`` held by ``agent_id``'s downlines at any depth (``id``,
    ``account_id``, ``terms``), each with its holder's nearest ancestor holding one too (``parent_id``: the agent
    itself, or a holder between): the holders' tree below the agent, one statement. Those whose subtrees' pay is
    deducted from the agent's, the nearest ones directly (``parent_id`` the agent), the others through them."""
    team = aliased(TeamLink)  # the agent's team (the parent's own search is over TeamLink)
    query = (
        select(Contract.id, Contract.account_id, Contract.terms, _holder_above(kind, at).label("parent_id"))
        .join(team, and_(team.merchant == Contract.merchant, team.descendant_id == Contract.account_id))
        .where(
            *_contracts.where(merchant),
            team.ancestor_id == agent_id,
            team.depth >= 1,
            _active_at(Contract, kind, at),
        )
        .order_by(Contract.account_id, Contract.id)
    )
    return (await session.execute(query)).all()


async def claim_window_cursors(session: AsyncSession, kind: str, closed: datetime, limit: int) -> Sequence[Row[Any]]:
    """Real-time cursors whose next window ends by ``closed``, with their contracts' fields, locked; those another
    worker holds are skipped. One statement for every due contract (up to ``limit``)."""
    query = (
        select(
            SettlementCursor.contract_id,
            SettlementCursor.merchant,
            SettlementCursor.next_start,
            SettlementCursor.next_end,
            SettlementCursor.done,
            Contract.account_id,
            Contract.started_at,
            Contract.ended_at,
            *_realtime_rates(Contract),
        )
        .join(Contract, Contract.id == SettlementCursor.contract_id)
        .where(SettlementCursor.kind == kind, SettlementCursor.next_end <= closed, SettlementCursor.done.is_(False))
        .order_by(SettlementCursor.next_end, SettlementCursor.contract_id)
        .limit(limit)
        .with_for_update(of=SettlementCursor, skip_locked=True)
    )
    return (await (await session.connection()).execute(query)).all()


def _realtime_rates(contract: Any) -> list[Any]:
    """A real-time contract's terms as three integers (``win_rate``, ``loss_rate``, ``bet_amount``): read so, not as
    a JSON document to parse, by the set-based settlement of a window."""
    return [
        contract.terms["winRate"].as_integer().label("win_rate"),
        contract.terms["lossRate"].as_integer().label("loss_rate"),
        # an amount of minor units: beyond an integer's range (a threshold set out of reach)
        cast(contract.terms["betAmount"].astext, BigInteger).label("bet_amount"),
    ]


async def realtime_holders_at(session: AsyncSession, merchant: str, kind: str, at: datetime) -> Sequence[Row[Any]]:
    """Every real-time contract active at ``at`` in the brand (``id``, ``account_id``, its rates), each with its
    holder's nearest ancestor holding one too (``parent_id``, ``None`` for none): the holders' tree, one statement."""
    query = select(
        Contract.id, Contract.account_id, *_realtime_rates(Contract), _holder_above(kind, at).label("parent_id")
    ).where(*_contracts.where(merchant), _active_at(Contract, kind, at))
    return (await (await session.connection()).execute(query)).all()


# A line's columns and their types, as the lines are staged (binary COPY) and inserted from the staging table.
LINE_COLUMNS: dict[str, str] = {
    "merchant": "varchar", "contract_id": "int8", "kind": "varchar", "account_id": "varchar",
    "period_start": "timestamptz", "period_end": "timestamptz", "line_type": "varchar", "currency": "varchar",
    "amount": "int8", "detail": "jsonb", "transaction_id": "varchar", "status": "varchar",
}  # fmt: skip
_DETAIL = list(LINE_COLUMNS).index("detail")
_COLUMNS = sql.SQL(", ").join(map(sql.Identifier, LINE_COLUMNS))
_COPY_LINES = sql.SQL("COPY settlement_line ({columns}) FROM STDIN (FORMAT BINARY)").format(columns=_COLUMNS)
# Per connection, emptied as its lines are inserted (and at each commit): where lines go when some were written
# before, to be moved from it skipping those.
_STAGE = sql.Identifier("settlement_line_in")
_CREATE_STAGE = sql.SQL(
    "CREATE TEMP TABLE IF NOT EXISTS {stage} ON COMMIT DELETE ROWS AS SELECT {columns} FROM settlement_line WITH NO DATA"
).format(stage=_STAGE, columns=_COLUMNS)
_COPY_STAGE = sql.SQL("COPY {stage} ({columns}) FROM STDIN (FORMAT BINARY)").format(stage=_STAGE, columns=_COLUMNS)
_MOVE_STAGE = sql.SQL(
    "WITH staged AS (DELETE FROM {stage} RETURNING {columns}) "
    "INSERT INTO settlement_line ({columns}) SELECT {columns} FROM staged ON CONFLICT DO NOTHING"
).format(stage=_STAGE, columns=_COLUMNS)
_TYPES = list(LINE_COLUMNS.values())


def _detail_json(detail: Any) -> bytes:
    return orjson.dumps(detail)


async def _copy(cursor: psycopg.AsyncCursor[Any], statement: sql.Composed, rows: Sequence[list[Any]]) -> None:
    async with cursor.copy(statement) as copy:
        copy.set_types(_TYPES)
        for row in rows:
            await copy.write_row(row)


async def add_lines(session: AsyncSession, values: Sequence[dict[str, Any]]) -> None:
    """Lines, once each (their keys are unique: a line written before is skipped, the others written), in the
    session's transaction: copied (binary ``COPY``, through the driver's public API) straight into the table under a
    savepoint; when one was there already, that copy is undone and the lines go through a per-connection staging
    table, moved from it skipping those. Bound as one JSON document, a window's 10,000 lines cost twice as much in
    encoding and parsing their details; staged every time, a third more."""
    if not values:
        return
    connection = await (await session.connection()).get_raw_connection()
    driver = connection.driver_connection
    assert isinstance(driver, psycopg.AsyncConnection)
    # in autocommit the COPY would commit alone and ON COMMIT DELETE ROWS empty the stage: lines lost, silently
    assert not driver.autocommit, "add_lines runs inside the session's transaction"
    rows = []
    for value in values:
        row = [value[name] for name in LINE_COLUMNS]
        row[_DETAIL] = Jsonb(row[_DETAIL], dumps=_detail_json)
        rows.append(row)
    async with driver.cursor() as cursor:
        try:
            async with driver.transaction():  # a savepoint: a line written before undoes only this copy
                await _copy(cursor, _COPY_LINES, rows)
            return
        except UniqueViolation:
            pass
        await cursor.execute(_CREATE_STAGE)
        await _copy(cursor, _COPY_STAGE, rows)
        await cursor.execute(_MOVE_STAGE)


async def move_cursors(session: AsyncSession, moves: dict[tuple[datetime, datetime, bool], list[int]]) -> None:
    """Cursors moved, one statement for each place they move to (``(next_start, next_end, done)``: their ids)."""
    for (start, end, done), ids in moves.items():
        chosen = bindparam("ids", ids, type_=ARRAY(BigInteger))
        await session.execute(
            update(SettlementCursor)
            .where(SettlementCursor.contract_id == any_(chosen))
            .values(next_start=start, next_end=end, done=done)
            .execution_options(synchronize_session=False)  # no cursor is held in the session
        )

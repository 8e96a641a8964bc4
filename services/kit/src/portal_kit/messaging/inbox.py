"""The inbox: a consumer records each event id in the same transaction as its effect, so a duplicate
delivery (a redelivery, a relay republish, an operator's replay) has no second effect."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import ColumnElement, DateTime, String, Table, bindparam, func, inspect, literal_column, select
from sqlalchemy import insert as plain_insert
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.dialects.postgresql.psycopg import dialect as psycopg_dialect
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql.dml import ReturningInsert
from sqlalchemy.sql.schema import ScalarElementColumnDefault

from portal_kit.db import Base, Database


class InboxMessage(Base):
    __tablename__ = "inbox"

    consumer: Mapped[str] = mapped_column(String(200), primary_key=True)
    event_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    subject: Mapped[str] = mapped_column(String(200))
    processed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


_CLAIM_KEYS = ("consumer", "event_id", "subject")
# psycopg's dialect casts each parameter to its column's type (the SELECT's values have no column to infer it from).
_DIALECT = psycopg_dialect()  # type: ignore[no-untyped-call]
_CLAIM: ReturningInsert[tuple[int]] = (
    insert(InboxMessage)
    .values({key: bindparam(key) for key in _CLAIM_KEYS})
    .on_conflict_do_nothing()
    .returning(literal_column("1"))
)
_CLAIM_ALONE = str(_CLAIM.compile(dialect=_DIALECT))


async def claim_many(session: AsyncSession, consumer: str, events: list[tuple[str, str]]) -> set[str]:
    """Record the events (``(event id, subject)`` pairs) for ``consumer`` in one statement; the ids that were new
    (an id seen before, or twice in ``events``, is claimed once)."""
    if not events:
        return set()
    rows = [{"consumer": consumer, "event_id": event_id, "subject": subject} for event_id, subject in events]
    statement = insert(InboxMessage).values(rows).on_conflict_do_nothing().returning(InboxMessage.event_id)
    return {str(event_id) for event_id in (await session.scalars(statement)).all()}


async def claim(session: AsyncSession, consumer: str, event_id: str, subject: str) -> bool:
    """Record the event for ``consumer``; ``False`` when it was already processed (the caller skips it)."""
    result = await session.execute(_CLAIM, {"consumer": consumer, "event_id": event_id, "subject": subject})
    return result.scalar_one_or_none() is not None


@cache
def _claim_and_insert(table: Table, columns: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    """The statement that claims an event and, only if the claim is new, inserts a row of ``table`` with
    ``columns`` (their types cast from the model) and returns its primary key; and the model's constant defaults
    of the other columns."""
    if set(columns) & set(_CLAIM_KEYS):
        raise ValueError(f"a row with a column named {', '.join(_CLAIM_KEYS)} cannot be written with its claim")
    claimed = _CLAIM.cte("claimed")
    chosen = select(*(bindparam(name, type_=table.c[name].type) for name in columns)).select_from(claimed)
    returned: list[ColumnElement[Any]] = [*table.primary_key.columns] or [literal_column("1")]
    compiled = plain_insert(table).from_select(columns, chosen).returning(*returned).compile(dialect=_DIALECT)
    defaults: dict[str, Any] = {}
    for name in set(compiled.binds) - set(columns) - set(_CLAIM_KEYS):
        default = table.c[name].default
        if not isinstance(default, ScalarElementColumnDefault):
            raise ValueError(f"{table.name}.{name}: a computed default cannot be written in a claim's statement")
        defaults[name] = default.arg
    return str(compiled), defaults


async def claim_with_row(db: Database, consumer: str, event_id: str, subject: str, row: Base | None) -> bool:
    """Claim the event for ``consumer`` and insert ``row`` (a new model instance) in one statement, its own
    transaction: both or neither; the row's generated primary key is set on it, as a flush would. ``False`` when
    the event was already processed, and then nothing is written."""
    claim_values = {"consumer": consumer, "event_id": event_id, "subject": subject}
    if row is None:
        return bool(await db.rows(_CLAIM_ALONE, claim_values))
    state = inspect(row)
    values = {
        attribute.columns[0].name: state.dict[attribute.key]
        for attribute in state.mapper.column_attrs
        if attribute.key in state.dict
    }
    table = state.mapper.local_table
    assert isinstance(table, Table)
    statement, defaults = _claim_and_insert(table, tuple(values))
    written = await db.rows(statement, {**defaults, **values, **claim_values})
    if not written:
        return False
    for column, value in zip(table.primary_key.columns, written[0], strict=False):
        setattr(row, state.mapper.get_property_by_column(column).key, value)
    return True

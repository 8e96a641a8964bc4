"""Queries scoped to a brand, in one place: every row a service keeps for a merchant is read through a
``Scoped`` repository, so no query can forget the ``merchant`` condition, and the "insert once by the caller's
request id" pattern (idempotent requests) is written once.

A model used here has a ``merchant`` column; ``insert_once`` needs a unique index on the columns it names
(``key``) so that concurrent inserts of the same request meet in the database, not in Python."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

from sqlalchemy import Delete, Select, Update, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Base
from portal_kit.paging import Page

Row = TypeVar("Row", bound=Base)


class Scoped(Generic[Row]):
    def __init__(self, model: type[Row], *, newest_first: str = "created_at") -> None:
        self.model = model
        self.newest_first = newest_first

    def where(self, merchant: str, *conditions: Any, **equal: Any) -> list[Any]:
        """This brand's condition, any others, and column equality (a ``None`` filter is left out)."""
        columns = self.model.__table__.columns
        found = [columns["merchant"] == merchant, *conditions]
        found += [columns[name] == value for name, value in equal.items() if value is not None]
        return found

    def query(self, merchant: str, *conditions: Any, **equal: Any) -> Select[Any]:
        """``SELECT`` of this brand's rows, narrowed by ``conditions`` and column equality."""
        return select(self.model).where(*self.where(merchant, *conditions, **equal))

    def update(self, merchant: str, *conditions: Any, **equal: Any) -> Update:
        return update(self.model).where(*self.where(merchant, *conditions, **equal))

    def delete(self, merchant: str, *conditions: Any, **equal: Any) -> Delete:
        return delete(self.model).where(*self.where(merchant, *conditions, **equal))

    async def count(self, session: AsyncSession, merchant: str, *conditions: Any, **equal: Any) -> int:
        rows = self.query(merchant, *conditions, **equal).subquery()
        return int(await session.scalar(select(func.count()).select_from(rows)) or 0)

    async def get(self, session: AsyncSession, merchant: str, *conditions: Any, **equal: Any) -> Row | None:
        return cast("Row | None", await session.scalar(self.query(merchant, *conditions, **equal)))

    async def get_for_update(self, session: AsyncSession, merchant: str, *conditions: Any, **equal: Any) -> Row | None:
        """The row, locked until the transaction ends (so two decisions on it happen one after the other)."""
        return cast("Row | None", await session.scalar(self.query(merchant, *conditions, **equal).with_for_update()))

    async def newest(self, session: AsyncSession, merchant: str, *, limit: int, **equal: Any) -> Sequence[Row]:
        order = self.model.__table__.columns[self.newest_first].desc()
        return cast(
            "Sequence[Row]", (await session.scalars(self.query(merchant, **equal).order_by(order).limit(limit))).all()
        )

    async def newest_page(
        self, session: AsyncSession, merchant: str, page: Page, *conditions: Any, **equal: Any
    ) -> tuple[Sequence[Row], int]:
        """One page of this brand's rows, newest first (by id), and how many there are in all."""
        order = self.model.__table__.columns["id"].desc()
        return await self.page(session, merchant, page, (order,), *conditions, **equal)

    async def page(
        self, session: AsyncSession, merchant: str, page: Page, order: Sequence[Any], *conditions: Any, **equal: Any
    ) -> tuple[Sequence[Row], int]:
        """One page of this brand's rows in ``order``, and how many there are in all."""
        total = await self.count(session, merchant, *conditions, **equal)
        query = self.query(merchant, *conditions, **equal).order_by(*order).offset(page.offset).limit(page.size)
        return cast("Sequence[Row]", (await session.scalars(query)).all()), total

    async def insert_once(
        self, session: AsyncSession, values: Mapping[str, Any], *, key: Sequence[str]
    ) -> tuple[Row, bool]:
        """Insert ``values`` unless a row with the same ``key`` columns exists; the row and whether it is new.
        The caller compares an existing row with what it asked for (the same key with other content is
        ``idempotency.mismatch``)."""
        inserted = await session.scalar(
            insert(self.model).values(**values).on_conflict_do_nothing().returning(self.model)
        )
        if inserted is not None:
            return inserted, True
        existing = await self.get(session, str(values["merchant"]), **{name: values[name] for name in key})
        if existing is None:  # the conflict was on another unique index than the key
            raise LookupError(f"{self.model.__name__}: the insert conflicted, but no row has this key")
        return existing, False

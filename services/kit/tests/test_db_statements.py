"""``Database.call`` and ``rows``, the hot path's one-statement calls, against real PostgreSQL: what each kind of
statement answers."""

from __future__ import annotations

from kit_test_models import Request
from sqlalchemy import delete

from portal_kit.db import Database

INSERT = "INSERT INTO kit_test_request (merchant, account_id, request_id, amount) VALUES (%s, 'm1', %s, %s)"


async def test_each_kind_of_statement_answers_its_rows_or_nothing(kit_db: Database) -> None:
    async with kit_db.transaction() as session:
        await session.execute(delete(Request))
    assert await kit_db.rows(INSERT, ("brand-s", "s1", 100)) == []  # no RETURNING: nothing, not an error
    assert await kit_db.call(INSERT + " RETURNING amount", ("brand-s", "s2", 250)) == (250,)
    selected = await kit_db.rows(
        "SELECT request_id, amount FROM kit_test_request WHERE merchant = %s ORDER BY request_id", ("brand-s",)
    )
    assert selected == [("s1", 100), ("s2", 250)]
    assert await kit_db.call("SELECT amount FROM kit_test_request WHERE merchant = %s", ("nobody",)) is None
    assert await kit_db.rows("UPDATE kit_test_request SET amount = amount + 1 WHERE merchant = %s", ("brand-s",)) == []
    assert await kit_db.call("SELECT sum(amount) FROM kit_test_request WHERE merchant = %s", ("brand-s",)) == (352,)

"""What the kit's connection tests do to the server side of a connection."""

from __future__ import annotations

import psycopg

from portal_kit.db import libpq_url


async def terminate(database_url: str, pid: int) -> None:
    """The server process ``pid`` ended by the server, as an administrator would; returns once it is gone."""
    async with await psycopg.AsyncConnection.connect(libpq_url(database_url), autocommit=True) as admin:
        await admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))

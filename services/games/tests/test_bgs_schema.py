"""The in-house games' tables as the migrations build them: the same as the models describe, and migration 0007
carrying a database written before it: each plaintext server seed is revealed (as a rotation would reveal it) and
leaves the database, a round left open keeps the outcome it was opened with and settles with it, and the downgrade
goes back."""

from __future__ import annotations

import hashlib
import uuid
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from games_service.bgs.keys import SeedKeys
from games_service.bgs.models import JackpotShare, RevealedSeed, Round, SeedKey, SeedPair
from games_service.bgs.repository import round_of
from games_service.bgs.service import outcome_of
from games_service.models import Base
from portal_kit.db import Database, libpq_url
from portal_kit.migrations import alembic_config, upgrade
from portal_kit.testing.plugin import PortalServers

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"
IN_HOUSE_TABLES = {model.__tablename__ for model in (SeedKey, SeedPair, RevealedSeed, Round, JackpotShare)}


def in_house_only(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    table = getattr(getattr(_object, "table", None), "name", None)
    return name in IN_HOUSE_TABLES if kind == "table" else table in IN_HOUSE_TABLES


def test_the_migrations_build_the_in_house_tables_the_models_describe(games_database_url: str) -> None:
    engine = create_engine(games_database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": in_house_only})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


async def test_migration_0007_reveals_the_plaintext_seeds_and_keeps_an_open_rounds_outcome(
    portal_servers: PortalServers,
) -> None:
    url = portal_servers.database(f"games_before_0007_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0006")
    old_seed = "ab" * 32  # the old scheme: a random seed kept as its hex text, committed to as that text's SHA-256
    old_hash = hashlib.sha256(old_seed.encode()).hexdigest()
    round_id = uuid.uuid4()
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        await db.execute(
            "INSERT INTO seed_pair (merchant, account_id, server_seed, client_seed, nonce) VALUES (%s, %s, %s, %s, 4)",
            ("turkeyf2", "old-player", old_seed, "old-client"),
        )
        await db.execute(
            "INSERT INTO game_round (id, merchant, account_id, request_id, game_code, game_type, currency, stake, win,"
            " server_seed_hash, client_seed, nonce, outcome, state) VALUES (%s, 'turkeyf2', 'old-player', 'req-1',"
            " 'BGS_DICE', 'PVP', 'TRY', 1000, 1980, %s, 'old-client', 4, %s, 'open')",
            (round_id, old_hash, psycopg.types.json.Jsonb({"roll": 8435, "target": 4999, "over": True, "params": {}})),
        )
    upgrade(MIGRATIONS, url)

    database = Database(url, pool_size=2)
    try:
        revealed = await database.rows("SELECT server_seed_hash, server_seed, client_seed, rounds FROM revealed_seed")
        assert revealed == [(old_hash, old_seed, "old-client", 4)]  # verifiable with the scheme it was played under
        assert await database.rows("SELECT 1 FROM seed_pair") == []  # the next GET seeds makes a derived pair
        columns = await database.rows(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'seed_pair' ORDER BY column_name"
        )
        assert ("server_seed",) not in columns
        kept = await round_of(database, round_id)
        assert kept is not None and (kept.state, kept.pair, kept.win) == ("open", None, 1980)
        no_key = SeedKeys("none", {})
        assert outcome_of(no_key, kept).win == 1980  # settles with the outcome it was opened with, under no key
    finally:
        await database.dispose()
    command.downgrade(alembic_config(MIGRATIONS, url), "0006")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        rounds = await (await db.execute("SELECT state, win FROM game_round")).fetchall()
    assert rounds == [("open", 1980)]

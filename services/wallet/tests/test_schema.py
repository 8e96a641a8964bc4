"""The migrations build exactly the tables the models describe."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from wallet_service import models
from wallet_service.models import Base

# The kit's Base is shared: in a test process it also holds the tables of other services' models.
WALLET_TABLES = {getattr(models, name).__tablename__ for name in models.__all__ if name != "Base"}


def only_wallet_tables(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    return kind != "table" or name in WALLET_TABLES


def test_migrations_match_the_models(wallet_database_url: str) -> None:
    engine = create_engine(wallet_database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": only_wallet_tables})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []

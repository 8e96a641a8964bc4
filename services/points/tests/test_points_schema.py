"""The migrations build exactly the tables the models describe."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from points_service import models
from points_service.models import Base

TABLES = {getattr(models, name).__tablename__ for name in models.__all__ if name != "Base"}


def only_our_tables(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    return kind != "table" or name in TABLES


def test_migrations_match_the_models(points_database_url: str) -> None:
    engine = create_engine(points_database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": only_our_tables})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []

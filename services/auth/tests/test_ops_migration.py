"""0009 runs on ops people made before (they keep their password and secret and stay active), and its downgrade
drops the invitations nobody enrolled from yet (they have no password to keep) and restores the old shape."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from sqlalchemy import create_engine, text

from portal_kit.migrations import alembic_config, sync_url
from portal_kit.testing.plugin import PortalServers

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


def test_invitations_arrive_over_people_made_before_and_leave_again(portal_servers: PortalServers) -> None:
    url = portal_servers.database("auth_ops_invitations")
    config = alembic_config(MIGRATIONS, url)
    command.upgrade(config, "0008")
    engine = create_engine(sync_url(url))
    try:
        with engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO ops_person (id, username, password_hash, totp_secret, roles, merchants, status, created_by) "
                """VALUES ('p-1', 'old.admin', 'hash', 'sealed', '["admin"]', '["*"]', 'active', 'bootstrap')"""
            ))  # fmt: skip
        command.upgrade(config, "0009")
        with engine.begin() as connection:
            row = connection.execute(text("SELECT username, status, password_hash, email FROM ops_person")).one()
            assert tuple(row) == ("old.admin", "active", "hash", None)
            connection.execute(text(
                "INSERT INTO ops_person (id, username, roles, merchants, status, created_by, enrol_token_hash) "
                """VALUES ('p-2', 'new.viewer', '["viewer"]', '["turkeyf2"]', 'invited', 'old.admin', 'digest')"""
            ))  # fmt: skip
            connection.execute(text(
                "INSERT INTO ops_request (id, kind, target, merchants, after, status, maker_id, maker) "
                """VALUES ('r-1', 'person.invite', 'p-2', '["turkeyf2"]', '{}', 'approved', 'p-1', 'old.admin')"""
            ))  # fmt: skip
        command.downgrade(config, "0008")
        with engine.connect() as connection:
            assert connection.execute(text("SELECT username FROM ops_person")).scalars().all() == ["old.admin"]
            tables = connection.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars()
            assert {"ops_request", "ops_address_range"}.isdisjoint(set(tables))
    finally:
        engine.dispose()

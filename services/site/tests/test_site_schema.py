"""The migrations build exactly the tables the models describe, and migration 0005 carries the audit rows written
before it into the kit's shape (the ops API shows them as it did) and back."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import httpx
import psycopg
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from psycopg.types.json import Jsonb
from sqlalchemy import create_engine

from portal_kit.db import Database, libpq_url
from portal_kit.migrations import alembic_config, upgrade
from portal_kit.testing.plugin import PortalServers
from site_service import models
from site_service.main import build_app
from site_service.models import Base
from site_service.seed import seed
from site_service.settings import SiteSettings

BRAND = "/wps/ops/site/merchants/turkeyf2"
HELP = {"key": "bonus", "title": {"TR": "Bonus"}, "content": {"TR": "<p>Kurallar</p>"}, "sort": 9}
MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"
SITE_TABLES = {getattr(models, name).__tablename__ for name in models.__all__ if name != "Base"}


def only_site_tables(_object: Any, name: str | None, kind: str, _reflected: bool, _compare_to: Any) -> bool:
    return kind != "table" or name in SITE_TABLES


def test_migrations_match_the_models(site_database_url: str) -> None:
    engine = create_engine(site_database_url.replace("postgresql://", "postgresql+psycopg://", 1))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"include_object": only_site_tables})
            differences = compare_metadata(context, Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


OLD_DETAILS = [  # (action, detail) as the site wrote them before 0005
    ("merchant.created", {"fields": ["currency", "name"]}),
    ("merchant.updated", {"fields": ["gtag_id"], "before": {"gtagId": ""}, "after": {"gtagId": "G-1"}}),
    ("register.changed", {"before": [{"field": "email"}], "after": [{"field": "email", "enabled": True}]}),
    ("banners.updated", {"id": 7, "before": {"sort": 1}, "after": {"sort": 2}}),
    ("banners.deleted", {"id": 7, "before": {"sort": 2}}),
]


async def test_migration_0005_keeps_the_old_audit_rows_as_the_ops_api_showed_them(
    portal_servers: PortalServers, ops_token: str
) -> None:
    url = portal_servers.database(f"site_before_0005_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0004")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        for action, detail in OLD_DETAILS:
            await db.execute(
                "INSERT INTO ops_audit (merchant, actor, action, detail) VALUES ('turkeyf2', 'ayse.ops', %s, %s)",
                (action, Jsonb(detail)),
            )
    upgrade(MIGRATIONS, url)

    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        rows = await (await db.execute("SELECT target, before, after FROM ops_audit ORDER BY id")).fetchall()
    assert rows == [(str(detail.get("id", "")), None, detail) for _, detail in OLD_DETAILS]

    database = Database(url, pool_size=2)
    try:
        assert await seed(database)
    finally:
        await database.dispose()
    settings = SiteSettings(database_url=url, redis_url=portal_servers.redis_url, nats_url=portal_servers.nats_url)
    application = build_app(settings)
    async with application.router.lifespan_context(application):
        transport = httpx.ASGITransport(app=application)
        async with httpx.AsyncClient(transport=transport, base_url="http://site") as client:
            ops = {"Authorization": ops_token}
            changed = await client.put(f"{BRAND}/flags", json={"flags": {"CHATROOM3": True}}, headers=ops)
            banner = (await client.get(f"{BRAND}/banners", headers=ops)).json()["value"]["list"][0]
            body = {key: banner[key] for key in ("groupName", "url", "title", "linkageType", "linkage", "active")}
            moved = await client.put(f"{BRAND}/banners/{banner['id']}", json={**body, "sort": 42}, headers=ops)
            created = await client.post(f"{BRAND}/help-topics", json=HELP, headers=ops)
            assert (changed.status_code, moved.status_code, created.status_code) == (200, 200, 201)
            listed = (await client.get(f"{BRAND}/audit", headers=ops)).json()["value"]["list"]
    shown = [(entry["action"], entry["detail"]) for entry in reversed(listed)]
    flags = ("flags.changed", {"before": {"CHATROOM3": False}, "after": {"CHATROOM3": True}})
    assert shown[:-2] == [*OLD_DETAILS, flags]
    assert shown[-1] == ("helpTopics.created", created.json()["value"])  # a creation shows what it made
    action, detail = shown[-2]
    assert (action, detail["id"], detail["before"]["sort"], detail["after"]["sort"]) == (
        "banners.updated",
        banner["id"],
        banner["sort"],
        42,
    )

    command.downgrade(alembic_config(MIGRATIONS, url), "0004")
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        back = await (await db.execute("SELECT action, detail FROM ops_audit ORDER BY id")).fetchall()
    assert [tuple(row) for row in back] == shown  # as the ops API showed them

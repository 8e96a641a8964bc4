"""Ops work on a brand's games: a brand admin switches a vendor (of one game type) or a game off and on, and sets
or ends a vendor's maintenance window; any ops role of the brand reads the vendors, the games and the audit.

Each change locks its row, checks the input against it, writes the change and its audit row (state before and
after) in one transaction, then drops the brand's cached vendor list and hot games (Valkey, shared by every
process), so members see it at their next call: a vendor or game switched off leaves their lists and does not
launch (``vendor.switched_off``, ``game.switched_off``); a window in force answers ``vendor_under_maintenance``
with its end; a window that starts later shows nothing until then. Refused input writes nothing."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from redis.asyncio import Redis

from games_service.catalogue import service as catalogue
from games_service.catalogue.domain import vendor_state
from games_service.catalogue.models import Game, Vendor
from games_service.ops import domain, repository
from games_service.ops.models import GamesAudit
from games_service.ops.repository import GameOrder
from games_service.ops.schemas import GamesAuditRead, GamesSwitch, OpsGameRead, OpsVendorRead, VendorMaintenance
from portal_kit.audit import AuditFilters, record_ops_action
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import Conflict, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal


def _vendor_read(vendor: Vendor, games: int, enabled: int, now: datetime) -> OpsVendorRead:
    state = vendor_state(vendor.enabled, vendor.maintenance_from, vendor.maintenance_until, now)
    # A window that has ended is no window: shown as none.
    live = vendor.maintenance_until is not None and vendor.maintenance_until > now
    return OpsVendorRead(
        code=vendor.code, gameType=vendor.game_type, name=vendor.name, category=vendor.category,
        aggregator=vendor.aggregator, enabled=vendor.enabled,
        maintenanceFrom=vendor.maintenance_from if live else None,
        maintenanceUntil=vendor.maintenance_until if live else None,
        maintenanceReason=vendor.maintenance_reason if live else None, state=state.value, games=games,
        gamesEnabled=enabled,
    )  # fmt: skip


def _game_read(game: Game, language: str) -> OpsGameRead:
    name = str(game.names.get(language) or game.names.get("EN") or game.game_code)
    return OpsGameRead(
        nodeId=game.node_id, vendor=game.vendor, gameType=game.game_type, gameCode=game.game_code, name=name,
        enabled=game.enabled, playable=game.playable, isTop=game.is_top, hotRank=game.hot_rank,
    )  # fmt: skip


def _vendor_state(vendor: Vendor, now: datetime) -> dict[str, Any]:
    """What the audit keeps of a vendor row."""
    return {
        "state": vendor_state(vendor.enabled, vendor.maintenance_from, vendor.maintenance_until, now).value,
        "enabled": vendor.enabled, "maintenanceFrom": domain.stamp(vendor.maintenance_from),
        "maintenanceUntil": domain.stamp(vendor.maintenance_until), "maintenanceReason": vendor.maintenance_reason,
    }  # fmt: skip


async def vendors(db: Database, merchant: str) -> list[OpsVendorRead]:
    async with db.reader() as session:
        rows = await repository.vendors(session, merchant)
    now = datetime.now(UTC)
    return [_vendor_read(vendor, games, enabled, now) for vendor, games, enabled in rows]


async def _change_vendor(
    db: Database, cache: Redis, merchant: str, code: str, game_type: str, actor: Principal, ip: str | None,
    action: str, reason: str | None, change: Callable[[Vendor, datetime], None],
) -> OpsVendorRead:  # fmt: skip
    """Lock the vendor row, apply ``change(vendor, now)`` (which refuses by raising, before anything is written),
    audit it, commit, then drop the cached lists."""
    async with db.transaction() as session:
        vendor = await repository.lock_vendor(session, merchant, code, game_type)
        if vendor is None:
            raise NotFound("vendor.not_found")
        now = datetime.now(UTC)
        before = _vendor_state(vendor, now)
        change(vendor, now)
        after = _vendor_state(vendor, now)
        record_ops_action(session, GamesAudit, merchant, actor, action, domain.vendor_target(code, game_type),
                          reason=reason, before=before, after=after, ip=ip)  # fmt: skip
        games, enabled = await repository.game_counts(session, merchant, code, game_type)
        read = _vendor_read(vendor, games, enabled, now)
    await catalogue.forget_cached(cache, merchant)
    return read


async def set_maintenance(
    db: Database, cache: Redis, merchant: str, code: str, game_type: str, actor: Principal, window: VendorMaintenance,
    ip: str | None,
) -> OpsVendorRead:  # fmt: skip
    """Set the vendor's maintenance window (replacing any), from ``from`` (none: now) until ``until``."""

    def change(vendor: Vendor, now: datetime) -> None:
        starts = window.starts or now
        domain.check_window(starts, window.until, now)
        vendor.maintenance_from, vendor.maintenance_until = starts, window.until
        vendor.maintenance_reason = window.reason

    return await _change_vendor(db, cache, merchant, code, game_type, actor, ip, "vendor.maintenance.set",
                                window.reason, change)  # fmt: skip


async def end_maintenance(
    db: Database, cache: Redis, merchant: str, code: str, game_type: str, actor: Principal, reason: str,
    ip: str | None,
) -> OpsVendorRead:  # fmt: skip
    """End the vendor's window now, in force or scheduled (``vendor.no_maintenance`` when it has none)."""

    def change(vendor: Vendor, now: datetime) -> None:
        if vendor.maintenance_until is None or vendor.maintenance_until <= now:
            raise Conflict("vendor.no_maintenance")
        vendor.maintenance_from = vendor.maintenance_until = vendor.maintenance_reason = None

    return await _change_vendor(db, cache, merchant, code, game_type, actor, ip, "vendor.maintenance.end", reason,
                                change)  # fmt: skip


async def switch_vendor(
    db: Database, cache: Redis, merchant: str, code: str, game_type: str, actor: Principal, switch: GamesSwitch,
    ip: str | None,
) -> OpsVendorRead:  # fmt: skip
    """GamesSwitch the vendor row on or off (``vendor.already_switched`` when it already is)."""

    def change(vendor: Vendor, now: datetime) -> None:
        if vendor.enabled == switch.enabled:
            raise Conflict("vendor.already_switched")
        vendor.enabled = switch.enabled

    action = "vendor.switch.on" if switch.enabled else "vendor.switch.off"
    return await _change_vendor(db, cache, merchant, code, game_type, actor, ip, action, switch.reason, change)


async def games(
    db: Database, merchant: str, language: str, page: Page, *, vendor: str | None, game_type: str | None,
    name: str | None, enabled: bool | None, order: GameOrder,
) -> PageRead[OpsGameRead]:  # fmt: skip
    async with db.reader() as session:
        rows, total = await repository.games_page(
            session, merchant, page, vendor=vendor.upper() if vendor else None,
            game_type=game_type.upper() if game_type else None, name=name, enabled=enabled, order=order,
            language=language,
        )  # fmt: skip
    return page_of(page, [_game_read(game, language) for game in rows], total)


async def switch_game(
    db: Database, cache: Redis, merchant: str, node_id: int, actor: Principal, switch: GamesSwitch, language: str,
    ip: str | None,
) -> OpsGameRead:  # fmt: skip
    """GamesSwitch the game on or off (``game.already_switched`` when it already is)."""
    async with db.transaction() as session:
        game = await repository.lock_game(session, merchant, node_id)
        if game is None:
            raise NotFound("game.not_found")
        if game.enabled == switch.enabled:
            raise Conflict("game.already_switched")
        identity = {"vendor": game.vendor, "gameType": game.game_type, "gameCode": game.game_code}
        before = {**identity, "enabled": game.enabled}
        game.enabled = switch.enabled
        action = "game.switch.on" if switch.enabled else "game.switch.off"
        record_ops_action(session, GamesAudit, merchant, actor, action, domain.game_target(node_id),
                          reason=switch.reason, before=before, after={**identity, "enabled": game.enabled},
                          ip=ip)  # fmt: skip
        read = _game_read(game, language)
    await catalogue.forget_cached(cache, merchant)
    return read


async def audit_log(db: Database, merchant: str, page: Page, filters: AuditFilters) -> PageRead[GamesAuditRead]:
    async with db.reader() as session:
        rows, total = await repository.audit_rows(session, merchant, page, filters)
        items = [GamesAuditRead.model_validate(row) for row in rows]
    return page_of(page, items, total)

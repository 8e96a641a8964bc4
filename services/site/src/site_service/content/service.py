"""Banners, announcements and notices, help topics: public (cached) reads and ops changes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal
from site_service.cache import SiteCache
from site_service.config.domain import localized
from site_service.config.service import get_merchant, record_change
from site_service.content import repository
from site_service.content.domain import ContentFilters, ContentOrder, NoticeType, PopupExecution, is_live
from site_service.content.models import Announcement, Banner, HelpTopic
from site_service.content.schemas import (
    AnnouncementOpsRead,
    AnnouncementRead,
    BannerOpsRead,
    BannerRead,
    ContentOpsRead,
    HelpTopicOpsRead,
    HelpTopicRead,
)

SECTIONS: dict[str, type[Banner | Announcement | HelpTopic]] = {
    "banners": Banner,
    "announcements": Announcement,
    "helpTopics": HelpTopic,
}


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def banner_view(banner: Banner, language: str) -> BannerRead:
    return BannerRead(
        id=banner.id,
        groupName=banner.group_name,
        url=banner.image_url,
        title=localized(banner.title, language),
        linkageType=banner.linkage_type,
        linkage=banner.linkage,
    )


def announcement_view(item: Announcement, language: str) -> AnnouncementRead:
    return AnnouncementRead(
        id=item.id,
        type=item.type,
        popupExecution=item.popup_execution,
        title=localized(item.title, language),
        content=localized(item.content, language),
        promotionType=item.promotion_type,
        startDateStr=item.starts_at.strftime("%Y-%m-%d %H:%M:%S"),
        startsAt=item.starts_at.isoformat(),
        endsAt=_iso(item.ends_at),
    )


async def _load_banners(db: Database, code: str, language: str) -> list[BannerRead]:
    async with db.reader() as session:
        await get_merchant(session, code)
        return [banner_view(banner, language) for banner in await repository.active_banners(session, code)]


async def banners(db: Database, cache: SiteCache, code: str, language: str, group: str) -> list[BannerRead]:
    every: list[dict[str, Any]] = await cache.get_or_load(
        code, f"banners:{language}", lambda: _load_banners(db, code, language)
    )
    return [BannerRead.model_validate(banner) for banner in every if banner["groupName"] == group]


async def _load_announcements(db: Database, code: str, language: str) -> list[AnnouncementRead]:
    async with db.reader() as session:
        await get_merchant(session, code)
        return [announcement_view(item, language) for item in await repository.active_announcements(session, code)]


async def live_announcements(db: Database, cache: SiteCache, code: str, language: str) -> list[AnnouncementRead]:
    """Active announcements whose time window is open now (the window is checked on every read)."""
    every: list[dict[str, Any]] = await cache.get_or_load(
        code, f"announcements:{language}", lambda: _load_announcements(db, code, language)
    )
    now = datetime.now(UTC)
    items = [AnnouncementRead.model_validate(item) for item in every]
    return [
        item
        for item in items
        if is_live(
            datetime.fromisoformat(item.startsAt),
            datetime.fromisoformat(item.endsAt) if item.endsAt else None,
            now,
        )
    ]


def select_notices(
    items: list[AnnouncementRead], types: list[NoticeType], audience: set[PopupExecution]
) -> list[AnnouncementRead]:
    """Notices of ``types``; a popup with an execution shows only to its audience."""
    wanted = {notice_type.value for notice_type in types}
    return [
        item
        for item in items
        if item.type in wanted and (item.popupExecution is None or PopupExecution(item.popupExecution) in audience)
    ]


async def _load_help(db: Database, code: str, language: str) -> list[HelpTopicRead]:
    async with db.reader() as session:
        await get_merchant(session, code)
        return [
            HelpTopicRead(
                key=topic.key, title=localized(topic.title, language), content=localized(topic.content, language)
            )
            for topic in await repository.items(session, HelpTopic, code)
        ]


async def help_centre(db: Database, cache: SiteCache, code: str, language: str) -> list[HelpTopicRead]:
    topics: list[dict[str, Any]] = await cache.get_or_load(
        code, f"help:{language}", lambda: _load_help(db, code, language)
    )
    return [HelpTopicRead.model_validate(topic) for topic in topics]


# Ops changes: one generic create / update / delete for the three content sections --------------------------


def _ops_view(item: Banner | Announcement | HelpTopic) -> ContentOpsRead:
    if isinstance(item, Banner):
        return BannerOpsRead(
            id=item.id,
            groupName=item.group_name,
            url=item.image_url,
            title=item.title,
            linkageType=item.linkage_type,
            linkage=item.linkage,
            sort=item.sort,
            active=item.active,
        )
    if isinstance(item, Announcement):
        return AnnouncementOpsRead(
            id=item.id,
            type=item.type,
            popupExecution=item.popup_execution,
            title=item.title,
            content=item.content,
            promotionType=item.promotion_type,
            startsAt=item.starts_at.isoformat(),
            endsAt=_iso(item.ends_at),
            sort=item.sort,
            active=item.active,
        )
    return HelpTopicOpsRead(id=item.id, key=item.key, title=item.title, content=item.content, sort=item.sort)


def _values(body: BaseModel) -> dict[str, Any]:
    values = body.model_dump(mode="python")
    for key in ("starts_at",):
        if key in values and values[key] is None:
            values.pop(key)
    return values


async def _owned(session: AsyncSession, model: type[Banner | Announcement | HelpTopic], code: str, item_id: int) -> Any:
    item = await repository.item_for_update(session, model, code, item_id)
    if item is None:
        raise NotFound("content.not_found")
    return item


async def create_item(
    db: Database, cache: SiteCache, actor: Principal, code: str, section: str, body: BaseModel
) -> ContentOpsRead:
    model = SECTIONS[section]
    async with db.transaction() as session:
        await get_merchant(session, code, for_update=True)
        item = await repository.add_item(session, model, code, _values(body))
        view = _ops_view(item)
        record_change(session, code, actor, section, "created", target=str(item.id), after=view.model_dump(mode="json"))
    await cache.invalidate(code)
    return view


async def update_item(
    db: Database, cache: SiteCache, actor: Principal, code: str, section: str, item_id: int, body: BaseModel
) -> ContentOpsRead:
    model = SECTIONS[section]
    async with db.transaction() as session:
        item = await _owned(session, model, code, item_id)
        before = _ops_view(item).model_dump(mode="json")
        for name, value in _values(body).items():
            setattr(item, name, value)
        await repository.write_item(session, item)
        view = _ops_view(item)
        after = view.model_dump(mode="json")
        record_change(session, code, actor, section, "updated", target=str(item_id), before=before, after=after)
    await cache.invalidate(code)
    return view


async def delete_item(db: Database, cache: SiteCache, actor: Principal, code: str, section: str, item_id: int) -> None:
    model = SECTIONS[section]
    async with db.transaction() as session:
        before = _ops_view(await _owned(session, model, code, item_id)).model_dump(mode="json")
        await repository.delete_item(session, model, item_id)
        record_change(session, code, actor, section, "deleted", target=str(item_id), before=before)
    await cache.invalidate(code)


async def list_items(
    db: Database, code: str, section: str, page: Page, filters: ContentFilters, order: ContentOrder
) -> PageRead[ContentOpsRead]:
    """A page of a section of the brand as ops read it, narrowed by ``filters``, in ``order``."""
    model = SECTIONS[section]
    async with db.reader() as session:
        await get_merchant(session, code)
        rows, total = await repository.items_page(session, model, code, page, filters, order)
        return page_of(page, [_ops_view(row) for row in rows], total)

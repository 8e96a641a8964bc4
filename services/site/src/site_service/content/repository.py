"""Every query of banners, announcements and help topics, in the caller's session (the use case owns the
transaction). The three sections share one shape: a brand's rows, sorted by ``sort`` then id."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, String, delete, or_
from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.paging import Page
from portal_kit.repository import Scoped
from site_service.content.domain import ContentFilters, ContentOrder
from site_service.content.models import Announcement, Banner, HelpTopic

Item = TypeVar("Item", bound=Banner | Announcement | HelpTopic)


async def active_banners(session: AsyncSession, code: str) -> Sequence[Banner]:
    query = Scoped(Banner).query(code, active=True).order_by(Banner.sort, Banner.id)
    return (await session.scalars(query)).all()


async def active_announcements(session: AsyncSession, code: str) -> Sequence[Announcement]:
    order = (Announcement.sort, Announcement.starts_at.desc(), Announcement.id.desc())
    query = Scoped(Announcement).query(code, active=True).order_by(*order)
    return (await session.scalars(query)).all()


async def items(session: AsyncSession, model: type[Item], code: str) -> Sequence[Item]:
    """Every row of a section of the brand (help topics: the help centre; any section: the ops list)."""
    query = Scoped(model).query(code).order_by(model.sort, model.id)
    return (await session.scalars(query)).all()


async def items_page(
    session: AsyncSession, model: type[Item], code: str, page: Page, filters: ContentFilters, order: ContentOrder
) -> tuple[Sequence[Item], int]:
    """One page of a section of the brand narrowed by ``filters``, in ``order`` (then by id), and how many match.
    The display order is the members': announcements by ``sort``, the latest start first; the others by ``sort``."""
    conditions: list[ColumnElement[bool]] = []
    if filters.text:
        found = [
            model.title.op("->>", return_type=String())(language).icontains(filters.text, autoescape=True)
            for language in ("TR", "EN", "CN")
        ]
        if model is HelpTopic:
            found.append(HelpTopic.key.icontains(filters.text, autoescape=True))
        conditions.append(or_(*found))
    equal: dict[str, Any] = {}
    if model is not HelpTopic:
        equal["active"] = filters.active
    if model is Banner:
        equal["group_name"] = filters.group
    if model is Announcement:
        equal["type"] = filters.type
    display = (
        (model.sort, Announcement.starts_at.desc(), model.id.desc())
        if model is Announcement
        else (model.sort, model.id)
    )
    ordering = {
        ContentOrder.DISPLAY: display,
        ContentOrder.NEWEST: (model.id.desc(),),
        ContentOrder.OLDEST: (model.id.asc(),),
    }[order]
    return await Scoped(model).page(session, code, page, ordering, *conditions, **equal)


async def item_for_update(session: AsyncSession, model: type[Item], code: str, item_id: int) -> Item | None:
    """The brand's row ``item_id``, locked until the transaction ends."""
    return await Scoped(model).get_for_update(session, code, id=item_id)


async def add_item(session: AsyncSession, model: type[Item], code: str, values: Mapping[str, Any]) -> Item:
    """A new row of the brand, read back as stored (its id and the database's defaults)."""
    item = model(merchant=code, **values)
    session.add(item)
    await session.flush()
    await session.refresh(item)
    return item


async def write_item(session: AsyncSession, item: Banner | Announcement | HelpTopic) -> None:
    """Flush the row's changed attributes and read it back as stored."""
    await session.flush()
    await session.refresh(item)


async def delete_item(session: AsyncSession, model: type[Item], item_id: int) -> None:
    await session.execute(delete(model).where(model.id == item_id))

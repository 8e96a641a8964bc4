"""Public calls for banners, notices, announcements and help, and the ops calls that change them."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from portal_kit.envelope import Done, Envelope, PageRead, ok
from portal_kit.errors import DomainError
from portal_kit.i18n import resolve_language
from portal_kit.merchant import MerchantCode
from portal_kit.paging import Page, page_of, page_params
from portal_kit.sessions import CurrentPrincipal, OpsContent, OpsViewer
from site_service.content import service
from site_service.content.domain import BannerGroup, check_reader, parse_types, popup_audience, visible_types
from site_service.content.schemas import (
    AnnouncementBody,
    AnnouncementOpsRead,
    AnnouncementRead,
    BannerBody,
    BannerOpsRead,
    BannerRead,
    ContentOpsRead,
    HelpTopicBody,
    HelpTopicOpsRead,
    HelpTopicRead,
)
from site_service.deps import Cache, Db, Language

public = APIRouter(tags=["site"])
ops = APIRouter(prefix="/wps/ops/site/merchants/{code}", tags=["site ops"])


@public.get("/wps/system/banners", operation_id="banners", response_model=Envelope[list[BannerRead]])
async def banners(
    merchant: MerchantCode, language: Language, db: Db, cache: Cache, group: BannerGroup
) -> Envelope[list[BannerRead]]:
    return ok(await service.banners(db, cache, merchant, language, group.value))


@public.get("/wps/system/notices", operation_id="notices", response_model=Envelope[list[AnnouncementRead]])
async def notices(
    merchant: MerchantCode,
    language: Language,
    principal: CurrentPrincipal,
    db: Db,
    cache: Cache,
    types: str = Query("B,PL,PU,PR,H", max_length=40),
    platform: str = Query("W", pattern="^W$"),
    first_login: bool = Query(False, alias="firstLogin"),
) -> Envelope[list[AnnouncementRead]]:
    """Notices of the given types (B, PL, PU, PR, H); popups only for their audience (A, B, F). Members, agents
    and trial accounts; a visitor only the public announcements (B, and PU for anonymous visitors)."""
    wanted = parse_types(types)
    if wanted is None:
        raise DomainError("validation.failed", field="types", reason="B, PL, PU, PR or H")
    check_reader(principal.role, wanted)
    items = await service.live_announcements(db, cache, merchant, language)
    return ok(service.select_notices(items, wanted, popup_audience(principal.role, first_login)))


@public.get(
    "/wps/relay/MCSFE_getListAnnouncements",
    operation_id="listAnnouncements",
    response_model=Envelope[PageRead[AnnouncementRead]],
)
async def list_announcements(
    merchant: MerchantCode,
    language: Language,
    principal: CurrentPrincipal,
    db: Db,
    cache: Cache,
    page: Annotated[Page, Depends(page_params(default_size=6, max_size=50))],
) -> Envelope[PageRead[AnnouncementRead]]:
    """The announcement list, paged (the public popup shows 6 a page, the system notice 8): open to visitors, who
    see the public announcements only; members, agents and trial accounts see every notice meant for them."""
    items = await service.live_announcements(db, cache, merchant, language)
    visible = service.select_notices(items, visible_types(principal.role), popup_audience(principal.role, False))
    return ok(page_of(page, visible[page.offset : page.offset + page.size], len(visible)))


@public.get("/wps/system/helpCenter", operation_id="helpCenter", response_model=Envelope[list[HelpTopicRead]])
async def help_center(
    merchant: MerchantCode,
    language: Language,
    db: Db,
    cache: Cache,
    lang: str | None = Query(None, max_length=8),
    device: str = Query("WEB", pattern="^(WEB|H5)$"),
) -> Envelope[list[HelpTopicRead]]:
    chosen = resolve_language(lang) if lang else language
    if chosen is None:
        raise DomainError("language.unsupported", language=lang)
    return ok(await service.help_centre(db, cache, merchant, chosen))


def _crud(
    section: str,
    body_type: type[BannerBody | AnnouncementBody | HelpTopicBody],
    read_type: type[ContentOpsRead],
    path: str,
) -> None:
    async def list_all(code: str, actor: OpsViewer, db: Db) -> Envelope[list[ContentOpsRead]]:
        return ok(await service.list_items(db, code, section))

    async def create(code: str, body: body_type, actor: OpsContent, db: Db, cache: Cache) -> Envelope[ContentOpsRead]:  # type: ignore[valid-type]
        return ok(await service.create_item(db, cache, actor, code, section, body))

    async def update(
        code: str,
        item_id: int,
        body: body_type,  # type: ignore[valid-type]
        actor: OpsContent,
        db: Db,
        cache: Cache,
    ) -> Envelope[ContentOpsRead]:
        return ok(await service.update_item(db, cache, actor, code, section, item_id, body))

    async def remove(code: str, item_id: int, actor: OpsContent, db: Db, cache: Cache) -> Envelope[Done]:
        await service.delete_item(db, cache, actor, code, section, item_id)
        return ok(Done())

    name = section[0].upper() + section[1:]
    one, many = Envelope[read_type], Envelope[list[read_type]]  # type: ignore[valid-type]
    ops.add_api_route(f"/{path}", list_all, methods=["GET"], operation_id=f"opsList{name}", response_model=many)
    ops.add_api_route(
        f"/{path}", create, methods=["POST"], operation_id=f"opsCreate{name}", status_code=201, response_model=one
    )
    ops.add_api_route(
        f"/{path}/{{item_id}}", update, methods=["PUT"], operation_id=f"opsUpdate{name}", response_model=one
    )
    ops.add_api_route(f"/{path}/{{item_id}}", remove, methods=["DELETE"], operation_id=f"opsDelete{name}")


_crud("banners", BannerBody, BannerOpsRead, "banners")
_crud("announcements", AnnouncementBody, AnnouncementOpsRead, "announcements")
_crud("helpTopics", HelpTopicBody, HelpTopicOpsRead, "help-topics")

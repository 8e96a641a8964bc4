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
from site_service.content.domain import (
    BannerGroup,
    ContentFilters,
    ContentOrder,
    NoticeType,
    check_reader,
    parse_types,
    popup_audience,
    visible_types,
)
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


OpsPage = Annotated[Page, Depends(page_params(default_size=50, max_size=200))]
Text = Annotated[str | None, Query(min_length=1, max_length=100, description="Looked for in the titles (any language)")]
Active = Annotated[bool | None, Query(description="Shown to members (true) or switched off (false)")]
Order = Annotated[ContentOrder, Query(description="display: the members' order; newest or oldest added first")]


@ops.get("/banners", operation_id="opsListBanners", response_model=Envelope[PageRead[BannerOpsRead]])
async def ops_banners(
    code: str,
    actor: OpsViewer,
    db: Db,
    page: OpsPage,
    text: Text = None,
    active: Active = None,
    group: Annotated[BannerGroup | None, Query(description="The banner's place")] = None,
    sort: Order = ContentOrder.DISPLAY,
) -> Envelope[PageRead[ContentOpsRead]]:
    """The brand's banners, paged, filtered (title, shown or not, place) and in order (the members' by default)."""
    filters = ContentFilters(text=text, active=active, group=group)
    return ok(await service.list_items(db, code, "banners", page, filters, sort))


@ops.get("/announcements", operation_id="opsListAnnouncements", response_model=Envelope[PageRead[AnnouncementOpsRead]])
async def ops_announcements(
    code: str,
    actor: OpsViewer,
    db: Db,
    page: OpsPage,
    text: Text = None,
    active: Active = None,
    type: Annotated[NoticeType | None, Query(description="B, PL, PU, PR or H")] = None,
    sort: Order = ContentOrder.DISPLAY,
) -> Envelope[PageRead[ContentOpsRead]]:
    """The brand's announcements and popups, paged, filtered (title, shown or not, type) and in order."""
    filters = ContentFilters(text=text, active=active, type=type)
    return ok(await service.list_items(db, code, "announcements", page, filters, sort))


@ops.get("/help-topics", operation_id="opsListHelpTopics", response_model=Envelope[PageRead[HelpTopicOpsRead]])
async def ops_help_topics(
    code: str,
    actor: OpsViewer,
    db: Db,
    page: OpsPage,
    text: Annotated[
        str | None, Query(min_length=1, max_length=100, description="Looked for in the key and the titles")
    ] = None,
    sort: Order = ContentOrder.DISPLAY,
) -> Envelope[PageRead[ContentOpsRead]]:
    """The brand's help topics, paged, filtered (key or title) and in order (the help centre's by default)."""
    return ok(await service.list_items(db, code, "helpTopics", page, ContentFilters(text=text), sort))


def _crud(
    section: str,
    body_type: type[BannerBody | AnnouncementBody | HelpTopicBody],
    read_type: type[ContentOpsRead],
    path: str,
) -> None:
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
    one = Envelope[read_type]  # type: ignore[valid-type]
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

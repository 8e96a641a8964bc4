"""Risk and support under ``/wps/ops/auth/merchants/{code}/members``: an ops person of the brand who reads members'
affairs (viewer, finance, admin; not a content editor) may find a member (by the start of a username, a mobile
number, an id or an address: in the body, never the URL) and read their profile with recent sign-ins (each profile
read audited); every other caller 401 or 403. Locking, unlocking and disabling stay with the brand's admins
(``ops``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from auth_service.deps import Ctx, Who
from auth_service.support import service
from auth_service.support.schemas import MemberFoundRead, MemberProfileRead, MemberSearch
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsFinanceReader

router = APIRouter(prefix="/wps/ops/auth/merchants/{code}/members", tags=["auth ops"])

Reader = OpsFinanceReader


@router.post("/search", operation_id="opsFindMembers", response_model=Envelope[PageRead[MemberFoundRead]])
async def find(
    code: str,
    body: MemberSearch,
    actor: Reader,
    ctx: Ctx,
    page: Annotated[Page, Depends(page_params(default_size=20, max_size=100))],
) -> Envelope[PageRead[MemberFoundRead]]:
    return ok(await service.search(ctx, code, body.by, body.search, page))


@router.get("/{account_id}", operation_id="opsMemberProfile", response_model=Envelope[MemberProfileRead])
async def profile(code: str, account_id: str, actor: Reader, ctx: Ctx, who: Who) -> Envelope[MemberProfileRead]:
    return ok(await service.profile(ctx, code, account_id, actor, who.ip))

"""Risk and support under ``/wps/ops/auth/merchants/{code}/members``: any ops role of the brand may find a member
(by the start of a username, a mobile number, an id or an address) and read their profile with recent sign-ins;
every other caller 401 or 403. Locking, unlocking and disabling stay with the brand's admins (``ops``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from auth_service.deps import Ctx
from auth_service.support import service
from auth_service.support.domain import SearchBy
from auth_service.support.schemas import MemberFoundRead, MemberProfileRead
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsViewer

router = APIRouter(prefix="/wps/ops/auth/merchants/{code}/members", tags=["auth ops"])


@router.get("", operation_id="opsFindMembers", response_model=Envelope[PageRead[MemberFoundRead]])
async def find(
    code: str,
    actor: OpsViewer,
    ctx: Ctx,
    page: Annotated[Page, Depends(page_params(default_size=20, max_size=100))],
    search: Annotated[str, Query(min_length=1, max_length=64)],
    by: SearchBy = SearchBy.USERNAME,
) -> Envelope[PageRead[MemberFoundRead]]:
    return ok(await service.search(ctx, code, by, search, page))


@router.get("/{account_id}", operation_id="opsMemberProfile", response_model=Envelope[MemberProfileRead])
async def profile(code: str, account_id: str, actor: OpsViewer, ctx: Ctx) -> Envelope[MemberProfileRead]:
    return ok(await service.profile(ctx, code, account_id))

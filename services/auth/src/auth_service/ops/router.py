"""Ops calls under ``/wps/ops/auth``: the login (anyone who reaches the ops address ranges), logout and ``me`` (any
ops session), the people (admins, within their brands), auth's audit (viewers of the brand); and under
``/wps/ops/auth/merchants/{code}`` the actions on a brand's accounts (its admins): agents, unlocking, status."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from auth_service.accounts.schemas import AccountStatusChange, MemberRead, NewAgent
from auth_service.deps import Ctx, Who
from auth_service.ops import service
from auth_service.ops.schemas import (
    NewOpsPerson,
    NewOpsPersonRead,
    OpsAuditRead,
    OpsLoginBody,
    OpsPersonChange,
    OpsPersonRead,
    OpsSessionRead,
)
from portal_kit.client import address_of
from portal_kit.envelope import Done, Envelope, ok
from portal_kit.errors import Forbidden
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsAdmin, OpsPrincipal, OpsRole, OpsViewer, Principal

router = APIRouter(prefix="/wps/ops/auth", tags=["ops people"])
brand_accounts = APIRouter(prefix="/wps/ops/auth/merchants/{code}", tags=["auth ops"])


async def any_admin(principal: OpsPrincipal) -> Principal:
    """An admin of at least one brand (what they may touch is checked against their brands)."""
    if not principal.holds(OpsRole.ADMIN):
        raise Forbidden("ops.role_required")
    return principal


Admin = Annotated[Principal, Depends(any_admin)]


@router.post("/login", operation_id="opsLogin", response_model=Envelope[OpsSessionRead])
async def login(body: OpsLoginBody, ctx: Ctx, request: Request) -> Envelope[OpsSessionRead]:
    """Anyone who reaches the ops address ranges; each try is counted and audited."""
    return ok(await service.login(ctx, address_of(request), request.headers.get("user-agent"), body))


@router.post("/logout", operation_id="opsLogout", response_model=Envelope[Done])
async def logout(principal: OpsPrincipal, ctx: Ctx) -> Envelope[Done]:
    if principal.token_hash:
        await ctx.sessions.end(principal.token_hash)
    return ok(Done())


@router.get("/me", operation_id="opsMe", response_model=Envelope[OpsPersonRead])
async def me(principal: OpsPrincipal, ctx: Ctx) -> Envelope[OpsPersonRead]:
    return ok(await service.me(ctx, principal))


@router.get("/people", operation_id="opsPeople", response_model=Envelope[list[OpsPersonRead]])
async def people(actor: Admin, ctx: Ctx) -> Envelope[list[OpsPersonRead]]:
    return ok(await service.people(ctx, actor))


@router.post("/people", operation_id="opsAddPerson", status_code=201, response_model=Envelope[NewOpsPersonRead])
async def add_person(body: NewOpsPerson, actor: Admin, ctx: Ctx, request: Request) -> Envelope[NewOpsPersonRead]:
    return ok(await service.create_person(ctx, actor, address_of(request), body))


@router.patch("/people/{person_id}", operation_id="opsChangePerson", response_model=Envelope[OpsPersonRead])
async def change_person(
    person_id: str, body: OpsPersonChange, actor: Admin, ctx: Ctx, request: Request
) -> Envelope[OpsPersonRead]:
    return ok(await service.change_person(ctx, actor, address_of(request), person_id, body))


@router.get("/merchants/{code}/audit", operation_id="opsAuthAudit", response_model=Envelope[list[OpsAuditRead]])
async def audit_log(
    code: str, actor: OpsViewer, ctx: Ctx, page: Annotated[Page, Depends(page_params(default_size=50, max_size=200))]
) -> Envelope[list[OpsAuditRead]]:
    return ok(await service.audit_log(ctx, code, page))


@brand_accounts.post("/agents", operation_id="opsCreateAgent", status_code=201, response_model=Envelope[MemberRead])
async def create_agent(code: str, body: NewAgent, principal: OpsAdmin, ctx: Ctx, who: Who) -> Envelope[MemberRead]:
    await ctx.site.brand(code)  # the brand must exist
    return ok(await service.create_agent(ctx, code, body, principal, who.ip))


@brand_accounts.put("/accounts/{account_id}/status", operation_id="opsSetAccountStatus", response_model=Envelope[Done])
async def set_status(
    code: str, account_id: str, body: AccountStatusChange, principal: OpsAdmin, ctx: Ctx, who: Who
) -> Envelope[Done]:
    """Disable an account (its sessions end at once; no login or reset admits it) or enable it again."""
    await service.set_status(ctx, code, account_id, body.status, principal, who.ip)
    return ok(Done())


@brand_accounts.post("/accounts/{account_id}/unlock", operation_id="opsUnlockAccount", response_model=Envelope[Done])
async def unlock(code: str, account_id: str, principal: OpsAdmin, ctx: Ctx, who: Who) -> Envelope[Done]:
    await service.unlock(ctx, code, account_id, principal, who.ip)
    return ok(Done())

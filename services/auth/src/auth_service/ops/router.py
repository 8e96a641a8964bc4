"""Ops calls under ``/wps/ops/auth``: the login and the enrolment of an invited person (anyone who reaches the ops
address ranges), logout and ``me`` (any ops session), the people, the requests a second admin approves and the
address ranges (admins, within their brands), auth's audit (viewers of the brand); and under
``/wps/ops/auth/merchants/{code}`` the actions on a brand's accounts (its admins): agents, unlocking, status."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query, Request

from auth_service.accounts.schemas import AccountLock, AccountStatusChange, MemberRead, NewAgent
from auth_service.deps import Ctx, Who
from auth_service.ops import service
from auth_service.ops.domain import OpsPersonOrder, OpsRequestOrder
from auth_service.ops.schemas import (
    OpsAuditRead,
    OpsEnrolBody,
    OpsEnrolConfirm,
    OpsEnrolRead,
    OpsGrant,
    OpsInvitation,
    OpsLoginBody,
    OpsPersonChange,
    OpsPersonRead,
    OpsRangeBody,
    OpsRangeRead,
    OpsRequestRead,
    OpsSessionRead,
)
from portal_kit.audit import AuditQuery
from portal_kit.client import address_of
from portal_kit.envelope import Done, Envelope, PageRead, ok
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


PeoplePage = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
RequestsPage = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]


@router.get("/people", operation_id="opsPeople", response_model=Envelope[PageRead[OpsPersonRead]])
async def people(
    actor: Admin,
    ctx: Ctx,
    page: PeoplePage,
    status: Annotated[Literal["pending", "invited", "active", "disabled"] | None, Query()] = None,
    role: Annotated[OpsRole | None, Query(description="Holds this role (as granted)")] = None,
    search: Annotated[str | None, Query(min_length=1, max_length=64, description="The start of the username")] = None,
    sort: Annotated[OpsPersonOrder, Query()] = OpsPersonOrder.NEWEST,
) -> Envelope[PageRead[OpsPersonRead]]:
    """The people whose brands are all within the admin's own, filtered and in order (the newest first)."""
    found = await service.people(
        ctx, actor, page, status=status, role=role.value if role else None, search=search, order=sort
    )
    return ok(found)


@router.post(
    "/people/invitations", operation_id="opsInvitePerson", status_code=201, response_model=Envelope[OpsRequestRead]
)
async def invite(body: OpsInvitation, actor: Admin, ctx: Ctx, request: Request) -> Envelope[OpsRequestRead]:
    """Invite someone (a request a second admin approves; the link then goes to their e-mail alone)."""
    return ok(await service.invite(ctx, actor, address_of(request), body))


@router.post(
    "/people/{person_id}/grant",
    operation_id="opsRequestGrant",
    status_code=201,
    response_model=Envelope[OpsRequestRead],
)
async def request_grant(
    person_id: str, body: OpsGrant, actor: Admin, ctx: Ctx, request: Request
) -> Envelope[OpsRequestRead]:
    """Ask that someone's roles and brands become these (a request a second admin approves)."""
    return ok(await service.request_grant(ctx, actor, address_of(request), person_id, body))


@router.post("/people/{person_id}/invitation", operation_id="opsResendInvitation", response_model=Envelope[Done])
async def resend_invitation(person_id: str, actor: Admin, ctx: Ctx, request: Request) -> Envelope[Done]:
    """A new link for an approved invitation, to the approved e-mail; the link before stops working."""
    await service.resend_invitation(ctx, actor, address_of(request), person_id)
    return ok(Done())


@router.patch("/people/{person_id}", operation_id="opsChangePerson", response_model=Envelope[OpsPersonRead])
async def change_person(
    person_id: str, body: OpsPersonChange, actor: Admin, ctx: Ctx, request: Request
) -> Envelope[OpsPersonRead]:
    """Disable someone (their sessions end) or let them back in."""
    return ok(await service.change_person(ctx, actor, address_of(request), person_id, body))


@router.get("/requests", operation_id="opsRequests", response_model=Envelope[PageRead[OpsRequestRead]])
async def requests(
    actor: Admin,
    ctx: Ctx,
    page: RequestsPage,
    status: Annotated[Literal["pending", "approved", "rejected", "stale"] | None, Query()] = None,
    kind: Annotated[Literal["person.invite", "person.grant", "range.add", "range.remove"] | None, Query()] = None,
    maker: Annotated[str | None, Query(min_length=1, max_length=64, description="The maker's username")] = None,
    sort: Annotated[OpsRequestOrder, Query()] = OpsRequestOrder.NEWEST,
) -> Envelope[PageRead[OpsRequestRead]]:
    """The requests whose brands are all within the admin's own, filtered and in order (the newest first)."""
    return ok(await service.requests(ctx, actor, page, status=status, kind=kind, maker=maker, order=sort))


@router.post(
    "/requests/{request_id}/approve", operation_id="opsApproveRequest", response_model=Envelope[OpsRequestRead]
)
async def approve(request_id: str, actor: Admin, ctx: Ctx, request: Request) -> Envelope[OpsRequestRead]:
    """A second admin carries a request out: not its maker, nor anyone the maker invited or approved."""
    return ok(await service.approve(ctx, actor, address_of(request), request_id))


@router.post("/requests/{request_id}/reject", operation_id="opsRejectRequest", response_model=Envelope[OpsRequestRead])
async def reject(request_id: str, actor: Admin, ctx: Ctx, request: Request) -> Envelope[OpsRequestRead]:
    return ok(await service.reject(ctx, actor, address_of(request), request_id))


@router.get("/ranges", operation_id="opsRanges", response_model=Envelope[list[OpsRangeRead]])
async def ranges(actor: Admin, ctx: Ctx) -> Envelope[list[OpsRangeRead]]:
    return ok(await service.address_ranges(ctx))


@router.post("/ranges", operation_id="opsRequestRange", status_code=201, response_model=Envelope[OpsRequestRead])
async def add_range(body: OpsRangeBody, actor: Admin, ctx: Ctx, request: Request) -> Envelope[OpsRequestRead]:
    """Ask that the ops login admit an address range (a request a second admin of every brand approves)."""
    return ok(await service.request_range(ctx, actor, address_of(request), body.cidr, add=True))


@router.post(
    "/ranges/remove", operation_id="opsRequestRangeRemoval", status_code=201, response_model=Envelope[OpsRequestRead]
)
async def remove_range(body: OpsRangeBody, actor: Admin, ctx: Ctx, request: Request) -> Envelope[OpsRequestRead]:
    return ok(await service.request_range(ctx, actor, address_of(request), body.cidr, add=False))


@router.post("/enrolment", operation_id="opsEnrol", response_model=Envelope[OpsEnrolRead])
async def enrol(body: OpsEnrolBody, ctx: Ctx, request: Request) -> Envelope[OpsEnrolRead]:
    """The invitee, with the token from their link: a TOTP secret for their authenticator app, shown to them."""
    return ok(await service.enrol(ctx, address_of(request), body))


@router.post("/enrolment/confirm", operation_id="opsConfirmEnrolment", response_model=Envelope[OpsPersonRead])
async def confirm_enrolment(body: OpsEnrolConfirm, ctx: Ctx, request: Request) -> Envelope[OpsPersonRead]:
    """The invitee sets their own password and proves the authenticator with a code; the token is spent."""
    return ok(await service.confirm_enrolment(ctx, address_of(request), body))


@router.get("/merchants/{code}/audit", operation_id="opsAuthAudit", response_model=Envelope[PageRead[OpsAuditRead]])
async def audit_log(
    code: str,
    actor: OpsViewer,
    ctx: Ctx,
    page: Annotated[Page, Depends(page_params(default_size=50, max_size=200))],
    filters: AuditQuery,
) -> Envelope[PageRead[OpsAuditRead]]:
    """A page of auth's audit of the brand (``*``: of actions on ops people), by actor, action and UTC days."""
    return ok(await service.audit_log(ctx, code, page, filters))


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


@brand_accounts.post("/accounts/{account_id}/lock", operation_id="opsLockAccount", response_model=Envelope[Done])
async def lock(
    code: str, account_id: str, body: AccountLock, principal: OpsAdmin, ctx: Ctx, who: Who
) -> Envelope[Done]:
    """Lock an account for ``hours`` (1–720) with a reason: no login admits it until then, its sessions end at once;
    unlocking lifts it early."""
    await service.lock(ctx, code, account_id, body.hours, body.reason, principal, who.ip)
    return ok(Done())


@brand_accounts.post("/accounts/{account_id}/unlock", operation_id="opsUnlockAccount", response_model=Envelope[Done])
async def unlock(code: str, account_id: str, principal: OpsAdmin, ctx: Ctx, who: Who) -> Envelope[Done]:
    await service.unlock(ctx, code, account_id, principal, who.ip)
    return ok(Done())

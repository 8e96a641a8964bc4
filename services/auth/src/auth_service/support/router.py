"""Risk and support under ``/wps/ops/auth/merchants/{code}/members``: an ops person of the brand who reads members'
affairs (viewer, finance, admin; not a content editor) may find a member (by the start of a username, a mobile
number, an id or an address: in the body, never the URL), read their profile with recent sign-ins and devices (each
profile read audited), and read and add notes on them (each note audited); the brand's admins remove a member's
authenticator (audited with the reason). Every other caller 401 or 403. Locking, unlocking and disabling stay with
the brand's admins (``ops``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from auth_service.deps import Ctx, Who
from auth_service.support import service
from auth_service.support.domain import AccountStatus, MemberOrder, NoteOrder
from auth_service.support.schemas import (
    MemberFoundRead,
    MemberProfileRead,
    MemberSearch,
    NewNote,
    NoteRead,
    TotpReset,
    TotpResetRead,
)
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsAdmin, OpsFinanceReader

router = APIRouter(prefix="/wps/ops/auth/merchants/{code}/members", tags=["auth ops"])

Reader = OpsFinanceReader


@router.post("/search", operation_id="opsFindMembers", response_model=Envelope[PageRead[MemberFoundRead]])
async def find(
    code: str,
    body: MemberSearch,
    actor: Reader,
    ctx: Ctx,
    page: Annotated[Page, Depends(page_params(default_size=20, max_size=100))],
    status: Annotated[AccountStatus | None, Query(description="active or disabled")] = None,
    sort: Annotated[MemberOrder, Query()] = MemberOrder.MATCH,
) -> Envelope[PageRead[MemberFoundRead]]:
    """The brand's members matching the search in the body, paged, of a status, in ``sort`` order (``match``: by
    username for a name, newest first otherwise)."""
    return ok(await service.search(ctx, code, body.by, body.search, page, status=status, order=sort))


@router.get("/{account_id}", operation_id="opsMemberProfile", response_model=Envelope[MemberProfileRead])
async def profile(code: str, account_id: str, actor: Reader, ctx: Ctx, who: Who) -> Envelope[MemberProfileRead]:
    return ok(await service.profile(ctx, code, account_id, actor, who.ip))


@router.get("/{account_id}/notes", operation_id="opsMemberNotes", response_model=Envelope[PageRead[NoteRead]])
async def notes(
    code: str,
    account_id: str,
    actor: Reader,
    ctx: Ctx,
    page: Annotated[Page, Depends(page_params(default_size=20, max_size=100))],
    author: Annotated[str | None, Query(min_length=1, max_length=64, description="The note's author")] = None,
    text: Annotated[str | None, Query(min_length=1, max_length=100, description="Words of the note")] = None,
    sort: Annotated[NoteOrder, Query()] = NoteOrder.NEWEST,
) -> Envelope[PageRead[NoteRead]]:
    """The notes ops keep on the member, paged, filtered (author, words) and newest (or oldest) first."""
    return ok(await service.notes(ctx, code, account_id, page, author=author, text=text, order=sort))


@router.post("/{account_id}/notes", operation_id="opsAddMemberNote", status_code=201, response_model=Envelope[NoteRead])
async def add_note(code: str, account_id: str, body: NewNote, actor: Reader, ctx: Ctx, who: Who) -> Envelope[NoteRead]:
    """A note on the member (at most 1000 characters), with its author and time; audited."""
    return ok(await service.add_note(ctx, code, account_id, body.text, actor, who.ip))


@router.post("/{account_id}/totp/reset", operation_id="opsResetMemberTotp", response_model=Envelope[TotpResetRead])
async def reset_totp(
    code: str, account_id: str, body: TotpReset, actor: OpsAdmin, ctx: Ctx, who: Who
) -> Envelope[TotpResetRead]:
    """The brand's admins: remove the member's authenticator (so they can bind a new one), with a reason; nothing
    else ends. ``totp.not_bound`` (409) when none is bound."""
    return ok(await service.reset_totp(ctx, code, account_id, body.reason, actor, who.ip))

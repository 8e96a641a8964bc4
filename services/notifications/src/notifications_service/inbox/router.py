"""The member's inbox (platform information, ``messageV2``) and the unread count (``CSP_unreadCount``): members
and agents, each only their own messages and their brand's broadcasts."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path

from notifications_service.deps import Db
from notifications_service.inbox import repository
from notifications_service.inbox.domain import Reader
from notifications_service.inbox.schemas import MarkedRead, MarkRead, MessageRead, UnreadCountRead
from portal_kit.envelope import Done, Envelope, PageRead, ok
from portal_kit.errors import DomainError, NotFound, Unauthorized
from portal_kit.paging import Page, page_of, page_params
from portal_kit.sessions import MemberPrincipal

router = APIRouter(tags=["notifications"])
MESSAGES = "/wps/notifications/messages"


async def reader_of(principal: MemberPrincipal) -> Reader:
    """Members and agents read their inbox; a trial account is told to use a real one, a visitor to log in."""
    if principal.account_id is None:
        raise Unauthorized()
    return Reader(principal.merchant, principal.account_id)


TheReader = Annotated[Reader, Depends(reader_of)]


@router.get("/wps/relay/CSP_unreadCount", operation_id="unreadCount", response_model=Envelope[UnreadCountRead])
async def unread_count(db: Db, reader: TheReader) -> Envelope[UnreadCountRead]:
    count, rewards, missions = await repository.unread(db, reader)
    return ok(UnreadCountRead(count=count, rewards=rewards, missions=missions))


@router.get(MESSAGES, operation_id="inboxMessages", response_model=Envelope[PageRead[MessageRead]])
async def messages(
    db: Db, reader: TheReader, page: Annotated[Page, Depends(page_params(default_size=10, max_size=50))]
) -> Envelope[PageRead[MessageRead]]:
    items, total = await repository.page(db, reader, page.offset, page.size)
    return ok(page_of(page, items, total))


@router.post(f"{MESSAGES}/read", operation_id="markMessagesRead", response_model=Envelope[MarkedRead])
async def mark_read(body: MarkRead, db: Db, reader: TheReader) -> Envelope[MarkedRead]:
    if not body.all and not body.ids:
        raise DomainError("messages.none_chosen", status=400)
    return ok(MarkedRead(marked=await repository.mark_read(db, reader, None if body.all else body.ids)))


@router.delete(f"{MESSAGES}/{{messageId}}", operation_id="deleteMessage", response_model=Envelope[Done])
async def delete_message(
    messageId: Annotated[int, Path(ge=1, le=2**63 - 1)], db: Db, reader: TheReader
) -> Envelope[Done]:
    if not await repository.delete(db, reader, messageId):
        raise NotFound("message.not_found")
    return ok(Done())

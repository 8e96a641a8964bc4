"""Ops broadcasts of a brand (to every member, one member or a list of them): read (any ops role of the brand),
write and withdraw (content)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from notifications_service.broadcasts import service
from notifications_service.broadcasts.domain import BroadcastAudience, BroadcastFilters, BroadcastOrder
from notifications_service.broadcasts.schemas import BroadcastRead, BroadcastWrite
from notifications_service.deps import Db, Nats
from notifications_service.ops.router import OPS
from portal_kit.dates import utc_days
from portal_kit.envelope import Done, Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from portal_kit.sessions import OpsContent, OpsViewer

ops = APIRouter(prefix=f"{OPS}/broadcasts", tags=["notifications ops"])


@ops.get("", operation_id="opsBroadcasts", response_model=Envelope[PageRead[BroadcastRead]])
async def broadcasts(
    code: str,
    db: Db,
    actor: OpsViewer,
    page: Annotated[Page, Depends(page_params(default_size=20, max_size=100))],
    audience: Annotated[BroadcastAudience | None, Query(description="Only those for this audience")] = None,
    writtenBy: Annotated[
        str | None, Query(min_length=1, max_length=64, description="Only those this ops person wrote (any case)")
    ] = None,
    search: Annotated[str | None, Query(min_length=1, max_length=200, description="Words of the title")] = None,
    first: Annotated[date | None, Query(alias="from", description="yyyy-MM-dd: sent from this UTC day on")] = None,
    last: Annotated[date | None, Query(alias="to", description="yyyy-MM-dd: sent up to this UTC day, included")] = None,
    sort: Annotated[BroadcastOrder, Query(description="newest (the default) or oldest first")] = BroadcastOrder.NEWEST,
) -> Envelope[PageRead[BroadcastRead]]:
    """A page of the brand's broadcasts (withdrawn ones are gone), filtered and in order; ``validation.failed``
    (400) for a day that is not one or a ``to`` before ``from``."""
    since, until = utc_days(first, last)
    filters = BroadcastFilters(
        audience=audience, written_by=(writtenBy or "").strip() or None, search=(search or "").strip() or None,
        since=since, until=until, order=sort,
    )  # fmt: skip
    return ok(await service.broadcasts(db, code, page, filters))


@ops.post("", operation_id="opsWriteBroadcast", response_model=Envelope[BroadcastRead])
async def write(code: str, body: BroadcastWrite, db: Db, nc: Nats, actor: OpsContent) -> Envelope[BroadcastRead]:
    return ok(await service.write(db, nc, code, actor, body))


@ops.delete("/{messageId}", operation_id="opsWithdrawBroadcast", response_model=Envelope[Done])
async def withdraw(
    code: str, messageId: Annotated[int, Path(ge=1, le=2**63 - 1)], db: Db, actor: OpsContent
) -> Envelope[Done]:
    await service.withdraw(db, code, actor, messageId)
    return ok(Done())

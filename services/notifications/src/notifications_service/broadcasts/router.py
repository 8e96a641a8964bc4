"""Ops broadcasts of a brand (to every member, one member or a list of them): read (any ops role of the brand),
write and withdraw (content)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from notifications_service.broadcasts import service
from notifications_service.broadcasts.schemas import BroadcastRead, BroadcastWrite
from notifications_service.deps import Db, Nats
from notifications_service.ops.router import OPS
from portal_kit.envelope import Done, Envelope, ok
from portal_kit.sessions import OpsContent, OpsViewer

ops = APIRouter(prefix=f"{OPS}/broadcasts", tags=["notifications ops"])


@ops.get("", operation_id="opsBroadcasts", response_model=Envelope[list[BroadcastRead]])
async def broadcasts(code: str, db: Db, actor: OpsViewer) -> Envelope[list[BroadcastRead]]:
    return ok(await service.broadcasts(db, code))


@ops.post("", operation_id="opsWriteBroadcast", response_model=Envelope[BroadcastRead])
async def write(code: str, body: BroadcastWrite, db: Db, nc: Nats, actor: OpsContent) -> Envelope[BroadcastRead]:
    return ok(await service.write(db, nc, code, actor, body))


@ops.delete("/{messageId}", operation_id="opsWithdrawBroadcast", response_model=Envelope[Done])
async def withdraw(
    code: str, messageId: Annotated[int, Path(ge=1, le=2**63 - 1)], db: Db, actor: OpsContent
) -> Envelope[Done]:
    await service.withdraw(db, code, actor, messageId)
    return ok(Done())

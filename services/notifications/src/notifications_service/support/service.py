"""Reading and replacing a brand's customer-service channels."""

from __future__ import annotations

from notifications_service.ops.service import record
from notifications_service.support import repository
from notifications_service.support.models import SupportChannel
from notifications_service.support.schemas import SupportChannelsWrite, SupportChannelWrite, SupportLaunchRead
from portal_kit.db import Database
from portal_kit.errors import DomainError, NotFound
from portal_kit.sessions import Principal


def _write(row: SupportChannel) -> SupportChannelWrite:
    return SupportChannelWrite(modelId=row.model_id, name=row.name, url=row.url)


async def channels(db: Database, merchant: str) -> list[SupportChannelWrite]:
    async with db.reader() as session:
        return [_write(row) for row in await repository.channels(session, merchant)]


async def launch(db: Database, merchant: str, model_id: str) -> SupportLaunchRead:
    async with db.reader() as session:
        row = await repository.channel(session, merchant, model_id)
    if row is None:
        raise NotFound("support.model_unknown")
    return SupportLaunchRead(modelId=row.model_id, url=row.url)


async def replace(
    db: Database, merchant: str, actor: Principal, body: SupportChannelsWrite
) -> list[SupportChannelWrite]:
    if len({channel.modelId for channel in body.channels}) != len(body.channels):
        raise DomainError("support.model_repeated", status=400)
    async with db.transaction() as session:
        locked = await repository.lock_channels(session, merchant)
        before = [_write(row).model_dump() for row in locked]
        replaced = [(channel.modelId, channel.name, channel.url) for channel in body.channels]
        await repository.replace(session, merchant, replaced)
        after = [channel.model_dump() for channel in body.channels]
        record(session, merchant, actor, "support.replace", merchant, {"channels": before}, {"channels": after})
    return list(body.channels)

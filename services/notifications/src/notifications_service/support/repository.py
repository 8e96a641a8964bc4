"""Every query of the brands' customer-service channels, in the caller's session."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from notifications_service.support.models import SupportChannel
from portal_kit.repository import Scoped

_channels = Scoped(SupportChannel)


async def channels(session: AsyncSession, merchant: str) -> Sequence[SupportChannel]:
    """The brand's channels in their order."""
    return (await session.scalars(_channels.query(merchant).order_by(SupportChannel.sort))).all()


async def lock_channels(session: AsyncSession, merchant: str) -> Sequence[SupportChannel]:
    """The brand's channels, locked until the transaction ends (two replacements take turns)."""
    return (await session.scalars(_channels.query(merchant).with_for_update())).all()


async def channel(session: AsyncSession, merchant: str, model_id: str) -> SupportChannel | None:
    return await session.get(SupportChannel, (merchant, model_id))


async def replace(session: AsyncSession, merchant: str, channels: Iterable[tuple[str, str, str]]) -> None:
    """The brand's channels become ``channels`` (model id, name, URL), in the order given."""
    await session.execute(_channels.delete(merchant))
    for sort, (model_id, name, url) in enumerate(channels):
        session.add(SupportChannel(merchant=merchant, model_id=model_id, name=name, url=url, sort=sort))

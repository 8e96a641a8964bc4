"""A brand's wallet settings (``merchant_wallet``, one row a brand, none until ops first change them)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from wallet_service.merchants.models import MerchantWallet


async def settings_of(session: AsyncSession, merchant: str) -> MerchantWallet | None:
    return await session.get(MerchantWallet, merchant)


async def save(session: AsyncSession, merchant: str, values: dict[str, Any]) -> None:
    """Write the brand's settings whole, in one upsert."""
    await session.execute(
        insert(MerchantWallet)
        .values(merchant=merchant, **values)
        .on_conflict_do_update(index_elements=["merchant"], set_=values)
    )

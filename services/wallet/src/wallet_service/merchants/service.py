"""Reading and changing a brand's wallet settings; a brand nobody configured gets the defaults."""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from wallet_service.merchants.domain import WalletRules, validated
from wallet_service.merchants.models import MerchantWallet


async def rules_of(session: AsyncSession, merchant: str) -> WalletRules:
    row = await session.get(MerchantWallet, merchant)
    if row is None:
        return WalletRules()
    return WalletRules(
        mode=row.mode,
        vendors=tuple(row.vendors),
        deposit_min=row.deposit_min,
        deposit_max=row.deposit_max,
        withdrawal_min=row.withdrawal_min,
        withdrawal_max=row.withdrawal_max,
        confirm_minutes=row.confirm_minutes,
        bank=dict(row.bank),
        dual_control_above=row.dual_control_above,
    )


async def change(session: AsyncSession, merchant: str, changes: dict[str, Any]) -> WalletRules:
    """Apply ``changes`` (field names of WalletRules) to the current settings, validated, in one upsert."""
    current = await rules_of(session, merchant)
    if "vendors" in changes:
        changes = {**changes, "vendors": tuple(changes["vendors"])}
    updated = validated(replace(current, **changes))
    values = {**asdict(updated), "vendors": list(updated.vendors)}
    await session.execute(
        insert(MerchantWallet)
        .values(merchant=merchant, **values)
        .on_conflict_do_update(index_elements=["merchant"], set_=values)
    )
    return updated

"""Reading and changing a brand's wallet settings; a brand nobody configured gets the defaults."""

from __future__ import annotations

from dataclasses import asdict, replace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from portal_kit.db import Database
from portal_kit.sessions import Principal
from wallet_service.merchants import repository
from wallet_service.merchants.domain import WalletRules, validated
from wallet_service.oversight import service as oversight


async def brand_rules(db: Database, merchant: str) -> WalletRules:
    """The brand's settings, read on their own."""
    async with db.reader() as session:
        return await rules_of(session, merchant)


async def rules_of(session: AsyncSession, merchant: str) -> WalletRules:
    row = await repository.settings_of(session, merchant)
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
    await repository.save(session, merchant, values)
    return updated


async def change_by_ops(db: Database, merchant: str, actor: Principal, changes: dict[str, Any]) -> WalletRules:
    """An ops change of the brand's settings, audited with the fields it changed (before and after)."""
    async with db.transaction() as session:
        before = (await rules_of(session, merchant)).view().model_dump()
        updated = await change(session, merchant, changes)
        after = updated.view().model_dump()
        changed = sorted(key for key in after if after[key] != before[key])
        oversight.record(session, merchant, actor, "settings.change", merchant,
                         before={k: before[k] for k in changed}, after={k: after[k] for k in changed})  # fmt: skip
    return updated

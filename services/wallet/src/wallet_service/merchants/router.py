"""``GCS_merchantWallet`` (single or transfer mode, open to visitors) and the ops calls of a brand's wallet
settings."""

from __future__ import annotations

from fastapi import APIRouter, Query

from portal_kit.envelope import Envelope, ok
from portal_kit.errors import DomainError
from portal_kit.merchant import MERCHANT_PATTERN, MerchantCode
from portal_kit.sessions import OpsAdmin, OpsViewer
from wallet_service.deps import Db
from wallet_service.merchants.service import change, rules_of
from wallet_service.oversight import audit
from wallet_service.schemas import MerchantWalletRead, SettingsChange, WalletSettingsRead

public = APIRouter(tags=["wallet"])
ops = APIRouter(prefix="/wps/ops/wallet/merchants/{code}", tags=["wallet ops"])


@public.get("/wps/relay/GCS_merchantWallet", operation_id="merchantWallet", response_model=Envelope[MerchantWalletRead])
async def merchant_wallet(
    db: Db, merchant: MerchantCode, merchant_code: str | None = Query(None, alias="merchantCode")
) -> Envelope[MerchantWalletRead]:
    code = (merchant_code or merchant).strip().lower()
    if not MERCHANT_PATTERN.fullmatch(code):
        raise DomainError("merchant.invalid")
    async with db.reader() as session:
        rules = await rules_of(session, code)
    return ok(MerchantWalletRead(merchantCode=code, isSingle=rules.is_single, vendors=list(rules.vendors)))


@ops.get("/settings", operation_id="opsWalletSettings", response_model=Envelope[WalletSettingsRead])
async def read_settings(code: str, db: Db, actor: OpsViewer) -> Envelope[WalletSettingsRead]:
    async with db.reader() as session:
        return ok((await rules_of(session, code)).view())


@ops.put("/settings", operation_id="opsChangeWalletSettings", response_model=Envelope[WalletSettingsRead])
async def change_settings(code: str, db: Db, actor: OpsAdmin, body: SettingsChange) -> Envelope[WalletSettingsRead]:
    async with db.transaction() as session:
        before = (await rules_of(session, code)).view().model_dump()
        updated = await change(session, code, body.changes())
        after = updated.view().model_dump()
        changed = sorted(key for key in after if after[key] != before[key])
        audit.record(session, code, actor, "settings.change", code, None,
                     before={k: before[k] for k in changed}, after={k: after[k] for k in changed})  # fmt: skip
    return ok(updated.view())

"""``GCS_merchantWallet`` (single or transfer mode, open to visitors) and the ops calls of a brand's wallet
settings."""

from __future__ import annotations

from fastapi import APIRouter, Query

from portal_kit.envelope import Envelope, ok
from portal_kit.errors import DomainError
from portal_kit.merchant import MERCHANT_PATTERN, MerchantCode
from portal_kit.sessions import OpsAdmin, OpsViewer
from wallet_service.deps import Db
from wallet_service.merchants.schemas import MerchantWalletRead, SettingsChange, WalletSettingsRead
from wallet_service.merchants.service import brand_rules, change_by_ops

public = APIRouter(tags=["wallet"])
ops = APIRouter(prefix="/wps/ops/wallet/merchants/{code}", tags=["wallet ops"])


@public.get("/wps/relay/GCS_merchantWallet", operation_id="merchantWallet", response_model=Envelope[MerchantWalletRead])
async def merchant_wallet(
    db: Db, merchant: MerchantCode, merchant_code: str | None = Query(None, alias="merchantCode")
) -> Envelope[MerchantWalletRead]:
    code = (merchant_code or merchant).strip().lower()
    if not MERCHANT_PATTERN.fullmatch(code):
        raise DomainError("merchant.invalid")
    rules = await brand_rules(db, code)
    return ok(MerchantWalletRead(merchantCode=code, isSingle=rules.is_single, vendors=list(rules.vendors)))


@ops.get("/settings", operation_id="opsWalletSettings", response_model=Envelope[WalletSettingsRead])
async def read_settings(code: str, db: Db, actor: OpsViewer) -> Envelope[WalletSettingsRead]:
    return ok((await brand_rules(db, code)).view())


@ops.put("/settings", operation_id="opsChangeWalletSettings", response_model=Envelope[WalletSettingsRead])
async def change_settings(code: str, db: Db, actor: OpsAdmin, body: SettingsChange) -> Envelope[WalletSettingsRead]:
    return ok((await change_by_ops(db, code, actor, body.changes())).view())

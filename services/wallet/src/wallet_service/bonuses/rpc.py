"""``rpc.wallet.bonus``: the points service grants, releases and forfeits promotions' bonuses (the caller is limited
to points by the NATS permissions generated from ``proto/registry.yaml``)."""

from __future__ import annotations

from portal_events import WalletBonusReply, WalletBonusRequest
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from wallet_service.bonuses import service
from wallet_service.bonuses.service import BonusMove

QUEUE = "wallet"
RESPONDERS = 4


def bonus_answers(responder: Responder, db: Database) -> None:
    async def bonus(request: WalletBonusRequest) -> WalletBonusReply:
        return WalletBonusReply.model_validate(await service.move(db, BonusMove.of(request)))

    responder.answer("rpc.wallet.bonus", WalletBonusRequest, WalletBonusReply, bonus, queue=QUEUE,
                     responders=RESPONDERS)  # fmt: skip

"""Points-mall purchases' money, for the points service (``rpc.wallet.purchase``): a charge takes an item's price from
the member's spendable main balance into its shard of the brand's ``house:mall``; a refund gives back a charge that
was made, once. Both claim their key first (a twin waits and answers the stored original; another amount is
``idempotency.mismatch``); the member's wallet is locked before the house row, as every command does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portal_events import WalletPurchaseRequest
from portal_kit.db import Database
from wallet_service.ledger.domain import HOUSE, MALL, Leg, MoneyError, checked_amount, fingerprint, house_shard
from wallet_service.ledger.service import answer, claim, claimed_transaction, main_wallet, open_account, post
from wallet_service.purchases.domain import KIND, PurchaseAction, key


@dataclass(frozen=True)
class Purchase:
    merchant: str
    account_id: str
    amount: int
    transaction_id: str
    action: PurchaseAction

    @classmethod
    def of(cls, request: WalletPurchaseRequest) -> Purchase:
        return cls(request.merchant, request.accountId, checked_amount(request.amount), request.transactionId,
                   PurchaseAction(request.action))  # fmt: skip

    def content(self, action: PurchaseAction) -> str:
        return fingerprint(KIND[action], {"accountId": self.account_id, "amount": self.amount})


async def move(db: Database, purchase: Purchase) -> dict[str, Any]:
    """Charge or refund a purchase; the answer (``{transactionId, balance, currency}``, the spendable balance after)
    is stored and given to every replay. A charge the balance cannot cover is refused ``wallet.insufficient_funds``
    (stored: asking again answers the same); a refund of a charge never made (or refused) ``purchase.not_found``,
    nothing written."""
    action = purchase.action
    async with db.transaction() as session:
        if action is PurchaseAction.REFUND:
            charge = await claimed_transaction(
                session, purchase.merchant, key(PurchaseAction.CHARGE, purchase.transaction_id)
            )
            if charge is None or charge.status != "done":
                raise MoneyError("purchase.not_found")
            if charge.fingerprint != purchase.content(PurchaseAction.CHARGE):
                raise MoneyError("idempotency.mismatch")
        row, new = await claim(
            session, purchase.merchant, key(action, purchase.transaction_id), KIND[action], purchase.content(action)
        )
        if not new:
            return row.result
        wallet = await main_wallet(session, purchase.merchant, purchase.account_id, lock=True)
        house = await open_account(session, purchase.merchant, wallet.currency, HOUSE,
                                   house_shard(MALL, purchase.account_id))  # fmt: skip
        signed = -purchase.amount if action is PurchaseAction.CHARGE else purchase.amount
        try:
            after = await post(session, row, [Leg(wallet.id, signed), Leg(house.id, -signed)])
        except MoneyError as refusal:
            row.status, row.result = "refused", answer(code=refusal.code)
            return row.result
        row.status = "done"
        balance = after[wallet.id] - wallet.held
        row.result = answer({"transactionId": purchase.transaction_id, "balance": balance, "currency": wallet.currency})
        return row.result

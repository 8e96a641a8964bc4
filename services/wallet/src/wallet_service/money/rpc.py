"""The money API over NATS request/reply (core NATS, queue group ``wallet``, so replicas share the load):

| subject | request | answer (envelope) |
|---|---|---|
| ``wallet.rpc.debit`` | ``{merchant, accountId, currency, amount, transactionId, wallet?}`` | ``{transactionId, balance, currency}`` |
| ``wallet.rpc.credit`` | the same | the same |
| ``wallet.rpc.rollback`` | ``{merchant, transactionId}`` (of the debit) | ``{transactionId, reversed}`` |
| ``wallet.rpc.balance`` | ``{merchant, accountId, wallet?}`` | ``{balance, held, currency}`` |

Amounts are integer minor units. A replay answers the stored original; refusals carry a stable ``errorCode``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from faststream.nats import NatsBroker

from portal_kit.db import Database
from wallet_service.ledger.domain import MoneyError
from wallet_service.ledger.service import answer
from wallet_service.money import service
from wallet_service.money.service import Movement

log = logging.getLogger("wallet.rpc")
QUEUE = "wallet"


def _guarded(work: Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]) -> Callable[[Any], Awaitable[dict[str, Any]]]:
    async def handler(body: Any) -> dict[str, Any]:
        if not isinstance(body, dict):
            return answer(code="request.invalid")
        try:
            return await work(body)
        except MoneyError as refusal:
            return answer(code=refusal.code)
        except Exception:
            log.exception("money call failed")
            return answer(code="internal_error")

    return handler


def rpc_subscription(broker: NatsBroker, db: Database) -> None:
    routes: dict[str, Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]] = {
        "wallet.rpc.debit": lambda body: service.debit(db, Movement.parse(body)),
        "wallet.rpc.credit": lambda body: service.credit(db, Movement.parse(body)),
        "wallet.rpc.rollback": lambda body: service.rollback(
            db, str(body.get("merchant", "")), str(body.get("transactionId", ""))
        ),
        "wallet.rpc.balance": lambda body: service.balance(
            db, str(body.get("merchant", "")), str(body.get("accountId", "")), body.get("wallet", "main")
        ),
    }
    for subject, work in routes.items():
        broker.subscriber(subject, queue=QUEUE)(_guarded(work))

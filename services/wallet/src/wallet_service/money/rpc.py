"""The money API over NATS request/reply (core NATS, queue group ``wallet``, so replicas share the load):

| subject | request | answer (envelope) |
|---|---|---|
| ``rpc.wallet.debit`` | ``{merchant, accountId, currency, amount, transactionId, wallet?}`` | ``{transactionId, balance, currency}`` |
| ``rpc.wallet.credit`` | the same | the same |
| ``rpc.wallet.rollback`` | ``{merchant, transactionId}`` (of the debit) | ``{transactionId, reversed}`` |
| ``rpc.wallet.balance`` | ``{merchant, accountId, wallet?}`` | ``{balance, held, currency}`` |

Request/reply subjects live under ``rpc.`` — never under ``wallet.``, which is the stream of the wallet's
events: JetStream would capture the request and answer it with a publish acknowledgement.
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
# Requests handled at once per worker process; below the database pool size (WALLET_DATABASE_POOL_SIZE, 20).
CONCURRENCY = 16


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
        "rpc.wallet.debit": lambda body: service.debit(db, Movement.parse(body)),
        "rpc.wallet.credit": lambda body: service.credit(db, Movement.parse(body)),
        "rpc.wallet.rollback": lambda body: service.rollback(
            db, str(body.get("merchant", "")), str(body.get("transactionId", ""))
        ),
        "rpc.wallet.balance": lambda body: service.balance(
            db, str(body.get("merchant", "")), str(body.get("accountId", "")), body.get("wallet", "main")
        ),
    }
    for subject, work in routes.items():
        broker.subscriber(subject, queue=QUEUE, max_workers=CONCURRENCY)(_guarded(work))

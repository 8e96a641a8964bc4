"""The money API over NATS request/reply (core NATS, queue group ``wallet``: ``RESPONDERS`` subscriptions per
subject in each process, and the processes share the load). Each
call's request and reply are declared in ``proto/registry.yaml`` (``rpc:``) and used here as the models
generated from them:

| subject | request | answer (envelope value) |
|---|---|---|
| ``rpc.wallet.debit`` | ``WalletMovementRequest`` ``{merchant, accountId, currency, amount, transactionId, wallet?, vendor?}`` | ``{transactionId, balance, currency}`` |
| ``rpc.wallet.credit`` | the same | the same |
| ``rpc.wallet.reward`` | ``WalletRewardRequest`` ``{merchant, accountId, amount, transactionId, reason}`` (points only: a member's points converted to cash, from ``house:rewards``, in the main wallet's currency; a trial account ``trial.real_money``) | ``{transactionId, balance, currency}`` |
| ``rpc.wallet.salary`` | ``WalletSalaryRequest`` ``{merchant, accountId, currency, amount, transactionId, contractKind, periodStart, periodEnd}`` (agent-contracts only: an agent's pay from ``house:salaries``) | ``{transactionId, balance, currency}`` |
| ``rpc.wallet.settle`` | ``WalletSettleRequest`` ``{merchant, accountId, currency, stake, win, transactionId, wallet?}`` | ``{transactionId, balance, currency}`` |
| ``rpc.wallet.rollback`` | ``WalletRollbackRequest`` ``{merchant, transactionId}`` (of the debit) | ``{transactionId, reversed}`` |
| ``rpc.wallet.purchase`` | ``WalletPurchaseRequest`` ``{merchant, accountId, amount, transactionId, action}`` (points only: a mall item's price, ``CHARGE`` from the main wallet into ``house:mall`` or ``REFUND`` of a charge made; ``purchase.not_found`` for a refund of none) | ``{transactionId, balance, currency}`` |
| ``rpc.wallet.dual_control`` | ``WalletDualControlRequest`` ``{merchant, maker?, accountId?, amount?, grantKey?}`` (points only; the four together or none: ``request.invalid``) | ``{dualControlAbove, secondPerson}``: with a grant, whether it needs a second person (``false``: counted into the maker's running total for the member today, with the wallet's own adjustments), once per ``grantKey`` |
| ``rpc.wallet.balance`` | ``WalletBalanceRequest`` ``{merchant, accountId, wallet?, vendor?}`` | ``{balance, held, currency}`` |

``vendor`` names the game vendor a movement or balance is for: in a transfer-mode brand that lists it, the
vendor's own wallet (``vendor:<code>``) is used instead of main. Amounts are integer minor units (``1.5``,
``"100"`` and ``true`` are refused: ``amount.invalid``). A replay answers the stored original; refusals carry a
stable ``errorCode``.

``told`` (the worker's ``BalancePushes.moved``) hears the member of each movement answered as done (a replay's too:
one more read of the balance at most), a rollback's once it gave money back; the movements these commands make in a
session (reward, salary, purchase) are told by the ledger's commit hook instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import ValidationError

from portal_events import (
    WalletBalanceReply,
    WalletBalanceRequest,
    WalletDualControlAnswer,
    WalletDualControlReply,
    WalletDualControlRequest,
    WalletMovementReply,
    WalletMovementRequest,
    WalletPurchaseRequest,
    WalletRewardRequest,
    WalletRollbackReply,
    WalletRollbackRequest,
    WalletSalaryRequest,
    WalletSettleRequest,
)
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder
from wallet_service.ledger.domain import MAIN, checked_vendor
from wallet_service.ledger.service import rolled_back_to
from wallet_service.merchants.service import brand_rules
from wallet_service.money import service
from wallet_service.money.service import Movement, Reward, Salary, Settlement
from wallet_service.oversight import service as oversight
from wallet_service.purchases import service as purchases
from wallet_service.purchases.service import Purchase

QUEUE = "wallet"
# Requests of one subject answered at once per process. More than the database pool can serve at once is
# harmless: each command is one statement, so a request waiting for a connection holds no lock.
RESPONDERS = 16
# A request's bad field answers the code the money rules give it; anything else is request.invalid.
FIELD_CODES = {
    "amount": "amount.invalid", "stake": "amount.invalid", "win": "amount.invalid", "wallet": "wallet.unknown",
    "vendor": "wallet.unknown",
}  # fmt: skip


def refusal_code(error: ValidationError) -> str:
    first = error.errors()[0]["loc"]
    return FIELD_CODES.get(str(first[0]), "request.invalid") if first else "request.invalid"


Told = Callable[[str, str], None]  # (merchant, accountId): a member's money moved


def money_answers(responder: Responder, db: Database, told: Told | None = None) -> None:
    def moved(merchant: str, account_id: str, answer: dict[str, Any]) -> dict[str, Any]:
        if told is not None and answer.get("success"):
            told(merchant, account_id)
        return answer

    async def debit(request: WalletMovementRequest) -> WalletMovementReply:
        answer = await service.debit(db, Movement.of(request))
        return WalletMovementReply.model_validate(moved(request.merchant, request.accountId, answer))

    async def credit(request: WalletMovementRequest) -> WalletMovementReply:
        answer = await service.credit(db, Movement.of(request))
        return WalletMovementReply.model_validate(moved(request.merchant, request.accountId, answer))

    async def salary(request: WalletSalaryRequest) -> WalletMovementReply:
        return WalletMovementReply.model_validate(await service.salary(db, Salary.of(request)))

    async def reward(request: WalletRewardRequest) -> WalletMovementReply:
        return WalletMovementReply.model_validate(await service.reward(db, Reward.of(request)))

    async def purchase(request: WalletPurchaseRequest) -> WalletMovementReply:
        return WalletMovementReply.model_validate(await purchases.move(db, Purchase.of(request)))

    async def dual_control(request: WalletDualControlRequest) -> WalletDualControlReply:
        grant = (request.maker, request.accountId, request.amount, request.grantKey)
        if any(part is not None for part in grant) and None in grant:
            return WalletDualControlReply(success=False, value=None, errorCode="request.invalid", message=None)
        above = (await brand_rules(db, request.merchant)).dual_control_above
        second: bool | None = None
        maker, account_id, amount, key = grant
        if maker is not None and account_id is not None and amount is not None and key is not None:
            second = not await oversight.grant_alone(db, request.merchant, maker, account_id, amount, above, key)
        value = WalletDualControlAnswer(dualControlAbove=above, secondPerson=second)
        return WalletDualControlReply(success=True, value=value, errorCode=None, message=None)

    async def settle(request: WalletSettleRequest) -> WalletMovementReply:
        answer = await service.settle(db, Settlement.of(request))
        return WalletMovementReply.model_validate(moved(request.merchant, request.accountId, answer))

    async def rollback(request: WalletRollbackRequest) -> WalletRollbackReply:
        answer = await service.rollback(db, request.merchant, request.transactionId)
        if told is not None and answer.get("success") and (answer.get("value") or {}).get("reversed"):
            for account_id in await rolled_back_to(db, request.merchant, request.transactionId):
                told(request.merchant, account_id)
        return WalletRollbackReply.model_validate(answer)

    async def balance(request: WalletBalanceRequest) -> WalletBalanceReply:
        wallet, vendor = request.wallet or MAIN, checked_vendor(request.vendor)
        answer = await service.balance(db, request.merchant, request.accountId, wallet, vendor)
        return WalletBalanceReply.model_validate(answer)

    def answer(subject: str, request: type[Any], reply: type[Any], work: Callable[[Any], Awaitable[Any]]) -> None:
        responder.answer(subject, request, reply, work, queue=QUEUE, responders=RESPONDERS, invalid=refusal_code)

    answer("rpc.wallet.debit", WalletMovementRequest, WalletMovementReply, debit)
    answer("rpc.wallet.credit", WalletMovementRequest, WalletMovementReply, credit)
    answer("rpc.wallet.salary", WalletSalaryRequest, WalletMovementReply, salary)
    answer("rpc.wallet.reward", WalletRewardRequest, WalletMovementReply, reward)
    answer("rpc.wallet.purchase", WalletPurchaseRequest, WalletMovementReply, purchase)
    answer("rpc.wallet.dual_control", WalletDualControlRequest, WalletDualControlReply, dual_control)
    answer("rpc.wallet.settle", WalletSettleRequest, WalletMovementReply, settle)
    answer("rpc.wallet.rollback", WalletRollbackRequest, WalletRollbackReply, rollback)
    answer("rpc.wallet.balance", WalletBalanceRequest, WalletBalanceReply, balance)

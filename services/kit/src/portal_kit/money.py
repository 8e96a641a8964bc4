"""The wallet's money API over NATS (``rpc.wallet.*``, contracts in proto/), as the services that take stakes and
pay wins (games, lottery) call it: each movement under an id derived from the bet, so asking again answers the
original."""

from __future__ import annotations

from datetime import datetime

from nats.aio.client import Client as NATS

from portal_events import (
    WalletBalanceReply,
    WalletBalanceRequest,
    WalletBonusAnswer,
    WalletBonusReply,
    WalletBonusRequest,
    WalletDualControlAnswer,
    WalletDualControlReply,
    WalletDualControlRequest,
    WalletMovementAnswer,
    WalletMovementReply,
    WalletMovementRequest,
    WalletPurchaseRequest,
    WalletRewardRequest,
    WalletRollbackReply,
    WalletRollbackRequest,
    WalletSalaryRequest,
    WalletSettleRequest,
)
from portal_kit.errors import DomainError
from portal_kit.messaging.rpc import ask

# The texts of the wallet's refusals that a caller passes on to the member are the kit's (``i18n.KIT_MESSAGES``).


# The largest amount one movement of the money API takes, in minor units (its contracts' ``maximum``): a caller
# bounds what it accepts from outside by it, so a request it builds never breaks the contract.
MAX_AMOUNT = 100_000_000_000

# Refusals after which nothing moved under the id, nor will: the balance could not cover the stake (stored as the
# answer of every replay), or the request could not be carried out at all (no such wallet, another currency, a
# trial account's real money, a value out of form, a salary for an account that is no agent). Any other refusal
# (``idempotency.mismatch``: the id was used with another content; ``transaction.rolled_back``: a rollback came
# first) says nothing of what moved under it.
NOTHING_MOVED = frozenset(
    {
        "wallet.insufficient_funds",
        "account.not_found",
        "currency.unknown",
        "trial.real_money",
        "wallet.unknown",
        "amount.invalid",
        "request.invalid",
        "account.not_agent",
        "purchase.not_found",
    }
)


class Refused(DomainError):
    """The wallet refused the movement (its code says why); ``NOTHING_MOVED`` lists the codes that guarantee nothing
    was moved under its id."""

    status = 409


async def move(
    nc: NATS, subject: str, merchant: str, account_id: str, currency: str, amount: int, transaction_id: str,
    wallet: str | None = None, *, vendor: str | None = None,
) -> int:  # fmt: skip
    """Debit or credit ``amount`` (of the main wallet, or ``wallet``: ``freeplay`` for a trial account's play
    money; for a game ``vendor``, its own wallet when the brand is in transfer mode); the balance after it. A
    refusal raises ``Refused``; no answer raises ``service_unavailable`` (the movement may or may not have
    happened: ask again with the same id)."""
    request = WalletMovementRequest(
        merchant=merchant, accountId=account_id, currency=currency, amount=amount, transactionId=transaction_id,
        wallet=wallet, vendor=vendor,
    )  # fmt: skip
    answer = await ask(nc, subject, request, WalletMovementReply)
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value.balance


async def debit(
    nc: NATS, merchant: str, account_id: str, currency: str, amount: int, transaction_id: str,
    wallet: str | None = None, *, vendor: str | None = None,
) -> int:  # fmt: skip
    subject = "rpc.wallet.debit"
    return await move(nc, subject, merchant, account_id, currency, amount, transaction_id, wallet, vendor=vendor)


async def credit(
    nc: NATS, merchant: str, account_id: str, currency: str, amount: int, transaction_id: str,
    wallet: str | None = None, *, vendor: str | None = None,
) -> int:  # fmt: skip
    subject = "rpc.wallet.credit"
    return await move(nc, subject, merchant, account_id, currency, amount, transaction_id, wallet, vendor=vendor)


async def salary(
    nc: NATS, merchant: str, account_id: str, currency: str, amount: int, transaction_id: str, contract_kind: str,
    period_start: datetime, period_end: datetime,
) -> int:  # fmt: skip
    """Pay an agent (agent-contracts only: ``rpc.wallet.salary``): ``amount`` into its main wallet from the brand's
    house account for agent pay, shown in its account record as ``salary``; ``contract_kind`` (DIVIDEND,
    DAILY_WAGE, HOURLY_SALARY, REALTIME_SALARY) and the period are kept with it. The balance after it. Once per
    ``transaction_id``: asking again answers the original, another content under it is ``idempotency.mismatch``. A
    refusal raises ``Refused`` (``account.not_agent`` for an account that is no agent: nothing moved); no answer
    raises ``service_unavailable`` (ask again with the same id)."""
    request = WalletSalaryRequest.model_validate(
        {
            "merchant": merchant, "accountId": account_id, "currency": currency, "amount": amount,
            "transactionId": transaction_id, "contractKind": contract_kind, "periodStart": period_start,
            "periodEnd": period_end,
        }
    )  # fmt: skip
    answer = await ask(nc, "rpc.wallet.salary", request, WalletMovementReply)
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value.balance


async def reward(nc: NATS, merchant: str, account_id: str, amount: int, transaction_id: str, reason: str) -> int:
    """Credit a member's reward (points only: ``rpc.wallet.reward``; ``reason`` says what for: ``points.conversion``,
    ``raffle.prize``, ``red_envelope``, ``vip.level_up``, ``referral``): ``amount`` into its main wallet, in its
    currency, from the brand's house account for rewards, shown in its account record as a bonus. The balance after
    it. Once per ``transaction_id``: asking again answers the original, another content under it is
    ``idempotency.mismatch``. A refusal raises ``Refused`` (``trial.real_money``, ``account.not_found``: nothing
    moved); no answer raises ``service_unavailable`` (ask again with the same id)."""
    return (await reward_paid(nc, merchant, account_id, amount, transaction_id, reason)).balance


async def reward_paid(
    nc: NATS, merchant: str, account_id: str, amount: int, transaction_id: str, reason: str
) -> WalletMovementAnswer:
    """``reward``, answering the whole movement (the balance after it and the wallet's currency)."""
    request = WalletRewardRequest.model_validate(
        {
            "merchant": merchant,
            "accountId": account_id,
            "amount": amount,
            "transactionId": transaction_id,
            "reason": reason,
        }
    )
    answer = await ask(nc, "rpc.wallet.reward", request, WalletMovementReply)
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value


async def bonus(
    nc: NATS, merchant: str, account_id: str, grant_id: str, amount: int, action: str
) -> WalletBonusAnswer:  # fmt: skip
    """Move a promotion's bonus (points only: ``rpc.wallet.bonus``): ``GRANT`` holds ``amount`` in the member's bonus
    wallet, ``RELEASE`` moves it into the main wallet, ``FORFEIT`` gives it back to the house; once per grant and
    action. The answer says where the bonus is now (a release of a bonus a withdrawal forfeited meanwhile answers
    ``FORFEITED``). A refusal raises ``Refused`` (``trial.real_money``, ``account.not_found``: nothing moved;
    ``bonus.not_found``: a release or forfeit of a bonus never granted); no answer raises ``service_unavailable``."""
    request = WalletBonusRequest.model_validate(
        {"merchant": merchant, "accountId": account_id, "grantId": grant_id, "amount": amount, "action": action}
    )
    answer = await ask(nc, "rpc.wallet.bonus", request, WalletBonusReply)
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value


async def purchase(
    nc: NATS, merchant: str, account_id: str, amount: int, transaction_id: str, action: str
) -> WalletMovementAnswer:  # fmt: skip
    """A points-mall item's money (points only: ``rpc.wallet.purchase``): ``CHARGE`` takes ``amount`` from the member's
    spendable main balance, ``REFUND`` gives that charge back; once per ``transaction_id`` and action. A refusal raises
    ``Refused`` (``wallet.insufficient_funds``, ``trial.real_money``, ``account.not_found``, ``purchase.not_found``:
    nothing moved); no answer raises ``service_unavailable`` (ask again with the same id)."""
    request = WalletPurchaseRequest.model_validate(
        {"merchant": merchant, "accountId": account_id, "amount": amount, "transactionId": transaction_id,
         "action": action}
    )  # fmt: skip
    answer = await ask(nc, "rpc.wallet.purchase", request, WalletMovementReply)
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value


async def dual_control_above(nc: NATS, merchant: str) -> int:
    """The brand's dual-control amount (``rpc.wallet.dual_control``): an ops action granting one member more money
    than it needs a second person. No answer raises ``service_unavailable``."""
    answer = await ask(
        nc, "rpc.wallet.dual_control", WalletDualControlRequest(merchant=merchant), WalletDualControlReply
    )
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value.dualControlAbove


async def grant_review(
    nc: NATS, merchant: str, maker: str, account_id: str, amount: int, key: str
) -> WalletDualControlAnswer:
    """Whether ``maker`` may grant ``account_id`` ``amount`` alone (``rpc.wallet.dual_control`` with the grant:
    ``secondPerson``): the wallet decides on the maker's one running total for the member today, its own adjustments
    included, and counts the grant when it may (a grant counted and then not made stays counted: the next needs a
    checker sooner, never later). Once per ``key`` (the grant and its amount): asked again, the wallet answers the
    decision it kept. No answer raises ``service_unavailable``."""
    request = WalletDualControlRequest(
        merchant=merchant, maker=maker, accountId=account_id, amount=amount, grantKey=key
    )
    answer = await ask(nc, "rpc.wallet.dual_control", request, WalletDualControlReply)
    if not answer.success or answer.value is None or answer.value.secondPerson is None:
        raise Refused(answer.errorCode or "service_unavailable")
    return answer.value


async def settle(
    nc: NATS, merchant: str, account_id: str, currency: str, stake: int, win: int, transaction_id: str,
    wallet: str | None = None,
) -> int:  # fmt: skip
    """Settle a round in one wallet transaction: ``stake`` debited as ``<transaction_id>:bet`` and, when ``win``,
    ``win`` credited as ``<transaction_id>:win``, both or neither; the balance after it. The id names one stake and
    one win: another content under it is ``idempotency.mismatch``. A refusal raises ``Refused`` (in
    ``NOTHING_MOVED``: nothing moved); no answer raises ``service_unavailable`` (ask again with the same id: the
    wallet answers the original). Neither leg is ever rolled back alone (``rollback.round_settled``)."""
    request = WalletSettleRequest(
        merchant=merchant, accountId=account_id, currency=currency, stake=stake, win=win,
        transactionId=transaction_id, wallet=wallet,
    )  # fmt: skip
    answer = await ask(nc, "rpc.wallet.settle", request, WalletMovementReply)
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value.balance


async def rollback(nc: NATS, merchant: str, transaction_id: str) -> int:
    """Reverse the debit ``transaction_id`` (an unknown one leaves a tombstone, so it is refused when it comes; a
    leg of a settled round is refused, ``rollback.round_settled``); the amount given back."""
    answer = await ask(
        nc,
        "rpc.wallet.rollback",
        WalletRollbackRequest(merchant=merchant, transactionId=transaction_id),
        WalletRollbackReply,
    )
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value.reversed


async def balance(nc: NATS, merchant: str, account_id: str, *, vendor: str | None = None) -> tuple[int, str]:
    """The spendable balance and currency of the main wallet (or, for a game ``vendor``, of the wallet its
    movements use)."""
    request = WalletBalanceRequest(merchant=merchant, accountId=account_id, vendor=vendor)
    answer = await ask(nc, "rpc.wallet.balance", request, WalletBalanceReply)
    if not answer.success or answer.value is None:
        raise Refused(str(answer.errorCode))
    return answer.value.balance, answer.value.currency

"""Pure rules of money: amounts, wallets, fingerprints of commands, balanced legs."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any

from portal_kit.errors import DomainError

MAX_AMOUNT = 10**15  # minor units; far above any single movement, far below BIGINT
HOUSE = "house"
GAMES = "house:games"
FREE_PLAY_HOUSE = "house:freeplay"
DEPOSITS = "house:deposits"  # money that came in from outside: deposits clearing
WITHDRAWALS = "house:withdrawals"  # money paid out: withdrawals clearing
ADJUSTMENTS = "house:adjustments"  # ops corrections
SALARIES = "house:salaries"  # agents' pay (agent-contracts' settlement lines, rpc.wallet.salary)
REWARDS = "house:rewards"  # members' rewards: points converted to cash (rpc.wallet.reward)
BONUSES = "house:bonuses"  # promotions' bonuses: granted, released or forfeited (rpc.wallet.bonus)
MALL = "house:mall"  # points-mall items' prices: charged and refunded (rpc.wallet.purchase)
MAIN = "main"
FREE_PLAY = "freeplay"
BONUS = "bonus"  # a member's promotions' bonuses, held until their wagering is met: never spendable, never in a sum
VENDOR_WALLET = re.compile(r"^vendor:[A-Z0-9_]{2,20}$")


HOUSE_SHARDS = 16


def house_shard_number(member_account_id: str) -> int:
    digest = hashlib.sha256(member_account_id.encode()).digest()
    return digest[0] % HOUSE_SHARDS


def house_shard(kind: str, member_account_id: str) -> str:
    """House accounts are split in shards chosen by the member, so concurrent bets of different players do
    not queue on one row lock; the shards of a kind together are that house account."""
    return f"{kind}#{house_shard_number(member_account_id)}"


# The HTTP status of each refusal that is not a plain bad request (400).
_STATUS = {
    "wallet.insufficient_funds": 409,
    "idempotency.mismatch": 409,
    "transaction.rolled_back": 409,
    "deposit.already_decided": 409,
    "withdrawal.state_invalid": 409,
    "withdrawal.confirmation_closed": 409,
    "account.not_found": 404,
    "deposit.not_found": 404,
    "withdrawal.not_found": 404,
    "bank_account.not_found": 404,
    "upline.not_found": 404,
    "downline.not_found": 404,
    "team.unavailable": 503,
    "account.not_agent": 403,
    "callback.signature_invalid": 401,
    "trial.real_money": 403,
    "ops.same_person": 403,
    "ops.own_credit": 403,
    "ops.request.own": 403,
    "dual_control.request_pending": 409,
    "dual_control.not_found": 404,
    "dual_control.already_decided": 409,
    "adjustment.not_found": 404,
    "adjustment.already_decided": 409,
    "bonus.not_found": 404,
    "purchase.not_found": 404,
    "withdrawal.bonus_unmet": 409,
}


class MoneyError(DomainError):
    """A refusal with a stable code; ``stored`` refusals are the answer to every replay. Over HTTP it is
    answered as any domain error: the envelope, its status, the message in the caller's language."""

    def __init__(self, code: str, *, stored: bool = False, **params: object) -> None:
        super().__init__(code, status=_STATUS.get(code, 400), **params)
        self.stored = stored


@dataclass(frozen=True)
class Leg:
    account_id: int
    amount: int  # signed: negative takes from the account
    settles_hold: bool = False  # a negative leg paid out of the account's held funds (a paid withdrawal)


def checked_amount(value: Any) -> int:
    """Integer minor units, positive, bounded; a float, a string or a bool is refused (never rounded)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MoneyError("amount.invalid")
    if value <= 0 or value > MAX_AMOUNT:
        raise MoneyError("amount.invalid")
    return value


def money_text(minor: int) -> str:
    """Minor units as people read them in a message: two decimals and thousands separators."""
    sign = "-" if minor < 0 else ""
    return f"{sign}{abs(minor) // 100:,}.{abs(minor) % 100:02d}"


def checked_vendor(value: Any) -> str | None:
    """A game vendor's code as the money API takes it (``vendor:<code>`` names its wallet), or None."""
    if value is None:
        return None
    if isinstance(value, str) and VENDOR_WALLET.fullmatch(f"vendor:{value}"):
        return value
    raise MoneyError("wallet.unknown")


def checked_wallet(value: Any) -> str:
    if value in (MAIN, FREE_PLAY) or (isinstance(value, str) and VENDOR_WALLET.fullmatch(value)):
        return str(value)
    raise MoneyError("wallet.unknown")


def balanced(legs: list[Leg]) -> bool:
    return bool(legs) and sum(leg.amount for leg in legs) == 0


def fingerprint(kind: str, content: dict[str, Any]) -> str:
    """The same command's fingerprint whatever the order of its fields."""
    canonical = json.dumps({"kind": kind, **content}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()

"""Hub88's vocabulary and units, without I/O."""

from __future__ import annotations

HUB88 = "HUB88"
# Hub88 counts money in 1/100,000 of the currency unit; the ledger in minor units (1/100).
UNITS_PER_MINOR = 1_000

OK = "RS_OK"
UNKNOWN = "RS_ERROR_UNKNOWN"
INVALID_TOKEN = "RS_ERROR_INVALID_TOKEN"  # noqa: S105 - a status name, not a secret
TOKEN_EXPIRED = "RS_ERROR_TOKEN_EXPIRED"  # noqa: S105 - a status name, not a secret
INVALID_GAME = "RS_ERROR_INVALID_GAME"
WRONG_CURRENCY = "RS_ERROR_WRONG_CURRENCY"
NOT_ENOUGH_MONEY = "RS_ERROR_NOT_ENOUGH_MONEY"
USER_DISABLED = "RS_ERROR_USER_DISABLED"
INVALID_SIGNATURE = "RS_ERROR_INVALID_SIGNATURE"
WRONG_SYNTAX = "RS_ERROR_WRONG_SYNTAX"
WRONG_TYPES = "RS_ERROR_WRONG_TYPES"
DUPLICATE_TRANSACTION = "RS_ERROR_DUPLICATE_TRANSACTION"
TRANSACTION_DOES_NOT_EXIST = "RS_ERROR_TRANSACTION_DOES_NOT_EXIST"
TRANSACTION_ROLLED_BACK = "RS_ERROR_TRANSACTION_ROLLED_BACK"

# The wallet's refusals as Hub88 statuses.
WALLET_REFUSALS = {
    "wallet.insufficient_funds": NOT_ENOUGH_MONEY,
    "idempotency.mismatch": DUPLICATE_TRANSACTION,
    "transaction.rolled_back": TRANSACTION_ROLLED_BACK,
    "account.not_found": INVALID_TOKEN,
    "currency.unknown": WRONG_CURRENCY,
    "trial.real_money": USER_DISABLED,
}


class Hub88Refusal(Exception):
    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


def to_minor(amount: int) -> int:
    """Hub88's amount in minor units; one that does not fall on a minor unit cannot be booked."""
    if amount < 0 or amount % UNITS_PER_MINOR:
        raise Hub88Refusal(WRONG_TYPES)
    return amount // UNITS_PER_MINOR


def to_hub88(minor: int) -> int:
    return minor * UNITS_PER_MINOR


def user_of(merchant: str, account_id: str) -> str:
    """The ``user`` Hub88 knows: the brand and the account id (no personal data)."""
    return f"{merchant}:{account_id}"


def parse_user(user: str) -> tuple[str, str]:
    merchant, _, account_id = user.partition(":")
    if not merchant or not account_id:
        raise Hub88Refusal(INVALID_TOKEN)
    return merchant, account_id


def wallet_id(transaction_uuid: str) -> str:
    """The wallet's id of a Hub88 transaction: the wallet keeps it idempotent."""
    return f"hub88:{transaction_uuid}"

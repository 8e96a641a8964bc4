"""Hub88's vocabulary and units, and the rules of its Operator Wallet API, without I/O."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from portal_kit.money import MAX_AMOUNT

HUB88 = "HUB88"
# Hub88 counts money in 1/100,000 of the currency unit; the ledger in minor units (1/100).
UNITS_PER_MINOR = 1_000
# The largest amount a bet or win may carry: what the money API takes in one movement, in Hub88's unit.
MAX_HUB88_AMOUNT = MAX_AMOUNT * UNITS_PER_MINOR

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

# Cases Hub88 names no status of their own for: its "general error status, for cases without a special error
# code". A round takes no bet or win once closed (only a supplier's promotion is paid after it), and a bet of a
# round with a win is not rolled back (Hub88 rolls back a bet it did not see accepted, and retries a win).
ROUND_CLOSED = UNKNOWN
ROUND_HAS_WIN = UNKNOWN

# The wallet's refusals as Hub88 statuses.
WALLET_REFUSALS = {
    "wallet.insufficient_funds": NOT_ENOUGH_MONEY,
    "idempotency.mismatch": DUPLICATE_TRANSACTION,
    "transaction.rolled_back": TRANSACTION_ROLLED_BACK,
    "account.not_found": INVALID_TOKEN,
    "currency.unknown": WRONG_CURRENCY,
    "trial.real_money": USER_DISABLED,
}


class TransactionKind(StrEnum):
    """What a Hub88 transaction asks: a bet, a win or a rollback."""

    BET = "bet"
    WIN = "win"
    ROLLBACK = "rollback"


BET, WIN, ROLLBACK = TransactionKind


# A bet is claimed (pending) before the wallet debits it, placed once debited (a free bet at once), won once a
# win references it, and rolled back by a rollback (a rollback that comes first leaves it rolled back, so the
# late bet is refused). A win or rollback is pending until the wallet moved its money, then done. A bet or win
# the wallet refused for good is dropped: its row stays as a tombstone, so its id is never taken by another kind
# or content (the same content may be asked again), and it counts for nothing.
class TransactionState(StrEnum):
    PENDING = "pending"
    PLACED = "placed"
    WON = "won"
    ROLLED_BACK = "rolled_back"
    DONE = "done"
    DROPPED = "dropped"


PENDING, PLACED, WON, ROLLED_BACK, DONE, DROPPED = TransactionState
LIVE_BETS = frozenset({PENDING, PLACED, WON})  # the stakes a round's record counts
PAID_WINS = frozenset({PENDING, DONE})  # a claimed win is paid, if need be when Hub88 repeats it
ROLLBACK_TARGETS = (PENDING, PLACED, ROLLED_BACK, DROPPED)  # states a rollback takes (a won bet refuses it)


class Hub88Refusal(Exception):
    def __init__(self, status: str) -> None:
        super().__init__(status)
        self.status = status


_FORM_ERRORS = frozenset({"missing", "json_invalid", "json_type", "model_type", "model_attributes_type"})


def invalid_request_status(errors: Sequence[Mapping[str, object]]) -> str:
    """The status of a body its model refused: ``RS_ERROR_WRONG_SYNTAX`` when it does not have the expected form
    (not JSON, not an object, a required field missing, a value outside its range), ``RS_ERROR_WRONG_TYPES``
    when a field has the wrong type."""
    if any(error["type"] in _FORM_ERRORS or not error["loc"] for error in errors):
        return WRONG_SYNTAX
    if any(str(error["type"]).endswith("_type") for error in errors):
        return WRONG_TYPES
    return WRONG_SYNTAX


def to_minor(amount: int) -> int:
    """Hub88's amount in minor units; one that does not fall on a minor unit is not of the expected form."""
    if amount < 0 or amount % UNITS_PER_MINOR:
        raise Hub88Refusal(WRONG_SYNTAX)
    return amount // UNITS_PER_MINOR


def to_hub88(minor: int) -> int:
    return minor * UNITS_PER_MINOR


def user_of(merchant: str, account_id: str) -> str:
    """The ``user`` Hub88 knows: the brand and the account id (no personal data)."""
    return f"{merchant}:{account_id}"


# What a ``user`` this operator gave looks like: a brand's code (as the money API takes it) and an account id.
_USER = re.compile(r"^(?P<merchant>[a-z0-9][a-z0-9_-]{1,31}):(?P<account>[^:]{1,64})$")


def parse_user(user: str) -> tuple[str, str]:
    """The brand and account of a ``user`` this operator gave; any other is a user it never gave
    (``RS_ERROR_INVALID_TOKEN``, as an unknown account is)."""
    found = _USER.match(user)
    if found is None:
        raise Hub88Refusal(INVALID_TOKEN)
    return found["merchant"], found["account"]


def wallet_id(transaction_uuid: str) -> str:
    """The wallet's id of a Hub88 transaction: the wallet keeps it idempotent."""
    return f"hub88:{transaction_uuid}"


@dataclass(frozen=True)
class Movement:
    """What one ``transaction_uuid`` asks: Hub88 sends the same id again only with the same content (else
    ``RS_ERROR_DUPLICATE_TRANSACTION``: another kind, reference, amount, currency, round, user or game)."""

    kind: str
    transaction_uuid: str
    account_id: str
    round_id: str
    game_code: str
    currency: str
    amount: int  # minor units
    reference_uuid: str | None = None
    is_free: bool = False
    reward_uuid: str | None = None
    promo: bool = False  # is_supplier_promo
    round_closed: bool = False

    def same_as(self, kind: str, account_id: str, round_id: str, game_code: str, currency: str, amount: int,
                reference_uuid: str | None) -> bool:  # fmt: skip
        """Whether a stored transaction under this id asked the same. A win or rollback stored before migration
        0006 has no reference (none was kept then): its retry matches on the rest."""
        stored_before_references = reference_uuid is None and kind in (WIN, ROLLBACK)
        reference = self.reference_uuid if stored_before_references else reference_uuid
        return (self.kind, self.account_id, self.round_id, self.game_code, self.currency, self.amount,
                self.reference_uuid) == (kind, account_id, round_id, game_code, currency, amount, reference)  # fmt: skip

    @property
    def moves_money(self) -> bool:
        """A free bet or any movement of 0 asks nothing of the wallet (which refuses an amount of 0)."""
        return self.amount > 0


def stake_of(amount: int, is_free: bool) -> int:
    """The member's stake of a bet, minor units: a free bet (a reward, or a supplier's promotion, which Hub88 treats
    as a free bet) costs the member nothing."""
    return 0 if is_free else to_minor(amount)


def round_totals(rows: Iterable[tuple[str, str, int, bool]]) -> tuple[int, int]:
    """(stake, win) of a round's record from its transactions ``(kind, state, amount, promo)``: the bets still
    standing against the wins claimed; a supplier's promotion is a settled bet of its own."""
    stake = win = 0
    for kind, state, amount, promo in rows:
        if promo:
            continue
        if kind == BET and state in LIVE_BETS:
            stake += amount
        elif kind == WIN and state in PAID_WINS:
            win += amount
    return stake, win


def settles(stake: int, win: int) -> bool:
    """A round that staked nothing and won nothing (every bet rolled back) settles no bet."""
    return stake > 0 or win > 0


def promotion_record_id(transaction_uuid: str) -> str:
    """The vendor's round id of a supplier's promotion payout, settled on its own."""
    return f"promo:{transaction_uuid}"

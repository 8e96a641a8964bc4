"""The contracts' pure rules: the kinds and their terms, the ranges, the lifecycle table, and the chain rule (no
contract's rates exceed those of any contract above it in the tree)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from agent_contracts_service.contracts.schemas import AnyTerms, DividendTerms, RealTimeTerms, WageTerms

MAX_RATE = 10_000  # basis points: 100 %
MAX_AMOUNT = 10**15  # minor units: thresholds and amounts
MAX_MEMBERS = 1_000_000


class Kind(StrEnum):
    DIVIDEND = "DIVIDEND"
    DAILY_WAGE = "DAILY_WAGE"
    HOURLY_SALARY = "HOURLY_SALARY"
    REALTIME_SALARY = "REALTIME_SALARY"


TERMS_OF: dict[Kind, type[AnyTerms]] = {
    Kind.DIVIDEND: DividendTerms,
    Kind.DAILY_WAGE: WageTerms,
    Kind.HOURLY_SALARY: WageTerms,
    Kind.REALTIME_SALARY: RealTimeTerms,
}


class RequestType(StrEnum):
    NEW = "NEW"
    TERMINATION = "TERMINATION"


class RequestStatus(StrEnum):
    PENDING = "PENDING"
    SIGNED = "SIGNED"
    TERMINATED = "TERMINATED"
    REFUSED = "REFUSED"
    CANCELLED = "CANCELLED"
    WITHDRAWN = "WITHDRAWN"  # the upline took its offer back before the downline answered


class ContractStatus(StrEnum):
    ACTIVE = "ACTIVE"
    ENDED = "ENDED"


class EndReason(StrEnum):
    SUPERSEDED = "SUPERSEDED"  # a newer contract of the same kind was signed
    TERMINATED = "TERMINATED"  # both parties agreed to end it
    CANCELLED = "CANCELLED"  # an upline's agreement to lower rates cancelled it automatically


class Decision(StrEnum):
    SIGN = "sign"
    TERMINATE = "terminate"
    REFUSE = "refuse"


# The lifecycle of a request: (its status, its type, the downline's decision) -> its new status. Anything else is
# refused (``contract.transition_forbidden``), and only the downline decides.
TRANSITIONS: Mapping[tuple[RequestStatus, RequestType, Decision], RequestStatus] = {
    (RequestStatus.PENDING, RequestType.NEW, Decision.SIGN): RequestStatus.SIGNED,
    (RequestStatus.PENDING, RequestType.NEW, Decision.REFUSE): RequestStatus.REFUSED,
    (RequestStatus.PENDING, RequestType.TERMINATION, Decision.TERMINATE): RequestStatus.TERMINATED,
    (RequestStatus.PENDING, RequestType.TERMINATION, Decision.REFUSE): RequestStatus.REFUSED,
}


def next_status(status: RequestStatus, request_type: RequestType, decision: Decision) -> RequestStatus | None:
    return TRANSITIONS.get((status, request_type, decision))


Rates = Mapping[str, int]


def rates_of(terms: AnyTerms) -> dict[str, int]:
    """The rates the chain compares: a tiered contract's highest tier ratio; a real-time salary's two rates."""
    if isinstance(terms, RealTimeTerms):
        return {"winRate": terms.winRate, "lossRate": terms.lossRate}
    return {"ratio": max(tier.ratio for tier in terms.tiers)}


def headline(rates: Rates) -> int:
    return max(rates.values(), default=0)


def exceeds(child: Rates, parent: Rates) -> bool:
    """Whether ``child`` pays more than ``parent`` at any rate (a rate the parent lacks counts as 0)."""
    return any(value > parent.get(name, 0) for name, value in child.items())


def terms_refusal(terms: AnyTerms) -> str | None:
    """Why ``terms`` are refused, or ``None``: a rate negative or above 100 % (``contract.rate_out_of_range``), a
    threshold negative or too large, tiers not strictly rising by threshold or paying less as they rise
    (``contract.terms_invalid``)."""
    if isinstance(terms, RealTimeTerms):
        if not all(0 <= rate <= MAX_RATE for rate in (terms.winRate, terms.lossRate)):
            return "contract.rate_out_of_range"
        return None if 0 <= terms.betAmount <= MAX_AMOUNT else "contract.terms_invalid"
    ratios = [tier.ratio for tier in terms.tiers]
    if not all(0 <= ratio <= MAX_RATE for ratio in ratios):
        return "contract.rate_out_of_range"
    if isinstance(terms, DividendTerms):
        steps = [(tier.minProfitLoss, tier.minActiveMembers) for tier in terms.tiers]
    else:
        steps = [(tier.minValidBet, tier.minActiveMembers) for tier in terms.tiers]
    if not all(0 <= amount <= MAX_AMOUNT and 0 <= members <= MAX_MEMBERS for amount, members in steps):
        return "contract.terms_invalid"
    rising = all(a[0] < b[0] for a, b in itertools.pairwise(steps))
    paying_more = all(a <= b for a, b in itertools.pairwise(ratios))
    return None if rising and paying_more else "contract.terms_invalid"


@dataclass(frozen=True)
class Held:
    """A contract or pending offer held below the signer: its ids and rates."""

    account_id: str
    rates: Rates
    contract_id: int | None = None
    request_id: int | None = None
    upline_id: str | None = None  # the other party (the upline that offered it), for the history


def cancelled_by(new_rates: Rates, below: Iterable[Held]) -> list[Held]:
    """What agreeing to ``new_rates`` cancels among the contracts and offers held below the signer (any depth):
    every one whose rates exceed the new ones, so no contract ever pays more than one above it."""
    return [held for held in below if exceeds(held.rates, new_rates)]


# The consolidated info's field of each kind, and where the account stands in it (the reply of
# rpc.agent-contracts.contract_info): none, signed, a new contract waiting for its answer, a termination waiting.
INFO_FIELDS: Mapping[Kind, str] = {
    Kind.DAILY_WAGE: "dailysalreqtype",
    Kind.DIVIDEND: "divtypereq",
    Kind.HOURLY_SALARY: "contracthoursalreq",
    Kind.REALTIME_SALARY: "realtimesalreqtype",
}
NO_CONTRACT, SIGNED, NEW_WAITING, TERMINATION_WAITING = 0, 1, 2, 3


def info_code(kind: Kind, held: set[str], waiting: Mapping[str, str]) -> int:
    """A waiting offer shows over a signed contract."""
    if kind in waiting:
        return NEW_WAITING if waiting[kind] == RequestType.NEW else TERMINATION_WAITING
    return SIGNED if kind in held else NO_CONTRACT

"""Pure rules of ops work on money: which role each withdrawal decision needs, and the second person (maker and
checker) that a money action needs when it, or what its maker already moved alone for the member that UTC day
with it, is above the brand's dual-control amount."""

from __future__ import annotations

from portal_kit.audit import actor_name
from portal_kit.errors import Forbidden
from portal_kit.sessions import OpsRole, Principal
from wallet_service.ledger.domain import MoneyError

# A withdrawal is approved or rejected by a maker, and paid or its dispute settled by a checker.
WITHDRAWAL_ACTION_ROLES = {
    "approve": OpsRole.FINANCE_MAKER,
    "reject": OpsRole.FINANCE_MAKER,
    "pay": OpsRole.FINANCE_CHECKER,
    "refund": OpsRole.FINANCE_CHECKER,
    "close": OpsRole.FINANCE_CHECKER,
}


def require_role(actor: Principal, role: OpsRole) -> None:
    if not actor.holds(role):
        raise Forbidden("ops.role_required")


def needs_second_person(amount: int, dual_control_above: int, done_alone: int = 0) -> bool:
    """Whether a money action needs a second person: its amount alone is above the brand's dual-control amount, or
    ``done_alone`` (what its maker already moved alone to or from the member this UTC day) and it together are."""
    return abs(amount) > dual_control_above or done_alone + abs(amount) > dual_control_above


def refuse_own_credit(credited_alone: int) -> None:
    """Whoever credited a member alone this UTC day takes no step of that member's withdrawal that needs a second
    person (the confederate's pattern: credit, then approve or pay the money out)."""
    if credited_alone > 0:
        raise MoneyError("ops.own_credit")


def refuse_own_request(maker: str, actor: Principal) -> None:
    """A request (raising the dual-control amount) is approved by someone other than its maker."""
    if maker == actor_name(actor):
        raise MoneyError("ops.request.own")


def refuse_same_person(first: str | None, actor: Principal) -> None:
    """Whoever did the first step (approved the withdrawal, requested the adjustment) may not do the second."""
    if first == actor_name(actor):
        raise MoneyError("ops.same_person")

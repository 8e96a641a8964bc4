"""Pure rules of ops work on money: which role each withdrawal decision needs, and the second person (maker and
checker) that a money action above the brand's dual-control amount needs."""

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


def needs_second_person(amount: int, dual_control_above: int) -> bool:
    return abs(amount) > dual_control_above


def refuse_same_person(first: str | None, actor: Principal) -> None:
    """Whoever did the first step (approved the withdrawal, requested the adjustment) may not do the second."""
    if first == actor_name(actor):
        raise MoneyError("ops.same_person")


def check_second_person(first: str | None, actor: Principal, amount: int, dual_control_above: int) -> None:
    if needs_second_person(amount, dual_control_above):
        refuse_same_person(first, actor)

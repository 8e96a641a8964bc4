"""The pure rules of ops grants: what each role holds and which brands a session may act for."""

from __future__ import annotations

import pytest

from portal_kit.sessions import OpsRole, Principal, Role, ops_roles_of


def ops(*roles: OpsRole, merchants: frozenset[str] = frozenset({"*"})) -> Principal:
    return Principal(role=Role.OPS, merchant="*", username="p", ops_roles=frozenset(roles), ops_merchants=merchants)


@pytest.mark.parametrize(
    ("granted", "asked", "holds"),
    [
        (OpsRole.VIEWER, OpsRole.VIEWER, True),
        (OpsRole.VIEWER, OpsRole.CONTENT, False),
        (OpsRole.CONTENT, OpsRole.VIEWER, True),  # every role may read
        (OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER, False),
        (OpsRole.FINANCE_CHECKER, OpsRole.FINANCE_MAKER, False),
        (OpsRole.FINANCE_MAKER, OpsRole.ADMIN, False),
        (OpsRole.ADMIN, OpsRole.FINANCE_CHECKER, True),
        (OpsRole.ADMIN, OpsRole.CONTENT, True),
    ],
)
def test_what_a_role_holds(granted: OpsRole, asked: OpsRole, holds: bool) -> None:
    assert ops(granted).holds(asked) is holds


def test_no_role_and_no_ops_session_hold_nothing() -> None:
    assert not ops().holds(OpsRole.VIEWER)
    member = Principal(role=Role.MEMBER, merchant="b1", ops_roles=frozenset({OpsRole.ADMIN}))
    assert not member.holds(OpsRole.VIEWER)


def test_the_brands_a_session_may_act_for() -> None:
    scoped = ops(OpsRole.ADMIN, merchants=frozenset({"b1", "b2"}))
    assert scoped.may_act_for("b1") and scoped.may_act_for("b2")
    assert not scoped.may_act_for("b3") and not scoped.may_act_for("*")
    assert ops(OpsRole.ADMIN).may_act_for("any-brand")
    legacy = Principal(role=Role.OPS, merchant="b1", ops_roles=frozenset({OpsRole.ADMIN}))  # brand of the session
    assert legacy.may_act_for("b1") and not legacy.may_act_for("b2")


def test_unknown_role_names_grant_nothing() -> None:
    assert ops_roles_of(["admin", "superuser", "root"]) == frozenset({OpsRole.ADMIN})

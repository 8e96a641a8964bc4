"""The earning rule alone (no I/O), and the database's statement of it against the rule: whatever the amounts, the
points are the whole units of their sum times the ratio, and what is carried is the rest."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from points_helpers import MERCHANT, Points

from points_service.earning import repository
from points_service.rules.domain import Earned, earn, valid_rule


def test_whole_units_earn_and_the_rest_is_carried() -> None:
    assert earn(0, 9_999, 10_000, 1) == Earned(0, 9_999)
    assert earn(9_999, 1, 10_000, 1) == Earned(1, 0)
    assert earn(5_000, 25_000, 10_000, 3) == Earned(9, 0)
    assert earn(0, 123, 100, 0) == Earned(0, 23)  # a ratio of 0 earns nothing, and still counts
    with pytest.raises(ValueError, match="betting unit"):
        earn(0, 100, 0, 1)
    assert (valid_rule(1, 0), valid_rule(0, 1), valid_rule(100_000_001, 1), valid_rule(1, 1_000_001)) == (
        True, False, False, False
    )  # fmt: skip


@given(st.lists(st.integers(0, 10**9), max_size=30), st.integers(1, 10**6), st.integers(0, 1000))
def test_no_sequence_of_amounts_earns_more_or_less_than_its_sum(amounts: list[int], unit: int, ratio: int) -> None:
    carried, points = 0, 0
    for amount in amounts:
        earned = earn(carried, amount, unit, ratio)
        carried, points = earned.carried, points + earned.points
    assert points == (sum(amounts) // unit) * ratio
    assert carried == sum(amounts) % unit


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 10**7), min_size=1, max_size=8), st.integers(1, 50_000), st.integers(0, 50))
async def test_the_databases_statement_is_the_rule(points: Points, amounts: list[int], unit: int, ratio: int) -> None:
    account, carried = str(uuid.uuid4()), 0  # a new account each example: the fixture's state is not shared
    async with points.db.transaction() as session:
        for amount in amounts:
            expected = earn(carried, amount, unit, ratio)
            got = await repository.grow(session, MERCHANT, account, "SLOT", amount, unit, ratio)
            assert got == expected.points
            carried = expected.carried

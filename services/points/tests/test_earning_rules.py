"""The earning rule alone (no I/O): whatever the amounts, the points are the whole units of their sum times the ratio,
and what is carried is the rest; and the set-based earning of a pull against the rule applied one amount at a time."""

from __future__ import annotations

import itertools
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from points_helpers import MERCHANT, Points

from points_service.earning.domain import Amount
from points_service.earning.service import earn_all
from points_service.members import repository as members
from points_service.rules import repository as rules_repository
from points_service.rules.domain import Earned, PointType, earn, valid_rule


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
@given(
    st.lists(st.tuples(st.integers(0, 2), st.sampled_from(["SLOT", "LIVE"]), st.integers(0, 10**6)), max_size=40),
    st.integers(1, 50_000),
    st.integers(0, 50),
)
async def test_a_pull_earns_what_the_rule_earns_one_amount_at_a_time(
    points: Points, amounts: list[tuple[int, str, int]], unit: int, ratio: int
) -> None:
    """Whatever the pull (accounts and types mixed, in any order, split in two pulls), each amount earns what the rule
    gives it in its account's and type's order, and the balances and entries add up."""
    accounts = [str(uuid.uuid4()) for _ in range(3)]  # new accounts each example: the fixture's state is not shared
    async with points.db.transaction() as session:
        await members.know(session, [(MERCHANT, account, 0) for account in accounts])
        for kind in ("SLOT", "LIVE"):
            await rules_repository.put(session, MERCHANT, kind, unit, ratio, True)
    pull = [Amount(MERCHANT, accounts[i], PointType(kind), amount, str(uuid.uuid4())) for i, kind, amount in amounts]
    half = len(pull) // 2
    got = []
    for part in (pull[:half], pull[half:]):
        async with points.db.transaction() as session:
            got += await earn_all(session, part)
    carried: dict[tuple[str, str], int] = {}
    expected = []
    for a in pull:
        result = earn(carried.get((a.account_id, a.point_type), 0), a.amount, unit, ratio)
        carried[(a.account_id, a.point_type)] = result.carried
        expected.append(result.points)
    assert got == expected
    for account in accounts:
        entries = await points.entries(account)
        assert (
            await points.balance(account)
            == sum(e.points for e in entries)
            == sum(p for a, p in zip(pull, expected, strict=True) if a.account_id == account)
        )
        assert [e.balance_after for e in entries] == list(itertools.accumulate(e.points for e in entries))


def test_a_records_entry_names_its_exchange_and_shows_its_state() -> None:
    from points_service.records.domain import exchange_of, status_of

    assert [exchange_of(source) for source in ("redemption:7", "refund:7", "conversion:9", "refund:conversion:9")] == [
        ("redemption", 7), ("redemption", 7), ("conversion", 9), ("conversion", 9)
    ]  # fmt: skip
    assert [exchange_of(source) for source in ("bet-event-id", "redemption:x", "conversion:")] == [None, None, None]
    assert [status_of("EARN", None), status_of("REDEEM", "IN_PROCESS"), status_of("CONVERT", "PAID"),
            status_of("CONVERT", "FAILED"), status_of("REFUND", "REJECTED")] == [
        "approved", "in_process", "approved", "rejected", "rejected"
    ]  # fmt: skip

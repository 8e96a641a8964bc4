"""The earning rule alone (no I/O): whatever the amounts, the points are the whole units of their sum times the ratio,
and what is carried is the rest; weighted by a VIP multiplier, the whole units of the weighted sum (floored, the rest
carried exactly); and the set-based earning of a pull against the rule applied one amount at a time, VIP levels
reached inside the pull too."""

from __future__ import annotations

import itertools
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from points_helpers import MERCHANT, Points

from points_service.earning.domain import (
    Amount,
    Rung,
    Weighted,
    earn_weighted,
    level_held,
    multiplier_of,
)
from points_service.earning.service import earn_all
from points_service.members import repository as members
from points_service.rules import repository as rules_repository
from points_service.rules.domain import Earned, PointType, earn, valid_rule
from points_service.vip import repository as vip_repository
from points_service.vip import service as vip


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


def test_a_multiplier_weighs_the_amount_and_floors_to_whole_units() -> None:
    assert earn_weighted(0, 40_000, 125, 10_000, 1) == Weighted(5, 0)  # 400.00 at ×1.25: 500.00, 5 points
    assert earn_weighted(0, 10_000, 125, 10_000, 1) == Weighted(1, 2_500_00)  # 125.00: 1 point, 25.00 carried
    assert earn_weighted(2_500_00, 30_000, 125, 10_000, 1) == Weighted(4, 0)  # 375.00 + 25.00: 4 points
    assert earn_weighted(0, 7, 110, 10, 3) == Weighted(0, 770)  # 7.7 minor units carried exactly, in hundredths
    assert earn_weighted(0, 10_000, 1000, 10_000, 2) == Weighted(20, 0)  # ×10.00
    with pytest.raises(ValueError, match="multiplier"):
        earn_weighted(0, 100, 99, 100, 1)


def test_the_level_held_and_its_multiplier() -> None:
    ladder = [Rung(1, 100, 100), Rung(2, 1_000, 110), Rung(3, 5_000, 125)]
    assert [level_held(ladder, turnover, 0) for turnover in (0, 99, 100, 999, 1_000, 10**9)] == [0, 0, 1, 1, 2, 3]
    assert level_held(ladder, 0, 2) == 2  # a level recorded is never lowered (a ladder raised under the member)
    assert [multiplier_of(ladder, level) for level in (0, 1, 2, 3)] == [100, 100, 110, 125]
    assert multiplier_of(ladder, 7) == 125  # a ladder shortened under the member: its highest level below
    assert multiplier_of([], 3) == 100


@given(st.lists(st.integers(0, 10**9), max_size=30), st.integers(1, 10**6), st.integers(0, 1000),
       st.integers(100, 1000))  # fmt: skip
def test_no_split_of_amounts_at_one_multiplier_earns_more_or_less_than_their_weighted_sum(
    amounts: list[int], unit: int, ratio: int, pct: int
) -> None:
    carried, points = 0, 0
    for amount in amounts:
        earned = earn_weighted(carried, amount, pct, unit, ratio)
        carried, points = earned.carried, points + earned.points
    assert points == (sum(amounts) * pct // (unit * 100)) * ratio
    assert carried == sum(amounts) * pct % (unit * 100)
    if pct == 100:  # ×1.00 is the plain rule, the carry in hundredths
        assert (points, carried) == (
            earn(0, sum(amounts), unit, ratio).points,
            earn(0, sum(amounts), unit, 0).carried * 100,
        )


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


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(st.tuples(st.integers(0, 1), st.sampled_from(["RNG", "FISH", "DEPOSIT"]), st.integers(0, 3 * 10**4)),
             max_size=30),
    st.integers(0, 30),
)  # fmt: skip
async def test_a_pull_weighs_each_bet_by_the_level_held_as_if_counted_one_at_a_time(
    points: Points, amounts: list[tuple[int, str, int]], cut: int
) -> None:
    """Levels reached inside a pull (fish bets raise the level and earn nothing; deposits neither raise it nor are
    weighted): each bet earns what it earns when every event is its own pull, the vip slice counting after it."""
    pulled, alone = [str(uuid.uuid4()) for _ in range(2)], [str(uuid.uuid4()) for _ in range(2)]
    async with points.db.transaction() as session:
        await members.know(session, [(MERCHANT, account, 0) for account in pulled + alone])
        for kind in ("SLOT", "DEPOSIT"):
            await rules_repository.put(session, MERCHANT, kind, 3_000, 2, True)
        await vip_repository.replace_levels(session, MERCHANT, [
            {"level": n, "names": {"TR": "x"}, "turnover": t, "bonus": 0, "points_multiplier_pct": p, "perks": {}}
            for n, t, p in ((1, 20_000, 110), (2, 50_000, 125), (3, 90_000, 1000))
        ])  # fmt: skip

    def amount(account: str, kind: str, value: int) -> Amount:
        if kind == "DEPOSIT":
            return Amount(MERCHANT, account, PointType.DEPOSIT, value, str(uuid.uuid4()))
        return Amount(MERCHANT, account, PointType.SLOT if kind == "RNG" else None, value, str(uuid.uuid4()), value)

    async def counted(part: list[Amount]) -> list[int]:  # as the consumers do: the earning, then the VIP turnover
        async with points.db.transaction() as session:
            got = await earn_all(session, part)
            await vip.count_bets(session, [(a.merchant, a.account_id, a.turnover) for a in part if a.turnover])
        return got

    batch = [amount(pulled[i], kind, value) for i, kind, value in amounts]
    single = [amount(alone[i], kind, value) for i, kind, value in amounts]
    got = await counted(batch[:cut]) + await counted(batch[cut:])
    expected = [points_earned for a in single for points_earned in await counted([a])]
    assert got == expected
    for mine, theirs in zip(pulled, alone, strict=True):
        assert await points.balance(mine) == await points.balance(theirs)
        assert [(e.points, e.multiplier_pct) for e in await points.entries(mine)] == [
            (e.points, e.multiplier_pct) for e in await points.entries(theirs)
        ]

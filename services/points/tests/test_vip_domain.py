"""The VIP ladder's pure rules, without I/O: what a ladder must be, the levels a turnover reaches (several at once,
never one at or below the member's), what is missing to the next, the progress."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from points_service.referral.domain import normal_code, qualifies
from points_service.vip.domain import Level, ladder_problem, missing, next_level, percent, reached

LADDER = [Level(1, 100, 5), Level(2, 500, 20), Level(3, 2_000, 0)]


def test_a_ladder_is_numbered_in_order_with_rising_turnover() -> None:
    assert ladder_problem(LADDER) is None
    assert ladder_problem([]) is None
    assert ladder_problem([Level(1, 100, 0), Level(2, 100, 0)]) == "vip.turnover_not_increasing"
    assert ladder_problem([Level(1, 100, 0), Level(3, 200, 0)]) == "vip.levels_not_consecutive"
    assert ladder_problem([Level(2, 100, 0)]) == "vip.levels_not_consecutive"


def test_levels_reached_next_and_missing() -> None:
    assert reached(LADDER, 99, 0) == []
    assert [level.level for level in reached(LADDER, 100, 0)] == [1]
    assert [level.level for level in reached(LADDER, 5_000, 0)] == [1, 2, 3]  # several at once
    assert [level.level for level in reached(LADDER, 5_000, 2)] == [3]
    assert next_level(LADDER, 3) is None and missing(LADDER, 9_999, 3) == 0 and percent(LADDER, 9_999, 3) == 100
    assert (missing(LADDER, 110, 1), percent(LADDER, 110, 1)) == (390, 2)
    assert (missing(LADDER, 50, 0), percent(LADDER, 50, 0)) == (50, 50)


@given(st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=30))
def test_bets_one_by_one_reach_each_level_once_as_their_sum_does(bets: list[int]) -> None:
    level, turnover, seen = 0, 0, []
    for bet in bets:
        turnover += bet
        got = reached(LADDER, turnover, level)
        seen += [g.level for g in got]
        level = got[-1].level if got else level
    assert seen == [g.level for g in reached(LADDER, sum(bets), 0)]
    assert seen == sorted(set(seen))


def test_referral_codes_and_qualification() -> None:
    assert normal_code(" k7qx2mpa ") == "K7QX2MPA"
    assert normal_code("K7-2") is None and normal_code("") is None and normal_code(None) is None
    assert qualifies(100, 300, 100, 300) and not qualifies(99, 300, 100, 300) and not qualifies(100, 299, 100, 300)

"""The pure rules of missions, table by table: what counts for which mission (brand, window, activity, game types),
how a pull adds up, a mission's state and percent, and how a name shows on the leaderboard."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from points_service.missions.domain import (
    Activity,
    Happening,
    MissionKind,
    MissionRule,
    MissionState,
    counts,
    masked,
    mission_name,
    moves,
    percent,
    state_of,
)

START = datetime(2026, 11, 1, tzinfo=UTC)
END = datetime(2026, 12, 1, tzinfo=UTC)
INSIDE = datetime(2026, 11, 15, 23, 59, tzinfo=UTC)


def rule(kind: MissionKind, game_types: tuple[str, ...] = (), merchant: str = "brand", id: int = 1) -> MissionRule:
    return MissionRule(id, merchant, kind, frozenset(game_types), START, END)


def bet(amount: int = 100, game_type: str = "RNG", at: datetime = INSIDE, merchant: str = "brand") -> Happening:
    return Happening(merchant, "a", Activity.BET, amount, at, game_type)


def deposit(amount: int = 100, at: datetime = INSIDE) -> Happening:
    return Happening("brand", "a", Activity.DEPOSIT, amount, at)


BET, DEPOSIT, DAYS = MissionKind.BET_TURNOVER, MissionKind.DEPOSIT_TOTAL, MissionKind.PLAY_DAYS


@pytest.mark.parametrize(
    ("mission", "happening", "expected"),
    [
        (rule(BET), bet(), True),
        (rule(BET), bet(0), False),  # a free round adds no turnover
        (rule(DAYS), bet(0), True),  # but it is a day played
        (rule(BET), deposit(), False),
        (rule(DEPOSIT), deposit(), True),
        (rule(DEPOSIT), deposit(0), False),
        (rule(DEPOSIT), bet(), False),
        (rule(DAYS), deposit(), False),
        (rule(BET, ("RNG", "LIVE")), bet(game_type="LIVE"), True),
        (rule(BET, ("RNG", "LIVE")), bet(game_type="FISH"), False),
        (rule(DAYS, ("LOTT",)), bet(game_type="LOTT"), True),
        (rule(DAYS, ("LOTT",)), bet(game_type="RNG"), False),
        (rule(BET), bet(at=START), True),  # the start is inside
        (rule(BET), bet(at=START - timedelta(microseconds=1)), False),
        (rule(BET), bet(at=END - timedelta(microseconds=1)), True),
        (rule(BET), bet(at=END), False),  # the end is not
        (rule(BET), bet(merchant="other"), False),  # another brand's mission
    ],
)
def test_what_counts_for_a_mission(mission: MissionRule, happening: Happening, expected: bool) -> None:
    assert counts(mission, happening) is expected


def test_a_pull_adds_amounts_and_collects_the_days_played() -> None:
    day_one, day_two = datetime(2026, 11, 3, 0, 0, tzinfo=UTC), datetime(2026, 11, 4, 23, 59, tzinfo=UTC)
    rules = [rule(BET, id=1), rule(DAYS, id=2), rule(DEPOSIT, id=3), rule(BET, ("LIVE",), id=4)]
    happenings = [bet(100, at=day_one), bet(250, at=day_one + timedelta(hours=5)), bet(7, "LIVE", at=day_two),
                  deposit(1_000), bet(5, at=END)]  # fmt: skip
    found = moves(rules, happenings)
    assert dict(found.amounts) == {(1, "a"): 357, (3, "a"): 1_000, (4, "a"): 7}
    assert found.days == {(2, "a", date(2026, 11, 3)), (2, "a", date(2026, 11, 4))}


@pytest.mark.parametrize(
    ("progress", "target", "claimed", "state", "shown"),
    [
        (None, 100, False, MissionState.NOT_STARTED, 0),
        (0, 100, False, MissionState.NOT_STARTED, 0),
        (1, 100, False, MissionState.IN_PROGRESS, 1),
        (99, 100, False, MissionState.IN_PROGRESS, 99),
        (100, 100, False, MissionState.COMPLETED, 100),
        (250, 100, False, MissionState.COMPLETED, 100),  # progress may pass the target; the percent stops at 100
        (100, 100, True, MissionState.CLAIMED, 100),
        (2, 3, False, MissionState.IN_PROGRESS, 66),  # rounded down
    ],
)
def test_state_and_percent(progress: int | None, target: int, claimed: bool, state: MissionState, shown: int) -> None:
    assert state_of(progress, target, claimed) is state
    assert percent(progress or 0, target) == shown


@pytest.mark.parametrize(
    ("name", "shown"),
    [("alice", "al***e"), ("bob", "b***"), ("ab", "a***"), ("", "***"), (None, "***"), ("mehmet123", "me***3")],
)
def test_names_are_masked_as_on_the_winners_board(name: str | None, shown: str) -> None:
    assert masked(name) == shown


def test_a_name_in_the_language_else_turkish() -> None:
    names = {"TR": "Görev", "EN": "Mission"}
    assert [mission_name(names, language) for language in ("EN", "TR", "CN")] == ["Mission", "Görev", "Görev"]

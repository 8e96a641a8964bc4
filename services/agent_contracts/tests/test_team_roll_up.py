"""The team figures of a window rolled up the tree (``roll_up``), without I/O: over any tree (any depth, accounts
with or without bets, several currencies), every account's team figures are exactly the sum over its downlines at
every depth, as the closure table's aggregate works them out, and an account whose team did not bet has no row; and
on the real database, a tree whose uplines loop falls back to the closure table."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime

import pytest
from agent_contracts_helpers import MERCHANT, AgentContracts
from hypothesis import given
from hypothesis import strategies as st

from agent_contracts_service.figures import service as figures
from agent_contracts_service.figures.domain import TeamWindowRow, roll_up
from agent_contracts_service.figures.models import MemberWindow
from agent_contracts_service.team.models import TeamLink, TeamMember

Sums = tuple[int, int, int, int]


def closure_sums(uplines: dict[str, str | None], windows: dict[tuple[str, str], Sums]) -> dict[tuple[str, str], Sums]:
    """What the aggregate over the closure table answers: each bettor's window added to every one of its ancestors."""
    teams: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for (account, currency), sums in windows.items():
        above = uplines[account]
        while above is not None:
            found = teams[(above, currency)]
            for index, value in enumerate(sums):
                found[index] += value
            above = uplines[above]
    return {key: (a, b, c, d) for key, (a, b, c, d) in teams.items()}


def rolled(uplines: dict[str, str | None], windows: dict[tuple[str, str], Sums]) -> dict[tuple[str, str], Sums]:
    direct: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for (account, currency), sums in windows.items():
        upline = uplines[account]
        if upline is not None:
            for index, value in enumerate(sums):
                direct[(upline, currency)][index] += value
    with_downlines = {account: uplines[account] for account in {u for u in uplines.values() if u is not None}}
    rows = [TeamWindowRow(account, currency, *sums) for (account, currency), sums in direct.items()]
    return {(row.ancestor_id, row.currency): tuple(row[2:]) for row in roll_up(rows, with_downlines)}  # type: ignore[misc]


@st.composite
def trees(draw: st.DrawFn) -> tuple[dict[str, str | None], dict[tuple[str, str], Sums]]:
    size = draw(st.integers(1, 40))
    uplines: dict[str, str | None] = {"a0": None}
    for index in range(1, size):
        parent = draw(st.integers(-1, index - 1))
        uplines[f"a{index}"] = None if parent < 0 else f"a{parent}"
    windows: dict[tuple[str, str], Sums] = {}
    for account in uplines:
        for currency in draw(st.sets(st.sampled_from(["TRY", "USD"]), max_size=2)):
            windows[(account, currency)] = draw(st.tuples(*[st.integers(0, 10**9)] * 4))
    return uplines, windows


@given(trees())
def test_rolled_up_teams_are_the_closure_sums(tree: tuple[dict[str, str | None], dict[tuple[str, str], Sums]]) -> None:
    uplines, windows = tree
    assert rolled(uplines, windows) == closure_sums(uplines, windows)


def test_an_agent_whose_only_downlines_are_agents_gets_their_bets() -> None:
    """A top over a middle agent that never bets itself, over a member who bets: the top's team has the bet."""
    uplines: dict[str, str | None] = {"top": None, "middle": "top", "member": "middle"}
    windows = {("member", "TRY"): (1, 500, 0, 0)}
    assert rolled(uplines, windows) == {("middle", "TRY"): (1, 500, 0, 0), ("top", "TRY"): (1, 500, 0, 0)}


def test_uplines_in_a_loop_are_refused() -> None:
    with pytest.raises(ValueError, match="loop"):
        roll_up([TeamWindowRow("a", "TRY", 1, 1, 0, 0)], {"a": "b", "b": "a"})


async def test_a_tree_whose_uplines_loop_falls_back_to_the_closure_table(ac: AgentContracts) -> None:
    """A broken tree (two accounts each the other's upline) does not stop a brand's settlement: its window figures are
    summed over the closure table's links instead, and what those say is answered."""
    window = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)
    async with ac.db.transaction() as session:
        session.add_all([
            TeamMember(merchant=MERCHANT, account_id="loop-a", upline_id="loop-b", depth=1),
            TeamMember(merchant=MERCHANT, account_id="loop-b", upline_id="loop-a", depth=1),
            TeamMember(merchant=MERCHANT, account_id="loop-member", upline_id="loop-a", depth=2),
            TeamLink(merchant=MERCHANT, ancestor_id="loop-a", descendant_id="loop-member", depth=1),
            MemberWindow(merchant=MERCHANT, account_id="loop-member", window_start=window, currency="TRY",
                         won_count=1, won_valid_bet=500, lost_count=0, lost_valid_bet=0),
        ])  # fmt: skip
    async with ac.db.reader() as session:
        found = await figures.teams_window(session, MERCHANT, None, window)
    assert [(row.ancestor_id, row.currency, int(row.won_valid_bet)) for row in found] == [("loop-a", "TRY", 500)]

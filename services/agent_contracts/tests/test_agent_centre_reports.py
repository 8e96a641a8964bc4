"""The agent centre's calls over the team: team management (search, direct only, paging), team overview, team
betting and user loss. An agent sees its own tree at every depth, never a sibling's, an upline's or another brand's;
bad input is a 400 envelope."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from agent_contracts_helpers import MEMBER_TYPE, OTHER_MERCHANT, TRIAL_TYPE, AgentContracts

from agent_contracts_service.figures import service as figures

MEMBERS = "/wps/agent-contracts/team/members"
OVERVIEW = "/wps/agent-contracts/team/overview"
BETTING = "/wps/agent-contracts/team/betting"
LOSSES = "/wps/agent-contracts/team/losses"


async def bet(ac: AgentContracts, account: str, at: datetime, stake: int, win: int, merchant: str = "turkeyf2") -> None:
    """A settled bet counted as the worker's handler counts it."""
    async with ac.db.transaction() as session:
        await figures.count_bet(session, merchant, account, at, "TRY", stake, win, stake)


async def ok(ac: AgentContracts, path: str, token: str, **params: str) -> Any:
    response = await ac.call("GET", path, token, params=params)
    assert response.status_code == 200, response.text
    return response.json()["value"]


async def tree(ac: AgentContracts) -> dict[str, str]:
    """top ─ agent ─ (mid ─ deep member), (m1, m2 members); agent's sibling ─ its member; a lone root elsewhere."""
    top = await ac.place()
    agent = await ac.place(top)
    mid = await ac.place(agent)
    deep = await ac.place(mid, account_type=MEMBER_TYPE)
    m1 = await ac.place(agent, account_type=MEMBER_TYPE)
    m2 = await ac.place(agent, account_type=MEMBER_TYPE)
    sibling = await ac.place(top)
    cousin = await ac.place(sibling, account_type=MEMBER_TYPE)
    return {"top": top, "agent": agent, "mid": mid, "deep": deep, "m1": m1, "m2": m2, "sibling": sibling,
            "cousin": cousin}  # fmt: skip


async def test_team_management_lists_the_whole_tree_and_nothing_else(ac: AgentContracts) -> None:
    ids = await tree(ac)
    token = await ac.token(ids["agent"])
    page = await ok(ac, MEMBERS, token)
    listed = {row["accountId"]: row for row in page["list"]}
    assert set(listed) == {ids["mid"], ids["deep"], ids["m1"], ids["m2"]}
    assert page["total"] == 4
    assert listed[ids["deep"]]["depth"] == 2 and listed[ids["deep"]]["uplineId"] == ids["mid"]
    assert listed[ids["deep"]]["uplineUsername"] == f"u{ids['mid'][:8]}"
    assert listed[ids["mid"]]["isAgent"] and listed[ids["mid"]]["downlines"] == 1
    assert not listed[ids["m1"]]["isAgent"] and listed[ids["m1"]]["downlines"] == 0

    direct = await ok(ac, MEMBERS, token, directOnly="true")
    assert {row["accountId"] for row in direct["list"]} == {ids["mid"], ids["m1"], ids["m2"]}

    searched = await ok(ac, MEMBERS, token, search=ids["deep"][:8].upper())
    assert [row["accountId"] for row in searched["list"]] == [ids["deep"]]
    cousin = await ok(ac, MEMBERS, token, search=ids["cousin"][:8])
    assert cousin["list"] == [] and cousin["total"] == 0  # the sibling's member exists, but not in this tree
    wildcard = await ok(ac, MEMBERS, token, search="%")
    assert wildcard["total"] == 0  # taken literally, not as "anything"

    first = await ok(ac, MEMBERS, token, pageSize="3")
    second = await ok(ac, MEMBERS, token, pageSize="3", pageNo="2")
    assert first["totalPages"] == 2 and len(first["list"]) == 3 and len(second["list"]) == 1
    assert {r["accountId"] for r in first["list"] + second["list"]} == set(listed)


async def test_overview_counts_the_team_and_its_figures_today_and_this_month(ac: AgentContracts) -> None:
    ids = await tree(ac)
    now = datetime.now(UTC)
    await bet(ac, ids["deep"], now, 1000, 0)
    await bet(ac, ids["m1"], now, 500, 800)
    await bet(ac, ids["cousin"], now, 9999, 0)  # the sibling's team: never counted here
    earlier = now.replace(day=1, hour=0, minute=0) if now.day > 1 else None
    if earlier is not None:
        await bet(ac, ids["m2"], earlier, 300, 0)  # this month, not today
    overview = await ok(ac, OVERVIEW, await ac.token(ids["agent"]))
    assert overview["counts"] == {"size": 4, "direct": 3, "agents": 1, "members": 3, "registeredToday": 4,
                                  "registeredThisMonth": 4}  # fmt: skip
    [today] = overview["today"]
    assert (today["stake"], today["win"], today["activeMembers"], today["profitLoss"]) == (1500, 800, 2, -700)
    [month] = overview["month"]
    assert month["stake"] == 1500 + (300 if earlier else 0)


async def test_betting_and_losses_sum_the_days_asked_for_each_downline(ac: AgentContracts) -> None:
    ids = await tree(ac)
    day = datetime(2026, 11, 10, 12, tzinfo=UTC)
    await bet(ac, ids["deep"], day, 1000, 0)
    await bet(ac, ids["deep"], day + timedelta(days=1), 2000, 500)
    await bet(ac, ids["m1"], day, 500, 900)
    await bet(ac, ids["m2"], day + timedelta(days=5), 700, 0)  # outside the range asked
    await bet(ac, ids["cousin"], day, 5000, 0)
    token = await ac.token(ids["agent"])

    betting = await ok(ac, BETTING, token, **{"from": "2026-11-10", "to": "2026-11-11"})
    rows = betting["members"]["list"]
    assert [(r["accountId"], r["validBet"], r["profitLoss"]) for r in rows] == [
        (ids["deep"], 3000, -2500), (ids["m1"], 500, 400)
    ]  # fmt: skip
    assert rows[0]["username"] == f"u{ids['deep'][:8]}"
    [total] = betting["totals"]
    assert (total["stake"], total["win"], total["activeMembers"]) == (3500, 1400, 2)

    losses = await ok(ac, LOSSES, token, **{"from": "2026-11-10", "to": "2026-11-16"})
    assert [(r["accountId"], r["profitLoss"]) for r in losses["members"]["list"]] == [
        (ids["deep"], -2500), (ids["m2"], -700)
    ]  # fmt: skip
    assert losses["totals"][0]["profitLoss"] == -3200

    searched = await ok(ac, BETTING, await ac.token(ids["top"]), search=ids["cousin"][:8],
                        **{"from": "2026-11-10", "to": "2026-11-10"})  # fmt: skip
    assert [r["accountId"] for r in searched["members"]["list"]] == [ids["cousin"]]  # the top sees every depth
    below = await ok(ac, BETTING, await ac.token(ids["mid"]), **{"from": "2026-11-10", "to": "2026-11-11"})
    assert [r["accountId"] for r in below["members"]["list"]] == [ids["deep"]]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"from": "2026-11-31"}, "from"),
        ({"from": "26-11-01"}, "from"),
        ({"to": "2026/11/01"}, "to"),
        ({"from": "2026-11-10", "to": "2026-11-09"}, "to"),
        ({"from": "2026-01-01", "to": "2026-12-31"}, "to"),
    ],
)
async def test_a_bad_range_is_a_400_envelope(ac: AgentContracts, params: dict[str, str], field: str) -> None:
    agent = await ac.place()
    for path in (BETTING, LOSSES):
        response = await ac.call("GET", path, await ac.token(agent), params=params)
        assert response.status_code == 400, response.text
        assert response.json()["errorCode"] == "validation.failed"


async def test_only_agents_read_the_team_and_each_only_its_own(ac: AgentContracts) -> None:
    ids = await tree(ac)
    member_token = await ac.token(ids["m1"], MEMBER_TYPE)
    trial_token = await ac.token(await ac.place(account_type=TRIAL_TYPE), TRIAL_TYPE)
    for path in (MEMBERS, OVERVIEW, BETTING, LOSSES):
        assert (await ac.call("GET", path, member_token)).json()["errorCode"] == "access.denied"
        assert (await ac.call("GET", path, trial_token)).status_code == 403
        assert (await ac.http.get(path)).status_code == 401
    # The same account id under another brand is another account: its token sees that brand's (empty) tree.
    foreign = await ac.token(ids["agent"], merchant=OTHER_MERCHANT)
    response = await ac.call("GET", MEMBERS, foreign, merchant=OTHER_MERCHANT)
    assert response.json()["value"]["total"] == 0
    sibling = await ok(ac, MEMBERS, await ac.token(ids["sibling"]))
    assert [row["accountId"] for row in sibling["list"]] == [ids["cousin"]]

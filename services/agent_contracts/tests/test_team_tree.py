"""The team tree from ``auth.member.registered.v1`` (once per event, any depth, uplines read late), the agent's view
of its own tree, and the audited ops move that refuses cycles."""

from __future__ import annotations

import uuid

from agent_contracts_helpers import (
    AGENT_TYPE,
    MEMBER_TYPE,
    MERCHANT,
    OTHER_MERCHANT,
    TRIAL_TYPE,
    AgentContracts,
    eventually,
    registered,
)

from agent_contracts_service.ops.models import AgentContractsAudit
from agent_contracts_service.team import repository
from agent_contracts_service.team.models import TeamLink, TeamMember


async def links(ac: AgentContracts, merchant: str = MERCHANT) -> set[tuple[str, str, int]]:
    async with ac.db.reader() as session:
        return await repository.links_of(session, merchant)


def closure(uplines: dict[str, str | None]) -> set[tuple[str, str, int]]:
    """The links a tree of ``account -> upline`` must have: every ancestor at its depth, each account itself at 0."""
    found = set()
    for account in uplines:
        depth, current = 0, account
        while current is not None:
            found.add((current, account, depth))
            current, depth = uplines[current], depth + 1
    return found


async def test_registrations_build_the_tree_once_each_at_any_depth(ac: AgentContracts, worker: None) -> None:
    ids = [str(uuid.uuid4()) for _ in range(12)]
    events = [registered(account, ids[n - 1] if n else None) for n, account in enumerate(ids)]
    for event in events:
        await ac.publish(event)
    for event in events[:5]:  # redelivered (a relay republishing after the duplicate window): no second effect
        await ac.publish(event, msg_id=f"again-{event.id}")

    async def all_placed() -> bool:
        return len(await ac.rows(TeamMember)) == len(ids) and len(await ac.rows(TeamLink)) == 12 * 13 // 2

    await eventually(all_placed)
    await eventually(lambda: _inbox_has(ac, len(ids) + 5))
    assert await links(ac) == closure({account: (ids[n - 1] if n else None) for n, account in enumerate(ids)})
    deepest = (await ac.rows(TeamMember, account_id=ids[-1]))[0]
    assert deepest.depth == 11 and deepest.upline_id == ids[-2]


async def _inbox_has(ac: AgentContracts, deliveries: int) -> bool:
    """Every delivery handled: the consumer acknowledged them all (a duplicate is acknowledged without effect)."""
    import nats

    nc = await nats.connect(ac.servers.nats_url)
    try:
        info = await nc.jetstream().consumer_info("AUTH", "agent-contracts__member_registered")
        return info.num_pending == 0 and info.num_ack_pending == 0 and info.delivered.stream_seq >= deliveries
    finally:
        await nc.close()


async def test_an_upline_read_after_its_downline_is_filled_in_and_hung_under_its_own_upline(
    ac: AgentContracts, worker: None
) -> None:
    top, middle, leaf = (str(uuid.uuid4()) for _ in range(3))
    for event in (registered(top, None), registered(leaf, middle), registered(middle, top, username="middle")):
        await ac.publish(event)

    async def placed() -> bool:
        rows = await ac.rows(TeamMember, account_id=middle)
        return bool(rows) and not rows[0].placeholder

    await eventually(placed)
    assert await links(ac) == closure({top: None, middle: top, leaf: middle})
    assert (await ac.rows(TeamMember, account_id=middle))[0].username == "middle"


async def test_trial_accounts_join_no_team_and_members_do(ac: AgentContracts, worker: None) -> None:
    agent, member, trial = (str(uuid.uuid4()) for _ in range(3))
    await ac.publish(registered(agent, None))
    await ac.publish(registered(member, agent, account_type=MEMBER_TYPE))
    await ac.publish(registered(trial, None, account_type=TRIAL_TYPE))
    await eventually(lambda: _inbox_has(ac, 3))
    assert {row.account_id for row in await ac.rows(TeamMember)} == {agent, member}


async def test_an_agent_sees_its_whole_tree_and_nothing_else(ac: AgentContracts) -> None:
    top = await ac.place()
    a, b = await ac.place(top), await ac.place(top)
    a_chain = await ac.chain(4, top=a)
    b_child = await ac.place(b)
    await ac.place(account_type=AGENT_TYPE, merchant=OTHER_MERCHANT)
    answer = await ac.call("GET", "/wps/agent-contracts/team", await ac.token(a))
    assert answer.status_code == 200, answer.text
    members = answer.json()["value"]["members"]
    assert [m["accountId"] for m in members] == [a, *a_chain]
    assert [m["depth"] for m in members] == [0, 1, 2, 3, 4]
    assert b_child not in {m["accountId"] for m in members}
    top_view = (await ac.call("GET", "/wps/agent-contracts/team", await ac.token(top))).json()["value"]["members"]
    assert len(top_view) == 1 + 2 + 4 + 1


async def test_a_member_or_trial_caller_is_refused(ac: AgentContracts) -> None:
    member = await ac.place(account_type=MEMBER_TYPE)
    refused = await ac.call("GET", "/wps/agent-contracts/team", await ac.token(member, MEMBER_TYPE))
    assert refused.status_code == 403 and refused.json()["errorCode"] == "access.denied"
    trial = await ac.call("GET", "/wps/agent-contracts/team", await ac.token(str(uuid.uuid4()), TRIAL_TYPE))
    assert trial.status_code == 403 and trial.json()["errorCode"] == "in_need_true_account"


async def test_an_ops_move_rehangs_the_subtree_and_is_audited(ac: AgentContracts) -> None:
    left, right = await ac.place(), await ac.place()
    moved = await ac.place(left)
    below = await ac.chain(3, top=moved)
    answer = await ac.call(
        "POST", f"/wps/ops/agent-contracts/merchants/{MERCHANT}/members/{moved}/upline", await ac.ops_token(),
        {"uplineId": right, "reason": "agent asked to change teams"},
    )  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert answer.json()["value"] == {"accountId": moved, "uplineId": right, "previousUplineId": left, "depth": 1}
    assert await links(ac) == closure(
        {left: None, right: None, moved: right, below[0]: moved, below[1]: below[0], below[2]: below[1]}
    )
    assert [m.depth for m in await ac.rows(TeamMember, account_id=below[2])] == [4]
    audit = await ac.rows(AgentContractsAudit)
    assert [(a.action, a.target, a.before, a.after, a.actor) for a in audit] == [
        ("team.move", moved, {"uplineId": left}, {"uplineId": right}, "ops.alice")
    ]
    assert audit[0].reason == "agent asked to change teams"


async def test_a_move_under_itself_or_its_own_downline_is_refused_and_nothing_changes(ac: AgentContracts) -> None:
    top = await ac.place()
    chain = await ac.chain(3, top=top)
    before, tables = await links(ac), await ac.snapshot()
    token = await ac.ops_token()
    for upline in (chain[0], chain[2]):
        refused = await ac.call(
            "POST", f"/wps/ops/agent-contracts/merchants/{MERCHANT}/members/{chain[0]}/upline", token,
            {"uplineId": upline, "reason": "cycle"},
        )  # fmt: skip
        assert refused.status_code == 409 and refused.json()["errorCode"] == "team.move_cycle"
    unknown = await ac.call(
        "POST", f"/wps/ops/agent-contracts/merchants/{MERCHANT}/members/{chain[0]}/upline", token,
        {"uplineId": str(uuid.uuid4()), "reason": "nobody"},
    )  # fmt: skip
    assert unknown.status_code == 404 and unknown.json()["errorCode"] == "team.member_not_found"
    assert await links(ac) == before and await ac.snapshot() == tables


async def test_another_brands_ops_cannot_move_this_brands_members(ac: AgentContracts) -> None:
    a, b = await ac.place(), await ac.place()
    refused = await ac.call(
        "POST", f"/wps/ops/agent-contracts/merchants/{MERCHANT}/members/{a}/upline",
        await ac.ops_token(OTHER_MERCHANT), {"uplineId": b, "reason": "x"}, merchant=OTHER_MERCHANT,
    )  # fmt: skip
    assert refused.status_code == 403
    moved_elsewhere = await ac.call(
        "POST", f"/wps/ops/agent-contracts/merchants/{OTHER_MERCHANT}/members/{a}/upline",
        await ac.ops_token(OTHER_MERCHANT), {"uplineId": b, "reason": "x"}, merchant=OTHER_MERCHANT,
    )  # fmt: skip
    assert moved_elsewhere.status_code == 404

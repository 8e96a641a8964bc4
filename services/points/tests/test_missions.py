"""Missions: ops of the brand define them (content or admin; any role reads; another brand refused; audited), the
worker counts each settled bet and credited deposit once, inside a mission's window only, trial accounts not at all;
members read their progress and a leaderboard (names masked, their own rank) and claim a completed mission's reward
once however many claims arrive at once; bad input is refused with nothing written."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import nats
import pytest
from points_helpers import MERCHANT, Points, registered
from sqlalchemy import select

from points_service.members import repository as members
from points_service.missions import repository as missions
from portal_events import (
    GamesBetSettledV1,
    LotteryBetSettledV1,
    PointsMissionClaimedV1,
    PointsMissionCompletedV1,
    WalletDepositCreditedV1,
)
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.sessions import OpsRole
from portal_kit.testing.events import consumed, eventually
from portal_kit.testing.sessions import ops_session

OPS = f"/wps/ops/points/merchants/{MERCHANT}/missions"
SUMMARY = "/wps/relay/MCSFE_getMissionSummaryDetails"
BOARD = "/wps/relay/MCSFE_getMissionLeaderboard"
CLAIM = "/wps/relay/MCSFE_claimMissionReward"
NOW = datetime.now(UTC)
MISSION: dict[str, Any] = {
    "names": {"TR": "Slot ustası", "EN": "Slot master", "CN": "老虎机大师"}, "kind": "BET_TURNOVER",
    "gameTypes": [], "target": 10_000, "rewardPoints": 50, "startsAt": (NOW - timedelta(days=5)).isoformat(),
    "endsAt": (NOW + timedelta(days=5)).isoformat(), "active": True, "sort": 1, "reason": "autumn missions",
}  # fmt: skip
OURS = (("GAMES", "points__game_bet"), ("LOTTERY", "points__lottery_bet"),
        ("WALLET", "points__deposit"))  # fmt: skip


async def ops(points: Points, *roles: OpsRole, merchant: str = MERCHANT) -> dict[str, str]:
    token = await ops_session(points.servers.redis_url, "ayse", roles=roles or (OpsRole.ADMIN,), merchants=(merchant,))
    return {"Authorization": token}


async def new_mission(points: Points, **changes: Any) -> int:
    made = await points.http.post(OPS, json={**MISSION, **changes}, headers=await ops(points, OpsRole.CONTENT))
    assert made.status_code == 200, made.text
    return int(made.json()["value"]["missionId"])


def bet(account: str, valid_bet: int, game_type: str = "RNG", at: datetime | None = None) -> GamesBetSettledV1:
    data = {"roundId": str(uuid.uuid4()), "accountId": account, "vendor": "BGS", "gameType": game_type,
            "gameCode": "BGS_FRUIT5", "currency": "TRY", "stake": valid_bet, "win": 0, "validBet": valid_bet,
            "settledAt": (at or NOW).isoformat()}  # fmt: skip
    return new_event(GamesBetSettledV1, MERCHANT, data)


def lottery(account: str, valid_bet: int, at: datetime | None = None) -> LotteryBetSettledV1:
    data = {"betId": str(uuid.uuid4()), "accountId": account, "playerName": "p", "vendor": "LOTT",
            "gameCode": "SSC_1M", "issue": "202611270001", "betType": "BIG", "currency": "TRY", "stake": valid_bet,
            "win": 0, "validBet": valid_bet, "settledAt": (at or NOW).isoformat()}  # fmt: skip
    return new_event(LotteryBetSettledV1, MERCHANT, data)


def deposit(account: str, amount: int, at: datetime | None = None) -> WalletDepositCreditedV1:
    data = {"depositId": str(uuid.uuid4()), "accountId": account, "channel": "SANDBOX", "amount": amount,
            "currency": "TRY", "creditedAt": (at or NOW).isoformat()}  # fmt: skip
    return new_event(WalletDepositCreditedV1, MERCHANT, data)


@pytest.fixture
async def mission_worker(points: Points, worker: None) -> None:
    """The worker, with the missions' own consumers created too."""
    url = points.servers.nats_url
    for stream, durable in OURS:
        await eventually(lambda s=stream, d=durable: consumed(url, s, d, 0), timeout=30)


async def all_consumed(points: Points, games: int, lottery: int, wallet: int) -> None:
    url = points.servers.nats_url
    for (stream, durable), published in zip(OURS, (games, lottery, wallet), strict=True):
        await eventually(lambda s=stream, d=durable, n=published: consumed(url, s, d, n), timeout=30)


async def summary(points: Points, token: str) -> dict[int, dict[str, Any]]:
    answer = await points.http.get(SUMMARY, headers={"Authorization": token})
    assert answer.status_code == 200, answer.text
    return {m["missionId"]: m for m in answer.json()["value"]}


async def progressed(points: Points, amounts: dict[tuple[int, str], int]) -> None:
    async with points.db.transaction() as session:
        await missions.add_progress(session, amounts)


async def told(points: Points, subject: str) -> list[Any]:
    """The events of ``subject`` the points service wrote to its outbox, as their models."""
    model = {
        "points.mission.completed.v1": PointsMissionCompletedV1,
        "points.mission.claimed.v1": PointsMissionClaimedV1,
    }
    async with points.db.reader() as session:
        rows = (await session.scalars(select(OutboxMessage).where(OutboxMessage.subject == subject))).all()
    return [model[subject].model_validate(row.body) for row in rows]


async def test_each_event_kind_counts_once_and_only_inside_the_window(points: Points, mission_worker: None) -> None:
    slots = await new_mission(points, gameTypes=["RNG", "LIVE"], target=10_000)
    any_bet = await new_mission(points, target=50_000, sort=2)
    deposits = await new_mission(points, kind="DEPOSIT_TOTAL", target=30_000, sort=3)
    days = await new_mission(points, kind="PLAY_DAYS", target=3, sort=4)
    later = await new_mission(points, startsAt=(NOW + timedelta(days=1)).isoformat(), sort=5)  # not started yet
    member = str(uuid.uuid4())
    await points.publish(registered(member))
    await points.consumed("AUTH", "registered", 1)
    token = await points.member_token(member)
    today = NOW.replace(hour=12, minute=0, second=0, microsecond=0)
    rng = bet(member, 3_000, "RNG")
    games = [
        rng, bet(member, 2_000, "LIVE"), bet(member, 9_999, "FISH"),
        bet(member, 4_000, "RNG", at=NOW - timedelta(days=6)),  # before every window
        bet(member, 1, "PVP", at=today - timedelta(days=2)), bet(member, 1, "PVP", at=today - timedelta(days=2, hours=1)),
    ]  # fmt: skip
    for event in games:
        await points.publish(event)
    await points.publish(rng, msg_id="redelivered-bet")  # the same event again: counts nothing more
    credited = deposit(member, 20_000)
    await points.publish(credited)
    await points.publish(credited, msg_id="redelivered-deposit")
    await points.publish(deposit(member, 5_000, at=NOW + timedelta(days=6)))  # after the window
    await points.publish(lottery(member, 1_000))
    await all_consumed(points, games=7, lottery=1, wallet=3)
    mine = await summary(points, token)
    shown = {key: (mine[key]["progress"], mine[key]["state"], mine[key]["percent"]) for key in mine}
    assert shown == {
        slots: (5_000, "IN_PROGRESS", 50),  # RNG and LIVE only, the repeat once
        any_bet: (5_000 + 9_999 + 2 + 1_000, "IN_PROGRESS", 32),  # every game type and the lottery
        deposits: (20_000, "IN_PROGRESS", 66),
        days: (2, "IN_PROGRESS", 66),  # two days ago (twice) and today
        later: (0, "NOT_STARTED", 0),
    }
    assert mine[slots]["name"] == "Slot master" and mine[slots]["rewardPoints"] == 50
    assert await told(points, "points.mission.completed.v1") == []
    await points.publish(deposit(member, 10_000))
    await all_consumed(points, games=7, lottery=1, wallet=4)
    assert (await summary(points, token))[deposits]["state"] == "COMPLETED"
    completed = await told(points, "points.mission.completed.v1")  # a reward ready: told once
    assert [(e.data.missionId, e.data.accountId, e.data.rewardPoints) for e in completed] == [(deposits, member, 50)]
    await points.publish(deposit(member, 10_000))  # further progress tells nothing more
    await all_consumed(points, games=7, lottery=1, wallet=5)
    assert len(await told(points, "points.mission.completed.v1")) == 1


async def test_a_trial_account_takes_no_part(points: Points, mission_worker: None) -> None:
    mission = await new_mission(points)
    trial = str(uuid.uuid4())
    await points.publish(registered(trial, account_type=4))
    await points.consumed("AUTH", "registered", 1)
    await points.publish(bet(trial, 50_000))
    await points.publish(deposit(trial, 50_000))
    await all_consumed(points, games=1, lottery=0, wallet=1)
    async with points.db.reader() as session:
        assert await missions.progress_of(session, MERCHANT, mission, trial) is None
    token = await points.member_token(trial, account_type=4)
    for request in (
        points.http.get(SUMMARY, headers={"Authorization": token}),
        points.http.get(f"{BOARD}?missionId={mission}", headers={"Authorization": token}),
        points.http.post(CLAIM, json={"missionId": mission, "requestId": "claim-0001"}, headers={"Authorization": token}),
    ):  # fmt: skip
        refused = await request
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
    for visitor in (points.http.get(SUMMARY), points.http.get(f"{BOARD}?missionId={mission}"),
                    points.http.post(CLAIM, json={"missionId": mission, "requestId": "claim-0001"})):  # fmt: skip
        assert (await visitor).status_code == 401


async def test_an_account_not_known_yet_counts_once_its_registration_arrives(
    points: Points, mission_worker: None
) -> None:
    mission = await new_mission(points, kind="PLAY_DAYS", target=2)
    late = str(uuid.uuid4())
    played = bet(late, 0)  # a free round: no turnover, but a day played
    await points.publish(played)
    await points.publish(played, msg_id="redelivered-late")
    url = points.servers.nats_url
    await eventually(lambda: delivered(url, "GAMES", "points__game_bet", 2))  # tried, and waiting
    async with points.db.reader() as session:
        assert await missions.progress_of(session, MERCHANT, mission, late) is None
    await points.publish(registered(late))
    await points.consumed("AUTH", "registered", 1)
    await all_consumed(points, games=2, lottery=0, wallet=0)  # tried again after the first back-off (1 s)
    async with points.db.reader() as session:
        found = await missions.progress_of(session, MERCHANT, mission, late)
    assert found is not None and found.progress == 1


async def delivered(url: str, stream: str, durable: str, stream_seq: int) -> bool:
    nc = await nats.connect(url)
    try:
        info = await nc.jetstream().consumer_info(stream, durable)
    finally:
        await nc.close()
    return (info.delivered.stream_seq or 0) >= stream_seq


async def test_a_reward_is_paid_once_however_many_claims_arrive_at_once(points: Points) -> None:
    mission = await new_mission(points, rewardPoints=75)
    account, token = await points.member(10)
    early = await points.http.post(CLAIM, json={"missionId": mission, "requestId": "early-claim"},
                                   headers={"Authorization": token})  # fmt: skip
    assert (early.status_code, early.json()["errorCode"]) == (409, "mission.not_completed")
    await progressed(points, {(mission, account): 12_000})
    bodies = [{"missionId": mission, "requestId": f"claim-{n:04d}"} for n in range(8)]
    answers = await asyncio.gather(*(points.http.post(CLAIM, json=b, headers={"Authorization": token}) for b in bodies))
    codes = sorted((a.status_code, a.json()["errorCode"]) for a in answers)
    assert codes == [(200, None)] + [(409, "mission.already_claimed")] * 7, codes
    assert await points.balance(account) == 85
    won = next(a for a in answers if a.status_code == 200).json()["value"]
    assert (won["rewardPoints"], won["balance"], won["state"]) == (75, 85, "CLAIMED")
    again = await points.http.post(CLAIM, json=bodies[answers.index(next(a for a in answers if a.status_code == 200))],
                                   headers={"Authorization": token})  # fmt: skip
    assert (again.status_code, again.json()["value"]["balance"]) == (200, 85)  # the same request: its answer
    claimed = await told(points, "points.mission.claimed.v1")
    assert [(e.data.missionId, e.data.accountId, e.data.rewardPoints) for e in claimed] == [(mission, account, 75)]
    entries = [e for e in await points.entries(account) if e.kind == "MISSION"]
    assert [(e.points, e.point_type, e.source) for e in entries] == [(75, "MISSION", f"mission:{mission}:{account}")]
    assert (await summary(points, token))[mission]["state"] == "CLAIMED"
    unknown = await points.http.post(CLAIM, json={"missionId": 999_999, "requestId": "claim-none"},
                                     headers={"Authorization": token})  # fmt: skip
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "mission.not_found")


async def test_the_leaderboard_ranks_by_progress_with_names_masked(points: Points) -> None:
    mission = await new_mission(points)
    other = await new_mission(points, sort=2)
    players = [str(uuid.uuid4()) for _ in range(4)]
    async with points.db.transaction() as session:
        await members.know(
            session,
            [(MERCHANT, a, 0, name) for a, name in zip(players, ("alice", "bob", "cemile", "derya"), strict=True)],
        )
    for account, amount in zip(players, (3_000, 9_000, 3_000, 1_000), strict=True):
        await progressed(points, {(mission, account): amount})  # alice reaches 3,000 before cemile
    await progressed(points, {(other, players[3]): 99_000})  # another mission's progress counts elsewhere
    token = await points.member_token(players[2])
    answer = await points.http.get(f"{BOARD}?missionId={mission}&pageNo=1&pageSize=3", headers={"Authorization": token})
    assert answer.status_code == 200, answer.text
    board = answer.json()["value"]
    assert [(e["rank"], e["username"], e["progress"], e["me"]) for e in board["list"]] == [
        (1, "b***", 9_000, False), (2, "al***e", 3_000, False), (3, "ce***e", 3_000, True),
    ]  # fmt: skip
    assert (board["total"], board["totalPages"], board["mine"]) == (4, 2, {"rank": 3, "progress": 3_000, "percent": 30})
    second = await points.http.get(f"{BOARD}?missionId={mission}&pageNo=2&pageSize=3", headers={"Authorization": token})
    assert [(e["rank"], e["username"]) for e in second.json()["value"]["list"]] == [(4, "de***a")]
    _, newcomer = await points.member()
    mine = (await points.http.get(f"{BOARD}?missionId={mission}", headers={"Authorization": newcomer})).json()["value"]
    assert mine["mine"] == {"rank": None, "progress": 0, "percent": 0}
    for query, status, code in (("", 400, "validation.failed"), ("?missionId=0", 400, "validation.failed"),
                                ("?missionId=999999", 404, "mission.not_found")):  # fmt: skip
        refused = await points.http.get(f"{BOARD}{query}", headers={"Authorization": token})
        assert (refused.status_code, refused.json()["errorCode"]) == (status, code), refused.text


async def test_who_may_define_missions_and_every_change_is_audited(points: Points) -> None:
    for roles in ((OpsRole.CONTENT,), (OpsRole.ADMIN,)):
        made = await points.http.post(OPS, json=MISSION, headers=await ops(points, *roles))
        assert made.status_code == 200, made.text
    for roles in ((OpsRole.VIEWER,), (OpsRole.FINANCE_MAKER,), (OpsRole.FINANCE_CHECKER,)):
        assert (await points.http.post(OPS, json=MISSION, headers=await ops(points, *roles))).status_code == 403
        listed = await points.http.get(OPS, headers=await ops(points, *roles))
        assert listed.status_code == 200 and listed.json()["value"]["total"] == 2
    elsewhere = await ops(points, merchant="otherbrand")
    assert (await points.http.get(OPS, headers=elsewhere)).status_code == 403
    assert (await points.http.post(OPS, json=MISSION, headers=elsewhere)).status_code == 403
    mission = (await points.http.get(OPS, headers=await ops(points))).json()["value"]["list"][0]["missionId"]
    change = {key: value for key, value in MISSION.items() if key != "kind"} | {"target": 20_000, "reason": "harder"}
    assert (await points.http.put(f"{OPS}/{mission}", json=change, headers=elsewhere)).status_code == 403
    assert (
        await points.http.put(f"{OPS}/{mission}", json=change, headers=await ops(points, OpsRole.VIEWER))
    ).status_code == 403
    changed = await points.http.put(f"{OPS}/{mission}", json=change, headers=await ops(points, OpsRole.CONTENT))
    assert changed.status_code == 200 and changed.json()["value"]["target"] == 20_000
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=await ops(points))).json()
    rows = audit["value"]["list"]
    assert [r["action"] for r in rows] == ["mission.change", "mission.create", "mission.create"]
    assert (rows[0]["before"]["target"], rows[0]["after"]["target"], rows[0]["reason"]) == (10_000, 20_000, "harder")
    assert (await points.http.get(OPS)).status_code == 401


async def test_bad_missions_are_refused_with_nothing_written(points: Points) -> None:
    editor = await ops(points, OpsRole.CONTENT)
    for changes, status, code in (
        ({"target": 0}, 400, "validation.failed"),
        ({"target": "100"}, 400, "validation.failed"),
        ({"rewardPoints": -5}, 400, "validation.failed"),
        ({"names": {"EN": "Only English"}}, 400, "validation.failed"),
        ({"names": {"TR": "x", "DE": "y"}}, 400, "validation.failed"),
        ({"kind": "SPIN_WHEEL"}, 400, "validation.failed"),
        ({"gameTypes": ["POKER"]}, 400, "validation.failed"),
        ({"startsAt": "yesterday"}, 400, "validation.failed"),
        ({"startsAt": "2026-11-01T00:00:00"}, 400, "validation.failed"),  # no time zone
        ({"endsAt": MISSION["startsAt"]}, 400, "mission.window_invalid"),
        ({"kind": "DEPOSIT_TOTAL", "gameTypes": ["RNG"]}, 400, "mission.game_types_not_allowed"),
        ({"kind": "PLAY_DAYS", "target": 5_000}, 400, "mission.target_too_large"),
        ({"reason": ""}, 400, "validation.failed"),
        ({"surprise": 1}, 400, "validation.failed"),
    ):  # fmt: skip
        refused = await points.http.post(OPS, json={**MISSION, **changes}, headers=editor)
        assert (refused.status_code, refused.json()["errorCode"]) == (status, code), (changes, refused.text)
    change = {key: value for key, value in MISSION.items() if key != "kind"}
    unknown = await points.http.put(f"{OPS}/999999", json=change, headers=editor)
    assert (unknown.status_code, unknown.json()["errorCode"]) == (404, "mission.not_found")
    mission = await new_mission(points)
    backwards = await points.http.put(
        f"{OPS}/{mission}", json={**change, "endsAt": MISSION["startsAt"]}, headers=editor
    )
    assert (backwards.status_code, backwards.json()["errorCode"]) == (400, "mission.window_invalid")
    assert (
        await points.http.put(f"{OPS}/{mission}", json={**change, "kind": "PLAY_DAYS"}, headers=editor)
    ).status_code == 400
    listed = (await points.http.get(OPS, headers=editor)).json()["value"]
    assert listed["total"] == 1 and listed["list"][0]["target"] == MISSION["target"]
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=editor)).json()["value"]
    assert [r["action"] for r in audit["list"]] == ["mission.create"]
    _, token = await points.member()
    for body in (
        {"missionId": mission},
        {"missionId": mission, "requestId": "x"},
        {"missionId": "1", "requestId": "claim-0001"},
    ):
        refused = await points.http.post(CLAIM, json=body, headers={"Authorization": token})
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), body

"""The points calls: a member's balance and the brand's rules (members and agents; a trial account refused); the
rules for ops, changed by the brand's admin alone (audited, before and after), bad input refused with nothing
written; a changed rule earns from the next amount."""

from __future__ import annotations

import uuid

from points_helpers import MERCHANT, UNIT, Points, game_bet, registered

from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

RULES = f"/wps/ops/points/merchants/{MERCHANT}/rules"


async def ops(points: Points, *roles: OpsRole, merchant: str = MERCHANT) -> dict[str, str]:
    token = await ops_session(points.servers.redis_url, "ayse", roles=roles or (OpsRole.ADMIN,), merchants=(merchant,))
    return {"Authorization": token}


async def test_a_member_reads_the_balance_and_the_rules_a_trial_account_and_a_visitor_may_not(points: Points) -> None:
    await points.seeded()
    member = str(uuid.uuid4())
    token = {"Authorization": await points.member_token(member)}
    balance = await points.http.get("/wps/relay/MCS2_getPointBalance", headers=token)
    assert balance.json()["value"] == {"balance": 0, "earned": 0, "spent": 0}
    config = (await points.http.get("/wps/relay/MCS2_getPointConfig", headers=token)).json()["value"]
    assert [(r["pointType"], r["bettingUnit"], r["ratio"], r["enabled"]) for r in config] == [
        (kind, UNIT, 1, True) for kind in ("LIVE", "LOTTERY", "CARD", "SLOT", "SPORTS", "DEPOSIT")
    ]
    agent = {"Authorization": await points.member_token(str(uuid.uuid4()), account_type=1)}
    assert (await points.http.get("/wps/relay/MCS2_getPointBalance", headers=agent)).status_code == 200
    trial = {"Authorization": await points.member_token(str(uuid.uuid4()), account_type=4)}
    for path in ("/wps/relay/MCS2_getPointBalance", "/wps/relay/MCS2_getPointConfig"):
        refused = await points.http.get(path, headers=trial)
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
        assert (await points.http.get(path)).status_code == 401


async def test_an_admin_changes_a_rule_audited_and_the_next_bet_earns_by_it(points: Points, worker: None) -> None:
    await points.seeded()
    member = str(uuid.uuid4())
    await points.publish(registered(member))
    await points.consumed("AUTH", "registered", 1)
    await points.publish(game_bet(member, UNIT * 2))
    await points.consumed("GAMES", "game_bet", 1)
    change = {"bettingUnit": 1_000, "ratio": 5, "enabled": True, "reason": "weekend slots x50"}
    changed = await points.http.put(f"{RULES}/SLOT", json=change, headers=await ops(points))
    assert changed.json()["value"] == {"pointType": "SLOT", "bettingUnit": 1_000, "ratio": 5, "enabled": True}
    await points.publish(game_bet(member, 2_500))
    await points.consumed("GAMES", "game_bet", 2)
    assert await points.balance(member) == 2 + 10  # 2 units before, 2 units of 10.00 after (5.00 carried)

    viewer = await ops(points, OpsRole.VIEWER)
    rules = (await points.http.get(RULES, headers=viewer)).json()["value"]
    assert next(r for r in rules if r["pointType"] == "SLOT")["bettingUnit"] == 1_000
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=viewer)).json()["value"]
    [row] = audit["list"]
    assert (row["action"], row["target"], row["actor"], row["reason"]) == (
        "points.rule.change", "rule:SLOT", "ayse", "weekend slots x50"
    )  # fmt: skip
    assert (row["before"]["bettingUnit"], row["after"]["bettingUnit"]) == (UNIT, 1_000)


async def test_only_the_brands_admin_changes_a_rule_and_bad_input_writes_nothing(points: Points) -> None:
    await points.seeded()
    change = {"bettingUnit": 1_000, "ratio": 5, "enabled": True, "reason": "x"}
    for roles, merchant, status in (
        ((OpsRole.FINANCE_MAKER,), MERCHANT, 403), ((OpsRole.CONTENT,), MERCHANT, 403),
        ((OpsRole.ADMIN,), "otherbrand", 403),
    ):  # fmt: skip
        refused = await points.http.put(
            f"{RULES}/SLOT", json=change, headers=await ops(points, *roles, merchant=merchant)
        )
        assert refused.status_code == status, refused.text
    member = {"Authorization": await points.member_token(str(uuid.uuid4()))}
    assert (await points.http.put(f"{RULES}/SLOT", json=change, headers=member)).status_code == 403
    assert (await points.http.put(f"{RULES}/SLOT", json=change)).status_code == 401
    admin = await ops(points)
    for point_type, body, status, code in (
        ("REDEEM", change, 404, "points.type_unknown"), ("GOLD", change, 404, "points.type_unknown"),
        ("SLOT", {**change, "bettingUnit": 0}, 400, "validation.failed"),
        ("SLOT", {**change, "ratio": -1}, 400, "validation.failed"),
        ("SLOT", {**change, "ratio": "5"}, 400, "validation.failed"),
        ("SLOT", {**change, "reason": " "}, 400, "validation.failed"),
        ("SLOT", {**change, "extra": 1}, 400, "validation.failed"),
    ):  # fmt: skip
        refused = await points.http.put(f"{RULES}/{point_type}", json=body, headers={**admin, "Language": "TR"})
        assert (refused.status_code, refused.json()["errorCode"]) == (status, code), (point_type, body)
        assert refused.json()["message"]
    rules = (await points.http.get(RULES, headers=admin)).json()["value"]
    assert {r["bettingUnit"] for r in rules} == {UNIT}  # nothing written
    audit = (await points.http.get(f"/wps/ops/points/merchants/{MERCHANT}/audit", headers=admin)).json()["value"]
    assert audit["total"] == 0

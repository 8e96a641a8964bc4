"""Ops read a member's betting record (issue 46, risk and support): paged, newest first, within days; viewer, finance
and admin of the brand, nobody else."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from games_helpers import MERCHANT, Games

from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session


def bets_of(account: str) -> str:
    return f"/wps/ops/games/merchants/{MERCHANT}/members/{account}/bets"


async def reader(games: Games, role: OpsRole = OpsRole.VIEWER, merchant: str = MERCHANT) -> dict[str, str]:
    token = await ops_session(games.redis_url, f"ops-{role.value}", roles=(role,), merchants=(merchant,))
    return {"Authorization": token, "Language": "EN"}


async def test_ops_page_through_a_members_bets_newest_first(games: Games) -> None:
    account, token = await games.member(100_000)
    spins = [(await games.spin(token, 500)).json()["value"] for _ in range(3)]
    _, other = await games.member(100_000)
    await games.spin(other, 700)  # another member's bet is not this member's
    answer = await games.http.get(bets_of(account), headers=await reader(games))
    assert answer.status_code == 200, answer.text
    page = answer.json()["value"]
    assert page["total"] == 3
    assert [row["id"] for row in page["list"]] == [f"BGS:{spin['roundId']}" for spin in reversed(spins)]
    first = page["list"][0]
    assert (first["vendor"], first["stake"], first["validBet"], first["win"]) == (
        "BGS", 500, first["validBet"], spins[-1]["win"]
    )  # fmt: skip
    assert first["gameName"] and first["time"]
    second = await games.http.get(bets_of(account), params={"pageNo": 2, "pageSize": 2}, headers=await reader(games))
    assert [row["id"] for row in second.json()["value"]["list"]] == [f"BGS:{spins[0]['roundId']}"]
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).date().isoformat()
    later = await games.http.get(bets_of(account), params={"startDate": tomorrow}, headers=await reader(games))
    assert later.json()["value"]["total"] == 0
    bad = await games.http.get(bets_of(account), params={"startDate": "2026-13-01"}, headers=await reader(games))
    assert (bad.status_code, bad.json()["errorCode"]) == (400, "date.invalid")


async def test_a_members_bets_are_refused_to_other_brands_content_editors_members_and_visitors(games: Games) -> None:
    account, token = await games.member(100_000)
    for role in (OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER, OpsRole.ADMIN):
        assert (await games.http.get(bets_of(account), headers=await reader(games, role))).status_code == 200
    for headers, status, code in (
        (await reader(games, OpsRole.CONTENT), 403, "ops.role_required"),
        (await reader(games, OpsRole.ADMIN, "otherbrand"), 403, "access.denied"),
        ({"Authorization": token}, 403, None),
        ({}, 401, None),
    ):
        refused = await games.http.get(bets_of(account), headers=headers)
        assert refused.status_code == status, refused.text
        if code:
            assert refused.json()["errorCode"] == code

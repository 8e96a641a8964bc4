"""Ops read a member's betting record sorted and filtered on the server (issue 46, item 3): newest or oldest first, of
a game type and a vendor; a bad value is a 400 envelope."""

from __future__ import annotations

import pytest
from games_helpers import MERCHANT, Games

from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session

BETS = f"/wps/ops/games/merchants/{MERCHANT}/members/{{account}}/bets"


async def viewer(games: Games) -> dict[str, str]:
    token = await ops_session(games.redis_url, "ops-viewer", roles=(OpsRole.VIEWER,), merchants=(MERCHANT,))
    return {"Authorization": token, "Language": "EN"}


async def test_a_members_bets_sort_and_filter(games: Games) -> None:
    account, token = await games.member(100_000)
    spins = [(await games.spin(token, 500)).json()["value"] for _ in range(3)]
    rounds = [f"BGS:{spin['roundId']}" for spin in spins]
    headers = await viewer(games)

    async def ids(**query: str) -> list[str]:
        answer = await games.http.get(BETS.format(account=account), params=query, headers=headers)
        assert answer.status_code == 200, answer.text
        return [row["id"] for row in answer.json()["value"]["list"]]

    newest = await ids()
    assert newest == list(reversed(rounds))
    assert await ids(sort="oldest") == rounds
    first = (await games.http.get(BETS.format(account=account), headers=headers)).json()["value"]["list"][0]
    assert await ids(gameType=first["gameType"], sort="oldest") == rounds
    assert await ids(gameType="ALL") == newest
    other = "LIVE" if first["gameType"] != "LIVE" else "SLOT"
    assert await ids(gameType=other) == []
    assert await ids(vendor="BGS", sort="oldest") == rounds
    assert await ids(vendor="PG") == []


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ({"sort": "biggest"}, "validation.failed"),
        ({"vendor": ""}, "validation.failed"),
        ({"gameType": "DARTS"}, "game_type.unknown"),
    ],
)
async def test_a_bad_filter_or_order_is_a_400(games: Games, query: dict[str, str], code: str) -> None:
    answer = await games.http.get(BETS.format(account="someone"), params=query, headers=await viewer(games))
    assert (answer.status_code, answer.json()["errorCode"]) == (400, code)

"""The play dashboard: every settled bet counts once into its UTC day by vendor and game type — in-house spins
through the worker's relay and consumer, lottery bets from the lottery's event (a redelivery counts once) — and
the brand's finance readers alone read it."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest
from games_helpers import MERCHANT, Games

from games_service.settings import GamesSettings
from games_service.worker import build_worker
from portal_events import LotteryBetSettledV1
from portal_kit.messaging.events import new_event
from portal_kit.sessions import OpsRole
from portal_kit.testing.events import consumed, eventually, publish_event
from portal_kit.testing.plugin import reset_streams, running_worker
from portal_kit.testing.sessions import ops_session

DASHBOARD = f"/wps/ops/games/merchants/{MERCHANT}/dashboard/play"


@pytest.fixture
async def worker(games: Games, games_settings: GamesSettings) -> AsyncIterator[None]:
    await reset_streams(games_settings.nats_url)
    async with running_worker(build_worker(games_settings)):
        for stream, durable in (("GAMES", "games__count_game_bet"), ("LOTTERY", "games__count_lottery_bet")):
            await eventually(lambda s=stream, d=durable: consumed(games_settings.nats_url, s, d, 0), timeout=30)
        yield


async def read(games: Games, token: str | None = None, **query: str) -> list[dict[str, object]]:
    token = token or await ops_session(games.redis_url, "reader", roles=(OpsRole.VIEWER,), merchants=(MERCHANT,))
    answer = await games.http.get(DASHBOARD, params=query, headers={"Authorization": token})
    assert answer.status_code == 200, answer.text
    rows: list[dict[str, object]] = answer.json()["value"]
    return rows


async def test_spins_and_lottery_bets_count_once_by_day_vendor_and_game_type(
    games: Games, games_settings: GamesSettings, worker: None
) -> None:
    url = games_settings.nats_url
    _, token = await games.member(100_000)
    spins = [(await games.spin(token, 1000)).json()["value"] for _ in range(3)]
    await eventually(lambda: consumed(url, "GAMES", "games__count_game_bet", 3), timeout=30)
    lottery = new_event(LotteryBetSettledV1, MERCHANT, {
        "betId": str(uuid.uuid4()), "accountId": str(uuid.uuid4()), "playerName": "p", "vendor": "LOTT",
        "gameCode": "SSC_1M", "issue": "202611231082", "betType": "POS_BIG_SMALL", "currency": "TRY", "stake": 500,
        "win": 990, "validBet": 500, "settledAt": "2026-11-23T23:59:59.999Z",
    })  # fmt: skip
    await publish_event(url, lottery)
    await publish_event(url, lottery, msg_id="redelivered")
    await eventually(lambda: consumed(url, "LOTTERY", "games__count_lottery_bet", 2), timeout=30)

    today = datetime.now(UTC).date().isoformat()
    [slot] = await read(games, startDate=today, endDate=today)
    won = sum(spin["win"] for spin in spins)
    assert (slot["vendor"], slot["gameType"], slot["bets"], slot["stake"], slot["win"], slot["ggr"]) == (
        "BGS",
        "RNG",
        3,
        3000,
        won,
        3000 - won,
    )
    [lott] = await read(games, startDate="2026-11-23", endDate="2026-11-23")
    assert (lott["vendor"], lott["gameType"], lott["bets"], lott["stake"], lott["win"], lott["ggr"]) == (
        "LOTT",
        "LOTT",
        1,
        500,
        990,
        -490,
    )


async def test_only_the_brands_finance_readers_read_the_play(games: Games) -> None:
    for role in (OpsRole.VIEWER, OpsRole.FINANCE_MAKER, OpsRole.FINANCE_CHECKER, OpsRole.ADMIN):
        token = await ops_session(games.redis_url, "reader", roles=(role,), merchants=(MERCHANT,))
        assert await read(games, token) == []
    editor = await ops_session(games.redis_url, "editor", roles=(OpsRole.CONTENT,), merchants=(MERCHANT,))
    elsewhere = await ops_session(games.redis_url, "other", roles=(OpsRole.ADMIN,), merchants=("otherbrand",))
    _, member = await games.member(0)
    for token, status in ((editor, 403), (elsewhere, 403), (member, 403), (None, 401)):
        headers = {"Authorization": token} if token else {}
        assert (await games.http.get(DASHBOARD, headers=headers)).status_code == status
    refused = await games.http.get(
        DASHBOARD, params={"startDate": "2026-11-02", "endDate": "2026-11-01"}, headers={"Authorization": editor}
    )
    assert refused.status_code == 403  # the role is checked before the range

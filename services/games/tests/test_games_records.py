"""The records made of settled bets: betting record, profit and loss, recent games, the winners board."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from games_helpers import Games
from sqlalchemy import select

from games_service.bgs import games as rules
from games_service.records.handlers import record_lottery_bet
from portal_events import LotteryBetSettledV1, LotteryBetSettledV1Data
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.sessions import Role


async def _win_a_roll(games: Games, token: str) -> dict[str, Any]:
    """Roll (even chance) until a roll wins; the rolls before it lost."""
    for _ in range(60):
        value: dict[str, Any] = (await games.roll(token, 1000)).json()["value"]
        if value["win"] > value["stake"]:
            return value
    raise AssertionError("sixty even-chance rolls in a row lost")


async def test_the_betting_record_lists_every_settled_bet_newest_first_with_its_profit(games: Games) -> None:
    account, token = await games.member(100_000)
    spins = [(await games.spin(token, 500)).json()["value"] for _ in range(3)]
    roll = (await games.roll(token, 1000)).json()["value"]
    answer = await games.http.get("/wps/games/records", headers={"Authorization": token, "Language": "EN"})
    page = answer.json()["value"]
    assert page["total"] == 4
    first = page["list"][0]
    assert first["id"] == f"BGS:{roll['roundId']}" and first["gameCode"] == rules.DICE_CODE
    assert first["gameName"] == "Dice 99" and first["gameType"] == "PVP"
    assert [row["id"] for row in page["list"][1:]] == [f"BGS:{spin['roundId']}" for spin in reversed(spins)]
    assert [row["profit"] for row in page["list"]] == [roll["win"] - 1000] + [s["win"] - 500 for s in reversed(spins)]

    paged = await games.http.get("/wps/games/records", params={"pageSize": 2}, headers={"Authorization": token})
    assert paged.json()["value"]["totalPages"] == 2
    slots = await games.http.get("/wps/games/records", params={"gameType": "RNG"}, headers={"Authorization": token})
    assert slots.json()["value"]["total"] == 3

    profit = (await games.http.get("/wps/games/records/profit", headers={"Authorization": token})).json()["value"]
    assert profit["total"]["bets"] == 4 and profit["total"]["stake"] == 2500
    assert profit["total"]["profit"] == await games.balance(account) - 100_000  # the wallet agrees to the cent
    by_type = {row["gameType"]: row for row in profit["rows"]}
    assert set(by_type) == {"PVP", "RNG"} and (by_type["PVP"]["stake"], by_type["RNG"]["stake"]) == (1000, 1500)
    assert by_type["RNG"]["win"] == sum(spin["win"] for spin in spins)


async def test_another_member_sees_none_of_it_and_a_visitor_or_trial_account_is_refused(games: Games) -> None:
    _, token = await games.member(100_000)
    await games.spin(token, 500)
    _, other = await games.member(100_000)
    theirs = await games.http.get("/wps/games/records", headers={"Authorization": other})
    assert theirs.json()["value"]["total"] == 0
    assert (await games.http.get("/wps/relay/GCS_recentGame", headers={"Authorization": other})).json()["value"] == []
    _, trial = await games.member(0, role=Role.TRIAL, account_type=4)
    for path in ("/wps/games/records", "/wps/games/records/profit"):
        refused = await games.http.get(path, headers={"Authorization": trial})
        assert (refused.status_code, refused.json()["errorCode"]) == (403, "in_need_true_account")
        assert (await games.http.get(path)).status_code == 401


async def test_bad_record_filters_are_refused(games: Games) -> None:
    _, token = await games.member(100_000)
    for params, code in (
        ({"startDate": "2026-13-01"}, "date.invalid"),
        ({"startDate": "2026-11-02", "endDate": "2026-11-01"}, "date_range.invalid"),
        ({"gameType": "CASINO"}, "game_type.unknown"),
        ({"pageSize": 1000}, "validation.failed"),
    ):
        answer = await games.http.get(
            "/wps/games/records", params=params, headers={"Authorization": token, "Language": "EN"}
        )
        assert (answer.status_code, answer.json()["errorCode"]) == (400, code), params
        assert answer.json()["message"]


async def test_a_day_range_keeps_only_the_bets_settled_in_it(games: Games) -> None:
    _, token = await games.member(100_000)
    await games.spin(token, 500)
    await games.db.call("UPDATE bet_record SET settled_at = '2026-01-15T12:00:00Z' RETURNING id")
    await games.spin(token, 500)
    inside = await games.http.get(
        "/wps/games/records",
        params={"startDate": "2026-01-15", "endDate": "2026-01-15"},
        headers={"Authorization": token},
    )
    assert inside.json()["value"]["total"] == 1
    profit = await games.http.get(
        "/wps/games/records/profit", params={"startDate": "2026-01-01", "endDate": "2026-01-31"},
        headers={"Authorization": token},
    )  # fmt: skip
    assert profit.json()["value"]["total"]["stake"] == 500


async def test_recent_games_lists_each_game_played_once_latest_first(games: Games) -> None:
    _, token = await games.member(100_000)
    await games.roll(token)
    await games.spin(token, 500)
    await games.spin(token, 500)
    answer = await games.http.get("/wps/relay/GCS_recentGame", headers={"Authorization": token, "Language": "EN"})
    assert [game["gameCode"] for game in answer.json()["value"]] == ["BGS_FRUIT5", rules.DICE_CODE]


async def test_the_winners_board_shows_a_big_win_to_visitors_with_the_name_masked(games: Games) -> None:
    _, token = await games.member(100_000, username="lucky7player")
    won = await _win_a_roll(games, token)
    board = await games.http.get(
        "/wps/relay/ODSFE2_getWinnerBoard",
        params={"gameCategory": "ALL", "limitNum": 20},
        headers={"Merchant": "turkeyf2", "Language": "EN"},
    )
    assert board.status_code == 200, board.text
    winners = board.json()["value"]
    assert len(winners) == 1  # the lost rolls before it are not wins
    assert winners[0]["customerName"] == "lu***r" and "lucky7player" not in board.text
    assert (winners[0]["winAmount"], winners[0]["gameCode"]) == (won["win"], rules.DICE_CODE)
    assert winners[0]["nodeId"] is not None


async def test_the_winners_board_lists_the_biggest_wins_first_within_its_limit(games: Games) -> None:
    _, token = await games.member(1_000_000)
    wins = await asyncio.gather(*(_win_a_roll(games, token) for _ in range(3)))
    await games.db.call("UPDATE bet_record SET win = win + 1 WHERE win > stake RETURNING id")  # no ties
    board = await games.http.get(
        "/wps/relay/ODSFE2_getWinnerBoard", params={"limitNum": 2}, headers={"Merchant": "turkeyf2"}
    )
    listed = [winner["winAmount"] for winner in board.json()["value"]]
    assert len(listed) == 2 and listed == sorted(listed, reverse=True)
    assert len(wins) == 3


async def test_bad_winners_board_queries_are_refused(games: Games) -> None:
    for params, code in (
        ({"limitNum": 21}, "validation.failed"),
        ({"limitNum": 0}, "validation.failed"),
        ({"gameCategory": "CASINO"}, "game_type.unknown"),
    ):
        answer = await games.http.get(
            "/wps/relay/ODSFE2_getWinnerBoard", params=params, headers={"Merchant": "turkeyf2", "Language": "EN"}
        )
        assert (answer.status_code, answer.json()["errorCode"]) == (400, code), params


async def test_a_settled_lottery_bet_joins_the_betting_record_once(games: Games) -> None:
    account, token = await games.member(0)
    data = {
        "betId": str(uuid.uuid4()), "accountId": account, "playerName": "player", "vendor": "LOTT",
        "gameCode": "SSC_1M", "issue": "202611231082", "betType": "POS_BIG_SMALL", "currency": "TRY",
        "stake": 1000, "win": 1980, "validBet": 1000, "settledAt": "2026-11-23T18:01:00Z",
    }  # fmt: skip
    event = new_event(LotteryBetSettledV1, "turkeyf2", LotteryBetSettledV1Data.model_validate(data))
    for _ in range(2):  # a redelivery
        async with games.db.transaction() as session:
            await record_lottery_bet(session, event)
    page = (await games.http.get("/wps/games/records", headers={"Authorization": token, "Language": "EN"})).json()
    [row] = page["value"]["list"]
    assert row["gameType"] == "LOTT" and row["vendor"] == "LOTT" and row["gameName"] == "Speed SSC 1'"
    assert row["profit"] == 980
    async with games.db.reader() as session:
        subjects = list(await session.scalars(select(OutboxMessage.subject)))
    assert "games.bet.settled.v1" not in subjects  # the lottery told of it already

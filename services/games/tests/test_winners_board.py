"""The winners board (``ODSFE2_getWinnerBoard``) answers the items of spec §3: customerName, gameName, iconUrl,
winAmount, and what the web needs to start the game from the board."""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric import rsa
from games_helpers import Games
from hub88_helpers import GAME, UNIT, Hub88, reconciled, session


async def test_the_board_answers_the_specs_fields_with_the_game_to_start(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    _, user, token = await session(games, balance=10_000, username="bigwinner9")
    for round_id, stake, win in (("board-1", 1_000, 7_500), ("board-2", 1_000, 2_500), ("board-3", 1_000, 500)):
        bet = Hub88.transaction(user, token, stake * UNIT, round_id)
        await hub.call("/transaction/bet", bet)
        await hub.call("/transaction/win", Hub88.win_of(bet, win * UNIT, round_closed=True))
    listed = await games.http.get(
        "/wps/relay/GCSGAME_gameList", params={"vassalage": "PG"}, headers={"Authorization": (await games.member(0))[1]}
    )
    game = next(item for item in listed.json()["value"]["list"] if item["gameCode"] == GAME)

    board = await games.http.get(
        "/wps/relay/ODSFE2_getWinnerBoard",
        params={"gameCategory": "ALL", "limitNum": 20},
        headers={"Merchant": "turkeyf2", "Language": "EN"},
    )
    assert board.status_code == 200, board.text
    winners = board.json()["value"]
    assert [winner["winAmount"] for winner in winners] == [7_500, 2_500]  # a win above the stake, biggest first
    first = winners[0]
    assert first["customerName"] == "bi***9" and "bigwinner9" not in board.text
    assert (first["gameName"], first["iconUrl"]) == (game["gameName"], game["iconUrl"])
    launch = {key: first[key] for key in ("nodeId", "gameType", "vassalage", "gameCode", "isGame")}
    assert launch == {key: game[key] for key in launch}
    assert "player" not in first and "win" not in first
    assert await reconciled(games)

"""Hub88's Operator Wallet API, called as Hub88 calls it: signed bodies, amounts in 1/100,000, statuses
RS_OK / RS_ERROR_*; the money moves through the wallet's real money API."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from games_helpers import MERCHANT, Games
from hub88_helpers import UNIT, Hub88, reconciled, session

from games_service.aggregator.schemas import GameUrlRequest
from games_service.aggregator.service import Hub88Operator
from games_service.aggregator.signature import sign
from wallet_service.merchants import service as merchants
from wallet_service.money import service as wallet_money


async def test_a_round_bets_and_wins_through_the_wallet_and_lands_in_the_records(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games)
    info = await hub.call("/user/info", {"user": user, "request_uuid": str(uuid.uuid4())})
    assert (info["status"], info["user"], info["sub_partner_id"]) == ("RS_OK", user, MERCHANT)
    balance = await hub.call(
        "/user/balance", {"user": user, "token": token, "request_uuid": "r-1", "game_code": "PG_FORTUNE_OX"}
    )
    assert (balance["status"], balance["balance"], balance["currency"]) == ("RS_OK", 100_000 * UNIT, "TRY")

    bet = Hub88.transaction(user, token, 2_500 * UNIT, "round-1")
    placed = await hub.call("/transaction/bet", bet)
    assert (placed["status"], placed["balance"], placed["request_uuid"]) == (
        "RS_OK",
        97_500 * UNIT,
        bet["request_uuid"],
    )
    win = Hub88.transaction(
        user, token, 6_000 * UNIT, "round-1", reference_transaction_uuid=bet["transaction_uuid"], round_closed=True
    )
    paid = await hub.call("/transaction/win", win)
    assert (paid["status"], paid["balance"]) == ("RS_OK", 103_500 * UNIT)
    assert await games.balance(account) == 103_500

    records = await games.db.rows(
        "SELECT vendor, game_code, stake, win FROM bet_record WHERE account_id = %s", (account,)
    )
    assert records == [("PG", "PG_FORTUNE_OX", 2_500, 6_000)]
    event = await games.db.call("SELECT body FROM outbox WHERE subject = 'games.bet.settled.v1'")
    assert event is not None and event[0]["data"]["vendor"] == "PG" and event[0]["data"]["win"] == 6_000
    assert await reconciled(games)


async def test_a_replayed_transaction_answers_the_original_and_another_body_under_its_id_is_refused(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games)
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "round-2")
    first = await hub.call("/transaction/bet", bet)
    again = await asyncio.gather(
        *(hub.call("/transaction/bet", {**bet, "request_uuid": f"retry-{n}"}) for n in range(5))
    )
    assert {answer["balance"] for answer in again} == {first["balance"]} == {99_000 * UNIT}
    assert await games.balance(account) == 99_000
    other = await hub.call("/transaction/bet", {**bet, "amount": 5_000 * UNIT})
    assert other["status"] == "RS_ERROR_DUPLICATE_TRANSACTION"
    assert await games.balance(account) == 99_000
    assert await reconciled(games)


async def test_a_rollback_gives_the_bet_back_and_a_rollback_before_its_bet_refuses_the_late_bet(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games)
    bet = Hub88.transaction(user, token, 3_000 * UNIT, "round-3")
    await hub.call("/transaction/bet", bet)
    rolled = await hub.call(
        "/transaction/rollback",
        {**Hub88.transaction(user, token, 0, "round-3"), "reference_transaction_uuid": bet["transaction_uuid"]},
    )
    assert (rolled["status"], rolled["balance"]) == ("RS_OK", 100_000 * UNIT)
    late_win = Hub88.transaction(
        user, token, 1_000 * UNIT, "round-3", reference_transaction_uuid=bet["transaction_uuid"]
    )
    assert (await hub.call("/transaction/win", late_win))["status"] == "RS_ERROR_TRANSACTION_DOES_NOT_EXIST"

    unseen = Hub88.transaction(user, token, 4_000 * UNIT, "round-4")
    early = await hub.call(
        "/transaction/rollback",
        {**Hub88.transaction(user, token, 0, "round-4"), "reference_transaction_uuid": unseen["transaction_uuid"]},
    )
    assert early["status"] == "RS_OK"
    assert (await hub.call("/transaction/bet", unseen))["status"] == "RS_ERROR_TRANSACTION_ROLLED_BACK"
    paid_anyway = Hub88.transaction(
        user, token, 9_000 * UNIT, "round-4", reference_transaction_uuid=unseen["transaction_uuid"]
    )
    assert (await hub.call("/transaction/win", paid_anyway))["status"] == "RS_ERROR_TRANSACTION_DOES_NOT_EXIST"
    placed = Hub88.transaction(user, token, 1_000 * UNIT, "round-8")
    won = Hub88.transaction(user, token, 1_000 * UNIT, "round-8", reference_transaction_uuid=placed["transaction_uuid"])
    await hub.call("/transaction/bet", placed)
    await hub.call("/transaction/win", won)
    of_a_win = {**Hub88.transaction(user, token, 0, "round-8"), "reference_transaction_uuid": won["transaction_uuid"]}
    assert (await hub.call("/transaction/rollback", of_a_win))["status"] == "RS_ERROR_TRANSACTION_DOES_NOT_EXIST"
    assert await games.balance(account) == 100_000
    assert await reconciled(games)


async def test_an_expired_token_refuses_bets_but_still_takes_wins_and_rollbacks(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games)
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "round-5")
    other = Hub88.transaction(user, token, 500 * UNIT, "round-6")
    await hub.call("/transaction/bet", bet)
    await hub.call("/transaction/bet", other)
    await games.db.call("UPDATE vendor_session SET expires_at = now() - interval '1 second' RETURNING token_hash")
    assert (await hub.call("/transaction/bet", Hub88.transaction(user, token, 100 * UNIT, "round-7")))[
        "status"
    ] == "RS_ERROR_TOKEN_EXPIRED"
    balance = await hub.call("/user/balance", {"user": user, "token": token, "request_uuid": "r-2"})
    assert balance["status"] == "RS_ERROR_TOKEN_EXPIRED"
    win = Hub88.transaction(
        user, token, 2_000 * UNIT, "round-5", reference_transaction_uuid=bet["transaction_uuid"], round_closed=True
    )
    assert (await hub.call("/transaction/win", win))["status"] == "RS_OK"
    back = await hub.call(
        "/transaction/rollback",
        {**Hub88.transaction(user, token, 0, "round-6"), "reference_transaction_uuid": other["transaction_uuid"]},
    )
    assert back["status"] == "RS_OK"
    assert await games.balance(account) == 100_000 - 1_000 + 2_000
    assert await reconciled(games)


async def test_bad_calls_get_their_status_and_move_nothing(games: Games, hub88_key: rsa.RSAPrivateKey) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=1_000)
    stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    cases: list[tuple[str, dict[str, Any], str, rsa.RSAPrivateKey | None]] = [
        ("/transaction/bet", Hub88.transaction(user, token, 100 * UNIT, "b1"), "RS_ERROR_INVALID_SIGNATURE", stranger),
        ("/transaction/bet", Hub88.transaction(user, token, 5_000 * UNIT, "b2"), "RS_ERROR_NOT_ENOUGH_MONEY", None),
        ("/transaction/bet", Hub88.transaction(user, token, 100 * UNIT, "b3", currency="EUR"), "RS_ERROR_WRONG_CURRENCY", None),
        ("/transaction/bet", Hub88.transaction(user, token, -100 * UNIT, "b4"), "RS_ERROR_WRONG_SYNTAX", None),
        ("/transaction/bet", Hub88.transaction(user, token, 100_500, "b5"), "RS_ERROR_WRONG_SYNTAX", None),
        ("/transaction/bet", Hub88.transaction(user, token, 1.5, "b6"), "RS_ERROR_WRONG_TYPES", None),
        ("/transaction/bet", Hub88.transaction(user, "x" * 40, 100 * UNIT, "b7"), "RS_ERROR_INVALID_TOKEN", None),
        ("/transaction/bet", Hub88.transaction(f"{MERCHANT}:someone-else", token, 100 * UNIT, "b8"), "RS_ERROR_INVALID_TOKEN", None),
        ("/transaction/bet", Hub88.transaction(user, token, 100 * UNIT, "b9", game_code="NO_SUCH_GAME"), "RS_ERROR_INVALID_GAME", None),
        ("/transaction/win", Hub88.transaction(user, token, 100 * UNIT, "w1", reference_transaction_uuid=str(uuid.uuid4())), "RS_ERROR_TRANSACTION_DOES_NOT_EXIST", None),
    ]  # fmt: skip
    for path, body, status, key in cases:
        answer = await hub.call(path, body, key=key)
        assert answer["status"] == status, (body, answer)
        if status == "RS_ERROR_NOT_ENOUGH_MONEY":
            assert answer["balance"] == 1_000 * UNIT  # the balance comes with the refusal, as Hub88 asks
    raw = await games.http.post(
        "/vendor/HUB88/transaction/bet",
        content=b"{not json",
        headers={"X-Hub88-Signature": sign(hub88_key, b"{not json")},
    )
    assert raw.json()["status"] == "RS_ERROR_WRONG_SYNTAX"
    unsigned = await games.http.post(
        "/vendor/HUB88/transaction/bet", json=Hub88.transaction(user, token, 100 * UNIT, "b10")
    )
    assert unsigned.json()["status"] == "RS_ERROR_INVALID_SIGNATURE"
    assert await games.balance(account) == 1_000
    # nothing was claimed, but the bet the wallet refused for good: its tombstone keeps its id from another kind
    claimed = await games.db.rows("SELECT round_id, state FROM vendor_transaction")
    assert claimed == [("b2", "dropped")]
    assert await reconciled(games)


async def test_parallel_bets_on_one_wallet_never_spend_more_than_it_holds(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    bets = [Hub88.transaction(user, token, 1_500 * UNIT, f"p{n}") for n in range(12)]
    answers = await asyncio.gather(*(hub.call("/transaction/bet", bet) for bet in bets))
    taken = [answer for answer in answers if answer["status"] == "RS_OK"]
    assert len(taken) == 6 and all(a["status"] == "RS_ERROR_NOT_ENOUGH_MONEY" for a in answers if a not in taken)
    assert await games.balance(account) == 10_000 - 6 * 1_500
    assert await reconciled(games)


async def test_a_game_launched_through_hub88_plays_on_the_simulator_and_settles_through_the_wallet_api(
    games: Games,
) -> None:
    account, token = await games.member(50_000, username="ox_player")
    launched = (await _launch(games, token)).json()["value"]
    assert launched["external"] and launched["url"].startswith("/wps/games/hub88-sim/play/")
    assert token not in launched["url"]  # the portal's session never travels in the game's address
    page = await games.http.get(launched["url"])
    assert page.status_code == 200 and "PG_FORTUNE_OX" in page.text
    for _ in range(3):
        played = await games.http.post(
            launched["url"], content=b"stake=1000", headers={"Content-Type": "application/x-www-form-urlencoded"}
        )
        assert played.status_code == 200 and 'data-testid="sim-result">' in played.text
    recorded = await games.db.rows("SELECT vendor, stake, win FROM bet_record WHERE account_id = %s", (account,))
    assert len(recorded) == 3 and all(vendor == "PG" and stake == 1000 for vendor, stake, _ in recorded)
    assert await games.balance(account) == 50_000 - 3_000 + sum(win for _, _, win in recorded)
    assert (await games.http.get("/wps/games/hub88-sim/play/not-a-session")).status_code == 404
    assert await reconciled(games)


async def _launch(games: Games, token: str, vassalage: str = "PG", code: str = "PG_FORTUNE_OX") -> httpx.Response:
    listed = await games.http.get(
        "/wps/relay/GCSGAME_gameList", params={"vassalage": vassalage}, headers={"Authorization": token}
    )
    game = next(game for game in listed.json()["value"]["list"] if game["gameCode"] == code)
    assert game["playable"]
    return await games.http.get(
        "/wps/relay/GCS_gameLaunchFB", params={"nodeId": game["nodeId"]}, headers={"Authorization": token}
    )


async def test_the_games_api_takes_only_calls_signed_with_the_operators_registered_key(
    games: Games, operator_key: rsa.RSAPrivateKey, hub88_key: rsa.RSAPrivateKey
) -> None:
    body = GameUrlRequest(
        user="turkeyf2:someone", token="a-session-token", sub_partner_id=MERCHANT, lobby_url="http://portal",
        lang="en", game_code="PG_FORTUNE_OX", currency="TRY",
    ).model_dump_json().encode()  # fmt: skip
    url = "/wps/games/hub88-sim/operator/generic/v2/game/url"
    for headers in ({}, {"X-Hub88-Signature": sign(hub88_key, body)}, {"X-Hub88-Signature": "bm90IGEgc2lnbmF0dXJl"}):
        refused = await games.http.post(url, content=body, headers=headers)
        assert refused.status_code == 401 and refused.json()["errorCode"] == "signature.invalid"
    tampered = body.replace(b"PG_FORTUNE_OX", b"PG_OTHER_GAME")
    refused = await games.http.post(url, content=tampered, headers={"X-Hub88-Signature": sign(operator_key, body)})
    assert refused.status_code == 401
    taken = await games.http.post(url, content=body, headers={"X-Hub88-Signature": sign(operator_key, body)})
    assert taken.status_code == 200 and taken.json()["url"].startswith("/wps/games/hub88-sim/play/")


@pytest.mark.parametrize("signer", ["unregistered", "none"])
async def test_a_launch_hub88_refuses_or_that_cannot_be_signed_is_unavailable_and_leaves_no_session(
    games: Games, signer: str
) -> None:
    account, token = await games.member(50_000, username="ox_player")
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048) if signer == "unregistered" else None
    games.app.state.hub88_operator = Hub88Operator(operator_id=1, key=key)
    refused = await _launch(games, token)
    assert refused.status_code == 409 and refused.json()["errorCode"] == "game.unavailable"
    assert await games.db.rows("SELECT token_hash FROM vendor_session WHERE account_id = %s", (account,)) == []


@pytest.mark.parametrize(
    ("vassalage", "code", "game_type", "pick", "odds"),
    [("BTI", "BTI_SPORTSBOOK", "SPORTS", "Galatasaray", 210), ("DS88", "DS88_SABONG", "COCKFIGHT", "Meron", 192)],
)
async def test_sports_and_cockfight_launch_through_hub88_and_settle_each_bet_at_its_odds(
    games: Games, vassalage: str, code: str, game_type: str, pick: str, odds: int
) -> None:
    account, token = await games.member(50_000, username="fan")
    launched = (await _launch(games, token, vassalage, code)).json()["value"]
    assert launched["external"]
    page = await games.http.get(launched["url"])
    assert f'value="{pick}"' in page.text and "Place bet" in page.text
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    unknown = await games.http.post(launched["url"], content=b"stake=1000&pick=Nobody", headers=form)
    assert unknown.status_code == 400 and unknown.json()["errorCode"] == "request.invalid"
    assert await games.balance(account) == 50_000  # nothing booked for a pick the market does not have
    for _ in range(4):
        placed = await games.http.post(launched["url"], content=f"stake=1000&pick={pick}".encode(), headers=form)
        assert placed.status_code == 200 and " won · " in placed.text
    recorded = await games.db.rows(
        "SELECT vendor, game_type, stake, win FROM bet_record WHERE account_id = %s", (account,)
    )
    assert len(recorded) == 4
    assert {(vendor, kind, stake) for vendor, kind, stake, _ in recorded} == {(vassalage, game_type, 1000)}
    assert {win for *_, win in recorded} <= {0, 1000 * odds // 100}
    assert await games.balance(account) == 50_000 - 4_000 + sum(win for *_, win in recorded)
    assert await reconciled(games)


async def test_in_a_transfer_mode_brand_a_vendors_rounds_play_from_its_own_wallet(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    async with games.wallet_db.transaction() as settings:
        await merchants.change(settings, MERCHANT, {"mode": "transfer", "vendors": ["PG"]})
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=50_000)
    first = Hub88.transaction(user, token, 1_000 * UNIT, "round-t1")
    refused = await hub.call("/transaction/bet", first)  # nothing moved into PG's wallet yet
    assert (refused["status"], refused["balance"]) == ("RS_ERROR_NOT_ENOUGH_MONEY", 0)

    moved = await wallet_money.transfer(games.wallet_db, MERCHANT, account, "main", "vendor:PG", 5_000, "to-pg")
    assert moved["success"]
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "round-t2")
    assert (await hub.call("/transaction/bet", bet))["balance"] == 4_000 * UNIT
    win = Hub88.transaction(
        user, token, 2_500 * UNIT, "round-t2", reference_transaction_uuid=bet["transaction_uuid"], round_closed=True
    )
    assert (await hub.call("/transaction/win", win))["balance"] == 6_500 * UNIT
    asked = await hub.call(
        "/user/balance", {"user": user, "token": token, "request_uuid": "r-t", "game_code": "PG_FORTUNE_OX"}
    )
    assert asked["balance"] == 6_500 * UNIT
    assert (await games.balance(account, "vendor:PG"), await games.balance(account)) == (6_500, 45_000)
    assert await reconciled(games)

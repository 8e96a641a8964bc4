"""Hub88's Operator Wallet API held to Hub88's own documentation (issue #43, item 1): free and zero bets, wins
of rolled-back bets, the statuses of malformed requests, rollbacks against wins, one use of each
transaction_uuid, closed rounds, game sessions that end with the portal session that launched them, and token
expiry against a moved clock. Each money test ends with the wallet reconciled."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from games_helpers import MERCHANT, Games
from hub88_helpers import GAME, UNIT, Hub88, house_balance, reconciled, session
from sqlalchemy import select

from games_service.aggregator.simulator import SimulatedSession
from portal_kit.messaging.outbox import OutboxMessage
from portal_kit.sessions import Principal, Role, SessionStore, token_key
from portal_kit.testing.plugin import issue_session
from portal_kit.valkey_link import ValkeyLink

UNKNOWN = "RS_ERROR_UNKNOWN"


async def _settled_events(games: Games) -> list[dict[str, Any]]:
    async with games.db.reader() as reader:
        bodies = await reader.scalars(select(OutboxMessage.body).where(OutboxMessage.subject == "games.bet.settled.v1"))
        return [body["data"] for body in bodies]


async def _records(games: Games, account: str) -> list[tuple[Any, ...]]:
    return await games.db.rows(
        "SELECT id, stake, valid_bet, win FROM bet_record WHERE account_id = %s ORDER BY id", (account,)
    )


# Item 1: free bets and zero movements.


async def test_a_free_bet_answers_ok_with_the_balance_and_its_win_is_paid_by_the_house(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    house_before = await house_balance(games)
    free = Hub88.transaction(user, token, 0, "free-1", is_free=True, reward_uuid=str(uuid.uuid4()))
    placed = await hub.call("/transaction/bet", free)
    assert (placed["status"], placed["balance"], placed["currency"]) == ("RS_OK", 10_000 * UNIT, "TRY")
    again = await hub.call("/transaction/bet", {**free, "request_uuid": str(uuid.uuid4())})
    assert (again["status"], again["balance"]) == ("RS_OK", 10_000 * UNIT)  # a replay: the same answer
    valued = Hub88.transaction(user, token, 500 * UNIT, "free-2", is_free=True, reward_uuid=str(uuid.uuid4()))
    assert (await hub.call("/transaction/bet", valued))["balance"] == 10_000 * UNIT  # free whatever its amount

    paid = await hub.call("/transaction/win", Hub88.win_of(free, 2_500 * UNIT, is_free=True, round_closed=True))
    assert (paid["status"], paid["balance"]) == ("RS_OK", 12_500 * UNIT)
    assert await games.balance(account) == 12_500
    assert await house_balance(games) == house_before - 2_500  # the house paid the reward's win
    assert await _records(games, account) == [("PG:HUB88:free-1", 0, 0, 2_500)]
    [event] = await _settled_events(games)
    assert (event["roundId"], event["stake"], event["validBet"], event["win"]) == ("HUB88:free-1", 0, 0, 2_500)
    assert await reconciled(games)


async def test_a_zero_bet_is_recorded_so_its_rollback_and_win_find_it_and_a_zero_win_moves_nothing(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=5_000)
    zero = Hub88.transaction(user, token, 0, "zero-1")
    assert (await hub.call("/transaction/bet", zero))["status"] == "RS_OK"
    rolled = await hub.call("/transaction/rollback", Hub88.rollback_of(zero))
    assert (rolled["status"], rolled["balance"]) == ("RS_OK", 5_000 * UNIT)
    late = await hub.call("/transaction/win", Hub88.win_of(zero, 100 * UNIT))
    assert late["status"] == "RS_ERROR_TRANSACTION_DOES_NOT_EXIST"  # its bet was rolled back

    other = Hub88.transaction(user, token, 0, "zero-2")
    assert (await hub.call("/transaction/bet", other))["status"] == "RS_OK"
    nothing = await hub.call("/transaction/win", Hub88.win_of(other, 0, round_closed=True))
    assert (nothing["status"], nothing["balance"]) == ("RS_OK", 5_000 * UNIT)
    assert await games.balance(account) == 5_000
    assert await _records(games, account) == []  # nothing was staked or won: no settled bet
    assert await reconciled(games)


# Item 1, second point: a win of a rolled-back bet.


async def test_a_win_of_a_rolled_back_bet_answers_that_the_bet_does_not_exist(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    placed = Hub88.transaction(user, token, 1_000 * UNIT, "rb-1")
    await hub.call("/transaction/bet", placed)
    assert (await hub.call("/transaction/rollback", Hub88.rollback_of(placed)))["status"] == "RS_OK"
    win = await hub.call("/transaction/win", Hub88.win_of(placed, 5_000 * UNIT))
    assert win["status"] == "RS_ERROR_TRANSACTION_DOES_NOT_EXIST"

    unseen = Hub88.transaction(user, token, 1_000 * UNIT, "rb-2")
    assert (await hub.call("/transaction/rollback", Hub88.rollback_of(unseen)))["status"] == "RS_OK"
    assert (await hub.call("/transaction/bet", unseen))["status"] == "RS_ERROR_TRANSACTION_ROLLED_BACK"
    win = await hub.call("/transaction/win", Hub88.win_of(unseen, 5_000 * UNIT))
    assert win["status"] == "RS_ERROR_TRANSACTION_DOES_NOT_EXIST"
    assert await games.balance(account) == 10_000
    assert await reconciled(games)


# Item 1, third point: the form of a request.


def _without(body: dict[str, Any], field: str) -> dict[str, Any]:
    return {key: value for key, value in body.items() if key != field}


async def test_a_request_out_of_form_is_wrong_syntax_and_a_wrong_type_is_wrong_types(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=1_000)
    bet = Hub88.transaction(user, token, 100 * UNIT, "form-1")
    win = {**Hub88.transaction(user, token, 100 * UNIT, "form-1"), "reference_transaction_uuid": str(uuid.uuid4())}
    rollback = _without(_without(win, "amount"), "currency")
    required = {
        "/transaction/bet": (bet, ["user", "token", "request_uuid", "transaction_uuid", "round", "game_code",
                                   "currency", "amount"]),
        "/transaction/win": (win, ["reference_transaction_uuid", "amount", "transaction_uuid"]),
        "/transaction/rollback": (rollback, ["reference_transaction_uuid", "transaction_uuid", "token"]),
        "/user/balance": ({"user": user, "token": token, "request_uuid": "b-1"}, ["token", "user"]),
        "/user/info": ({"user": user, "request_uuid": "i-1"}, ["user", "request_uuid"]),
    }  # fmt: skip
    cases: list[tuple[str, Any, str]] = [
        (path, _without(body, field), "RS_ERROR_WRONG_SYNTAX")
        for path, (body, fields) in required.items()
        for field in fields
    ]
    cases += [
        ("/transaction/bet", [bet], "RS_ERROR_WRONG_SYNTAX"),  # not an object
        ("/transaction/bet", "bet", "RS_ERROR_WRONG_SYNTAX"),
        ("/transaction/bet", {}, "RS_ERROR_WRONG_SYNTAX"),
        ("/transaction/bet", {**bet, "amount": -100 * UNIT}, "RS_ERROR_WRONG_SYNTAX"),  # an integer out of range
        ("/transaction/bet", {**bet, "amount": 100_500}, "RS_ERROR_WRONG_SYNTAX"),  # between two minor units
        ("/transaction/bet", {**bet, "round": ""}, "RS_ERROR_WRONG_SYNTAX"),
        ("/transaction/bet", {**bet, "amount": "100000"}, "RS_ERROR_WRONG_TYPES"),
        ("/transaction/bet", {**bet, "amount": 1.5}, "RS_ERROR_WRONG_TYPES"),
        ("/transaction/bet", {**bet, "amount": True}, "RS_ERROR_WRONG_TYPES"),
        ("/transaction/bet", {**bet, "round_closed": "yes"}, "RS_ERROR_WRONG_TYPES"),
        ("/transaction/bet", {**bet, "user": 12345}, "RS_ERROR_WRONG_TYPES"),
        ("/transaction/bet", {**bet, "is_free": "true"}, "RS_ERROR_WRONG_TYPES"),
        ("/transaction/win", {**win, "reference_transaction_uuid": 7}, "RS_ERROR_WRONG_TYPES"),
        ("/transaction/bet", {**bet, "currency": "EUR"}, "RS_ERROR_WRONG_CURRENCY"),
        ("/transaction/bet", {**bet, "currency": "eur"}, "RS_ERROR_WRONG_CURRENCY"),  # not the wallet's currency
        ("/transaction/bet", {**bet, "token": "short"}, "RS_ERROR_INVALID_TOKEN"),  # a token this operator never gave
    ]
    for path, body, status in cases:
        answer = await hub.call(path, body)
        assert answer["status"] == status, (path, body, answer)
        if isinstance(body, dict) and "request_uuid" in body:
            assert answer["request_uuid"] == body["request_uuid"]  # echoed whenever it came
    not_json = await hub.post("/transaction/bet", b"{not json")
    assert not_json["status"] == "RS_ERROR_WRONG_SYNTAX"
    assert await games.balance(account) == 1_000
    assert (await games.db.call("SELECT count(*) FROM vendor_transaction"))[0] == 0  # type: ignore[index]


# Item 1, fourth point: rollbacks against wins, one use of each transaction_uuid, win against rollback.


async def test_a_rollback_after_the_rounds_win_was_paid_is_refused_and_moves_nothing(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    first = Hub88.transaction(user, token, 1_000 * UNIT, "won-1")
    second = Hub88.transaction(user, token, 500 * UNIT, "won-1")  # a second bet of the same round
    await hub.call("/transaction/bet", first)
    await hub.call("/transaction/bet", second)
    await hub.call("/transaction/win", Hub88.win_of(first, 3_000 * UNIT))
    for bet in (first, second):
        refused = await hub.call("/transaction/rollback", Hub88.rollback_of(bet))
        assert refused["status"] == UNKNOWN
    assert await games.balance(account) == 10_000 - 1_500 + 3_000
    assert await reconciled(games)


async def test_a_signed_win_body_posted_to_rollback_does_not_refund_the_stake(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    bet = Hub88.transaction(user, token, 2_000 * UNIT, "replay-1")
    await hub.call("/transaction/bet", bet)
    raw = json.dumps(Hub88.win_of(bet, 3_000 * UNIT, round_closed=True)).encode()
    assert (await hub.post("/transaction/win", raw))["status"] == "RS_OK"
    replayed = await hub.post("/transaction/rollback", raw)  # the same bytes, the same signature
    assert replayed["status"] == "RS_ERROR_DUPLICATE_TRANSACTION"
    assert await games.balance(account) == 10_000 - 2_000 + 3_000
    assert await _records(games, account) == [("PG:HUB88:replay-1", 2_000, 2_000, 3_000)]
    assert await reconciled(games)


async def test_a_transaction_uuid_is_used_once_across_bets_wins_and_rollbacks(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "uuid-1")
    await hub.call("/transaction/bet", bet)
    win = Hub88.win_of(bet, 1_500 * UNIT)
    duplicate = "RS_ERROR_DUPLICATE_TRANSACTION"
    reused_bet = {**win, "transaction_uuid": bet["transaction_uuid"]}
    assert (await hub.call("/transaction/win", reused_bet))["status"] == duplicate
    assert (await hub.call("/transaction/win", win))["status"] == "RS_OK"
    reused_win = Hub88.transaction(user, token, 1_500 * UNIT, "uuid-2", transaction_uuid=win["transaction_uuid"])
    assert (await hub.call("/transaction/bet", reused_win))["status"] == duplicate

    other = Hub88.transaction(user, token, 700 * UNIT, "uuid-3")
    await hub.call("/transaction/bet", other)
    rollback = Hub88.rollback_of(other)
    bets_id = {**rollback, "transaction_uuid": bet["transaction_uuid"]}
    assert (await hub.call("/transaction/rollback", bets_id))["status"] == duplicate
    assert (await hub.call("/transaction/rollback", rollback))["status"] == "RS_OK"
    assert (await hub.call("/transaction/rollback", {**rollback, "request_uuid": "again"}))["status"] == "RS_OK"
    rollbacks_id = rollback["transaction_uuid"]
    reused_rollback = Hub88.transaction(user, token, 700 * UNIT, "uuid-4", transaction_uuid=rollbacks_id)
    assert (await hub.call("/transaction/bet", reused_rollback))["status"] == duplicate
    late_win = Hub88.win_of(bet, 100 * UNIT, transaction_uuid=rollbacks_id)
    assert (await hub.call("/transaction/win", late_win))["status"] == duplicate
    assert await games.balance(account) == 10_000 - 1_000 + 1_500
    assert await reconciled(games)


async def test_a_win_and_a_rollback_sent_together_never_both_succeed(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=100_000)
    bets = [Hub88.transaction(user, token, 1_000 * UNIT, f"race-{n}") for n in range(20)]
    for bet in bets:
        assert (await hub.call("/transaction/bet", bet))["status"] == "RS_OK"
    calls: list[Awaitable[dict[str, Any]]] = []
    for bet in bets:
        calls += [
            hub.call("/transaction/win", Hub88.win_of(bet, 3_000 * UNIT, round_closed=True)),
            hub.call("/transaction/rollback", Hub88.rollback_of(bet)),
        ]
    answers = await asyncio.gather(*calls)
    won = rolled = 0
    for win, rollback in zip(answers[::2], answers[1::2], strict=True):
        assert [win["status"], rollback["status"]].count("RS_OK") == 1, (win, rollback)
        won += win["status"] == "RS_OK"
        rolled += rollback["status"] == "RS_OK"
    assert await games.balance(account) == 100_000 - 20_000 + won * 3_000 + rolled * 1_000
    records = await _records(games, account)
    assert len(records) == won and all(row[1:] == (1_000, 1_000, 3_000) for row in records)
    assert await reconciled(games)


# Item 1, fifth point: a closed round.


async def test_a_round_closes_once_and_takes_no_win_or_bet_after_it(games: Games, hub88_key: rsa.RSAPrivateKey) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "closed-1")
    await hub.call("/transaction/bet", bet)
    closing = Hub88.win_of(bet, 2_000 * UNIT, round_closed=True)
    assert (await hub.call("/transaction/win", closing))["status"] == "RS_OK"
    assert (await hub.call("/transaction/win", {**closing, "request_uuid": "retry"}))["status"] == "RS_OK"  # a replay
    for late in (Hub88.win_of(bet, 5_000 * UNIT), Hub88.win_of(bet, 5_000 * UNIT, round_closed=True)):
        assert (await hub.call("/transaction/win", late))["status"] == UNKNOWN
    more = Hub88.transaction(user, token, 500 * UNIT, "closed-1")
    assert (await hub.call("/transaction/bet", more))["status"] == UNKNOWN
    assert await games.balance(account) == 10_000 - 1_000 + 2_000
    assert await _records(games, account) == [("PG:HUB88:closed-1", 1_000, 1_000, 2_000)]
    assert [event["win"] for event in await _settled_events(games)] == [2_000]
    assert await reconciled(games)


async def test_a_lost_round_rolled_back_after_it_closed_records_nothing_and_a_round_is_one_players(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    lost = Hub88.transaction(user, token, 1_000 * UNIT, "lost-1", round_closed=True)  # one transaction, lost
    assert (await hub.call("/transaction/bet", lost))["status"] == "RS_OK"
    assert await _records(games, account) == [("PG:HUB88:lost-1", 1_000, 1_000, 0)]
    back = await hub.call("/transaction/rollback", Hub88.rollback_of(lost, round_closed=True))  # Hub88 never saw RS_OK
    assert (back["status"], back["balance"]) == ("RS_OK", 10_000 * UNIT)
    assert await _records(games, account) == []  # the record says what stands: nothing
    open_round = Hub88.transaction(user, token, 100 * UNIT, "shared-1")
    assert (await hub.call("/transaction/bet", open_round))["status"] == "RS_OK"
    stranger_account, stranger, strangers_token = await session(games, balance=10_000, username="stranger")
    theirs = Hub88.transaction(stranger, strangers_token, 100 * UNIT, "shared-1")  # an open round of another player
    assert (await hub.call("/transaction/bet", theirs))["status"] == UNKNOWN
    assert (await games.balance(account), await games.balance(stranger_account)) == (9_900, 10_000)
    assert await reconciled(games)


async def test_a_suppliers_promotion_paid_after_the_round_closed_is_its_own_settled_bet(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "promo-1")
    await hub.call("/transaction/bet", bet)
    await hub.call("/transaction/win", Hub88.win_of(bet, 0, round_closed=True))
    games.app.state.hub88_clock = lambda: datetime.now(UTC) + timedelta(days=2)  # the game session expired
    assert (await hub.call("/transaction/bet", Hub88.transaction(user, token, 0, "promo-2")))["status"] == (
        "RS_ERROR_TOKEN_EXPIRED"
    )
    promo_bet = Hub88.transaction(user, token, 0, "promo-1", is_supplier_promo=True)  # its token is not held to expiry
    assert (await hub.call("/transaction/bet", promo_bet))["status"] == "RS_OK"
    promo = Hub88.win_of(promo_bet, 4_000 * UNIT, is_supplier_promo=True, round_closed=True)
    paid = await hub.call("/transaction/win", promo)
    assert (paid["status"], paid["balance"]) == ("RS_OK", 13_000 * UNIT)
    assert await _records(games, account) == [
        ("PG:HUB88:promo-1", 1_000, 1_000, 0),
        (f"PG:HUB88:promo:{promo['transaction_uuid']}", 0, 0, 4_000),
    ]
    assert sorted(event["win"] for event in await _settled_events(games)) == [0, 4_000]
    assert await reconciled(games)


# Item 1, sixth point: the game session ends with the portal session that launched it.


async def _launch(games: Games, portal_token: str) -> tuple[str, str, str]:
    """Launch Fortune Ox through Hub88 as the member does: (the simulator's game page, user, game token)."""
    listed = await games.http.get(
        "/wps/relay/GCSGAME_gameList", params={"vassalage": "PG"}, headers={"Authorization": portal_token}
    )
    node = next(game["nodeId"] for game in listed.json()["value"]["list"] if game["gameCode"] == GAME)
    launched = await games.http.get(
        "/wps/relay/GCS_gameLaunchFB", params={"nodeId": node}, headers={"Authorization": portal_token}
    )
    url = launched.json()["value"]["url"]
    link = ValkeyLink(games.redis_url)
    try:
        raw = await link.get(f"games:hub88sim:{url.rsplit('/', 1)[1]}")
    finally:
        await link.aclose()
    simulated = SimulatedSession.model_validate_json(str(raw))
    return url, simulated.user, simulated.token


async def _logout(games: Games, account: str, portal_token: str) -> None:
    """``DELETE /wps/session/logout``: auth ends the session under its key."""
    link = ValkeyLink(games.redis_url)
    try:
        await SessionStore(link).end(token_key(portal_token))
    finally:
        await link.aclose()


async def _change_password_elsewhere(games: Games, account: str, portal_token: str) -> None:
    """A password change made in another session ends every session but that one."""
    other = await issue_session(games.redis_url, Principal(Role.MEMBER, MERCHANT, account, username="ox_player"))
    link = ValkeyLink(games.redis_url)
    try:
        assert await SessionStore(link).revoke_account(MERCHANT, account, keep=token_key(other)) == 1
    finally:
        await link.aclose()


async def _disable(games: Games, account: str, portal_token: str) -> None:
    """Ops disabling the account end all of its sessions."""
    link = ValkeyLink(games.redis_url)
    try:
        assert await SessionStore(link).revoke_account(MERCHANT, account) == 1
    finally:
        await link.aclose()


@pytest.mark.parametrize("end", [_logout, _change_password_elsewhere, _disable], ids=["logout", "password", "disable"])
async def test_a_game_session_ends_with_the_portal_session_that_launched_it(
    games: Games, hub88_key: rsa.RSAPrivateKey, end: Callable[[Games, str, str], Awaitable[None]]
) -> None:
    hub = Hub88(games, hub88_key)
    account, portal_token = await games.member(20_000, username="ox_player")
    url, user, token = await _launch(games, portal_token)
    open_bet = Hub88.transaction(user, token, 1_000 * UNIT, "ends-1")
    other_bet = Hub88.transaction(user, token, 2_000 * UNIT, "ends-2")
    assert (await hub.call("/transaction/bet", open_bet))["status"] == "RS_OK"
    assert (await hub.call("/transaction/bet", other_bet))["status"] == "RS_OK"

    await end(games, account, portal_token)
    refused = await hub.call("/transaction/bet", Hub88.transaction(user, token, 500 * UNIT, "ends-3"))
    assert refused["status"] == "RS_ERROR_TOKEN_EXPIRED"
    balance = await hub.call("/user/balance", {"user": user, "token": token, "request_uuid": "b-9", "game_code": GAME})
    assert balance["status"] == "RS_ERROR_TOKEN_EXPIRED"
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    page = await games.http.post(url, content=b"stake=1000", headers=form)
    assert page.status_code == 200 and "RS_ERROR_TOKEN_EXPIRED" in page.text  # the game's own next spin

    # What was played before still settles, as the protocol requires.
    settled = await hub.call("/transaction/win", Hub88.win_of(open_bet, 4_000 * UNIT, round_closed=True))
    assert settled["status"] == "RS_OK"
    assert (await hub.call("/transaction/rollback", Hub88.rollback_of(other_bet)))["status"] == "RS_OK"
    assert await games.balance(account) == 20_000 - 1_000 + 4_000
    assert await reconciled(games)


# Item 1, seventh point: token expiry against a moved clock.


async def test_the_game_token_expires_when_the_clock_passes_its_lifetime(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    launched_at = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
    games.app.state.hub88_clock = lambda: launched_at
    account, portal_token = await games.member(20_000, username="ox_player")
    _, user, token = await _launch(games, portal_token)
    lifetime = timedelta(minutes=games.app.state.settings.hub88_session_minutes)

    games.app.state.hub88_clock = lambda: launched_at + lifetime - timedelta(seconds=1)
    before = Hub88.transaction(user, token, 1_000 * UNIT, "clock-1")
    rolled = Hub88.transaction(user, token, 2_000 * UNIT, "clock-2")
    for bet in (before, rolled):
        assert (await hub.call("/transaction/bet", bet))["status"] == "RS_OK"

    games.app.state.hub88_clock = lambda: launched_at + lifetime
    after = await hub.call("/transaction/bet", Hub88.transaction(user, token, 1_000 * UNIT, "clock-3"))
    assert after["status"] == "RS_ERROR_TOKEN_EXPIRED"
    balance = await hub.call("/user/balance", {"user": user, "token": token, "request_uuid": "b-1", "game_code": GAME})
    assert balance["status"] == "RS_ERROR_TOKEN_EXPIRED"
    games.app.state.hub88_clock = lambda: launched_at + lifetime + timedelta(days=3)
    settled = await hub.call("/transaction/win", Hub88.win_of(before, 5_000 * UNIT, round_closed=True))
    assert settled["status"] == "RS_OK"
    assert (await hub.call("/transaction/rollback", Hub88.rollback_of(rolled)))["status"] == "RS_OK"
    assert await games.balance(account) == 20_000 - 1_000 + 5_000
    assert await reconciled(games)

"""Hub88's Operator Wallet API after the review of #43 (items 6 to 10), on the real servers: a lost round closed by
a win of 0 still gives back a bet whose debit timed out; input that would break the money API's contract or the
service answers a status, never a 500; a bet asked again after its session ended answers as it first did; a bet or
win the wallet refused for good leaves the round's record and its id to no one else; a supplier's promotion stakes
nothing; a win stored before references were kept answers its retry. Each money test ends with the wallet
reconciled."""

from __future__ import annotations

import uuid
from pathlib import Path

import psycopg
from cryptography.hazmat.primitives.asymmetric import rsa
from games_helpers import MERCHANT, Games
from hub88_helpers import GAME, UNIT, Hub88, house_balance, reconciled, session
from sqlalchemy import select

from games_service.aggregator.service import open_session
from games_service.catalogue.models import Game
from portal_kit.db import Database, libpq_url
from portal_kit.messaging.rpc import Responder
from portal_kit.migrations import upgrade
from portal_kit.servers import free_ports
from portal_kit.sessions import SessionStore, token_key
from portal_kit.testing.plugin import PortalServers
from portal_kit.valkey_link import ValkeyLink
from wallet_service.money import service as wallet_money
from wallet_service.money.rpc import money_answers
from wallet_service.money.service import Movement

OK, UNKNOWN = "RS_OK", "RS_ERROR_UNKNOWN"
MOST = 100_000_000_000  # the money API's largest movement, minor units


async def wallet_back(nats_url: str, wallet_db: Database) -> Responder:
    responder = Responder(nats_url, name="wallet-back")
    money_answers(responder, wallet_db)
    await responder.start()
    return responder


async def records(games: Games, account: str) -> list[tuple[object, ...]]:
    return await games.db.rows(
        "SELECT id, stake, valid_bet, win FROM bet_record WHERE account_id = %s ORDER BY id", (account,)
    )


def pg_movement(account: str, amount: int, transaction_uuid: str) -> Movement:
    """A movement as the games service asks it for a Hub88 transaction of PG's game."""
    return Movement(MERCHANT, account, "TRY", amount, f"hub88:{transaction_uuid}", "main", "PG")


# Item 6: a win of 0 does not make the round won.


async def test_a_lost_round_closed_by_a_win_of_0_still_gives_back_a_bet_whose_debit_timed_out(
    games: Games, hub88_key: rsa.RSAPrivateKey, wallet_responder: Responder
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    first = Hub88.transaction(user, token, 1_000 * UNIT, "zero-close-1")
    assert (await hub.call("/transaction/bet", first))["status"] == OK
    second = Hub88.transaction(user, token, 2_000 * UNIT, "zero-close-1")
    await wallet_responder.stop()
    assert (await hub.call("/transaction/bet", second))["status"] == UNKNOWN  # its debit's answer never came
    responder = await wallet_back(games.app.state.settings.nats_url, games.wallet_db)
    try:
        taken = await wallet_money.debit(games.wallet_db, pg_movement(account, 2_000, second["transaction_uuid"]))
        assert taken["success"]  # it went through all the same
        assert (await hub.call("/transaction/win", Hub88.win_of(first, 0, round_closed=True)))["status"] == OK
        back = await hub.call("/transaction/rollback", Hub88.rollback_of(second))
        assert (back["status"], back["balance"]) == (OK, 9_000 * UNIT)

        won = Hub88.transaction(user, token, 500 * UNIT, "zero-close-2")  # a round that paid a real win
        assert (await hub.call("/transaction/bet", won))["status"] == OK
        assert (await hub.call("/transaction/win", Hub88.win_of(won, 1_500 * UNIT)))["status"] == OK
        assert (await hub.call("/transaction/rollback", Hub88.rollback_of(won)))["status"] == UNKNOWN
    finally:
        await responder.stop()
    assert await games.balance(account) == 10_000 - 1_000 - 500 + 1_500
    assert await records(games, account) == [("PG:HUB88:zero-close-1", 1_000, 1_000, 0)]
    assert await reconciled(games)


# Item 7: input that would break a contract answers a status, never a 500.


async def test_an_amount_beyond_what_the_money_api_moves_is_wrong_syntax_and_claims_nothing(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    placed = Hub88.transaction(user, token, 1_000 * UNIT, "huge-1")
    assert (await hub.call("/transaction/bet", placed))["status"] == OK
    for path, body in (
        ("/transaction/bet", Hub88.transaction(user, token, (MOST + 1) * UNIT, "huge-1")),
        ("/transaction/win", Hub88.win_of(placed, (MOST + 1) * UNIT)),
    ):
        answer = await hub.call(path, body)
        assert (answer["status"], answer["request_uuid"]) == ("RS_ERROR_WRONG_SYNTAX", body["request_uuid"]), answer
    claimed = await games.db.rows("SELECT transaction_uuid FROM vendor_transaction")
    assert claimed == [(placed["transaction_uuid"],)]  # nothing else was claimed
    assert await games.balance(account) == 9_000
    assert await reconciled(games)


async def test_user_info_of_a_user_this_operator_never_gave_is_an_invalid_token(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    for user in ("X:abc", f"{MERCHANT}:" + "a" * 65, f"{MERCHANT}:a:b", "Turkey:abc"):
        answer = await hub.call("/user/info", {"user": user, "request_uuid": "i-1"})
        assert (answer["status"], answer["user"], answer["request_uuid"]) == ("RS_ERROR_INVALID_TOKEN", user, "i-1")


async def test_an_unforeseen_failure_answers_hub88s_general_status_and_a_retry_goes_through(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    """Valkey out of reach while a bet asks whether the portal session still exists: HTTP 200 and
    ``RS_ERROR_UNKNOWN`` (logged as an error), nothing taken; Hub88 retries and the bet goes through."""
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    sessions = games.app.state.sessions
    (nobody,) = free_ports(1)
    unreachable = ValkeyLink(f"redis://127.0.0.1:{nobody}/0")
    games.app.state.sessions = SessionStore(unreachable)
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "valkey-down-1")
    try:
        answer = await hub.call("/transaction/bet", bet)
    finally:
        games.app.state.sessions = sessions
        await unreachable.aclose()
    assert (answer["status"], answer["user"], answer["request_uuid"]) == (UNKNOWN, user, bet["request_uuid"])
    assert await games.balance(account) == 10_000
    again = await hub.call("/transaction/bet", {**bet, "request_uuid": str(uuid.uuid4())})
    assert (again["status"], again["balance"]) == (OK, 9_000 * UNIT)
    assert await reconciled(games)


# Item 8: a transaction asked again answers the original, whatever became of the session since.


async def test_a_bet_asked_again_after_its_session_ended_or_expired_answers_as_it_first_did(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, portal_token = await games.member(20_000, username="ox_player")
    async with games.db.reader() as reader:
        game = await reader.scalar(select(Game).where(Game.merchant == MERCHANT, Game.game_code == GAME))
    assert game is not None
    token, user = await open_session(
        games.db, MERCHANT, account, "ox_player", "TRY", game, 60, portal_session=token_key(portal_token)
    )
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "retried-1")
    assert (await hub.call("/transaction/bet", bet))["balance"] == 19_000 * UNIT
    link = ValkeyLink(games.redis_url)
    try:
        await SessionStore(link).end(token_key(portal_token))  # logout
    finally:
        await link.aclose()
    await wallet_money.credit(games.wallet_db, Movement(MERCHANT, account, "TRY", 5, "meanwhile"))
    again = await hub.call("/transaction/bet", {**bet, "request_uuid": str(uuid.uuid4())})
    assert (again["status"], again["balance"]) == (OK, 19_000 * UNIT)  # the original answer
    fresh = await hub.call("/transaction/bet", Hub88.transaction(user, token, 1_000 * UNIT, "retried-2"))
    assert fresh["status"] == "RS_ERROR_TOKEN_EXPIRED"  # a new bet is refused
    assert await games.balance(account) == 19_005
    assert await reconciled(games)


# Item 9: what the wallet refused for good counts for nothing, and its id stays its own.


async def test_a_bet_refused_after_its_round_closed_leaves_the_record_and_its_id_to_no_one_else(
    games: Games, hub88_key: rsa.RSAPrivateKey, wallet_responder: Responder
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    first = Hub88.transaction(user, token, 1_000 * UNIT, "late-refusal-1")
    assert (await hub.call("/transaction/bet", first))["status"] == OK
    second = Hub88.transaction(user, token, 50_000 * UNIT, "late-refusal-1")  # more than the balance
    await wallet_responder.stop()
    assert (await hub.call("/transaction/bet", second))["status"] == UNKNOWN  # pending when the round closes
    responder = await wallet_back(games.app.state.settings.nats_url, games.wallet_db)
    try:
        assert (await hub.call("/transaction/win", Hub88.win_of(first, 0, round_closed=True)))["status"] == OK
        assert await records(games, account) == [("PG:HUB88:late-refusal-1", 51_000, 51_000, 0)]
        refused = await hub.call("/transaction/bet", {**second, "request_uuid": str(uuid.uuid4())})
        assert (refused["status"], refused["balance"]) == ("RS_ERROR_NOT_ENOUGH_MONEY", 9_000 * UNIT)
        assert await records(games, account) == [("PG:HUB88:late-refusal-1", 1_000, 1_000, 0)]  # revised

        other = Hub88.transaction(user, token, 500 * UNIT, "late-refusal-2")
        assert (await hub.call("/transaction/bet", other))["status"] == OK
        stolen = Hub88.win_of(other, 5_000 * UNIT, transaction_uuid=second["transaction_uuid"])
        assert (await hub.call("/transaction/win", stolen))["status"] == "RS_ERROR_DUPLICATE_TRANSACTION"
    finally:
        await responder.stop()
    assert await games.balance(account) == 10_000 - 1_000 - 500
    assert await reconciled(games)


async def test_a_win_the_wallet_refuses_for_good_is_not_counted_as_paid(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "refused-win-1")
    assert (await hub.call("/transaction/bet", bet))["status"] == OK
    win = Hub88.win_of(bet, 3_000 * UNIT)
    # Its id was used in the wallet for another movement: the wallet refuses the credit for good.
    assert (await wallet_money.credit(games.wallet_db, pg_movement(account, 1, win["transaction_uuid"])))["success"]
    assert (await hub.call("/transaction/win", win))["status"] == "RS_ERROR_DUPLICATE_TRANSACTION"
    assert (await hub.call("/transaction/win", Hub88.win_of(bet, 0, round_closed=True)))["status"] == OK
    assert await records(games, account) == [("PG:HUB88:refused-win-1", 1_000, 1_000, 0)]
    assert await games.balance(account) == 10_000 - 1_000 + 1
    assert await reconciled(games)


async def test_a_suppliers_promotion_bet_stakes_nothing_whatever_its_amount(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    """Hub88 treats a supplier's promotion as a free bet (is_free implied): its amount is nominal."""
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    house = await house_balance(games)
    promo = Hub88.transaction(user, token, 2_000 * UNIT, "promo-stake-1", is_supplier_promo=True)
    placed = await hub.call("/transaction/bet", promo)
    assert (placed["status"], placed["balance"]) == (OK, 10_000 * UNIT)
    paid = await hub.call(
        "/transaction/win", Hub88.win_of(promo, 4_000 * UNIT, is_supplier_promo=True, round_closed=True)
    )
    assert (paid["status"], paid["balance"]) == (OK, 14_000 * UNIT)
    assert await house_balance(games) == house - 4_000
    [(record_id, stake, valid_bet, won)] = await records(games, account)
    assert (str(record_id).startswith("PG:HUB88:promo:"), stake, valid_bet, won) == (True, 0, 0, 4_000)
    assert await reconciled(games)


# Item 10: a win stored before migration 0006 kept references.


async def test_a_win_stored_before_references_were_kept_answers_its_retry_as_it_did(
    games: Games, hub88_key: rsa.RSAPrivateKey
) -> None:
    hub = Hub88(games, hub88_key)
    account, user, token = await session(games, balance=10_000)
    bet = Hub88.transaction(user, token, 1_000 * UNIT, "before-0006")
    assert (await hub.call("/transaction/bet", bet))["status"] == OK
    win = Hub88.win_of(bet, 2_500 * UNIT, round_closed=True)
    assert (await hub.call("/transaction/win", win))["balance"] == 11_500 * UNIT
    await games.db.call(  # as migration 0006 left the wins stored before it
        "UPDATE vendor_transaction SET reference_uuid = NULL WHERE transaction_uuid = %s RETURNING 1",
        (win["transaction_uuid"],),
    )
    again = await hub.call("/transaction/win", {**win, "request_uuid": str(uuid.uuid4())})
    assert (again["status"], again["balance"]) == (OK, 11_500 * UNIT)
    other = {**win, "request_uuid": str(uuid.uuid4()), "amount": 9_000 * UNIT}
    assert (await hub.call("/transaction/win", other))["status"] == "RS_ERROR_DUPLICATE_TRANSACTION"
    assert await games.balance(account) == 11_500
    assert await records(games, account) == [("PG:HUB88:before-0006", 1_000, 1_000, 2_500)]
    assert await reconciled(games)


MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


async def test_migration_0008_no_longer_counts_a_win_of_0_as_the_rounds_win(portal_servers: PortalServers) -> None:
    """Rounds played before 0008 were marked won by any win, 0 included: 0008 keeps the mark only where a win paid."""
    url = portal_servers.database(f"games_before_0008_{uuid.uuid4().hex[:8]}")
    upgrade(MIGRATIONS, url, "0007")
    round_columns = "aggregator, merchant, account_id, player_name, vendor, game_code, game_type, currency"
    async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as db:
        for round_id, win in (("lost-before", 0), ("won-before", 1_500)):
            await db.execute(
                f"INSERT INTO vendor_round (round_id, won, {round_columns}) "  # noqa: S608 - the columns above
                "VALUES (%s, true, 'HUB88', %s, 'old', 'old', 'PG', %s, 'RNG', 'TRY')",
                (round_id, MERCHANT, GAME),
            )
            for kind, state, amount in (("bet", "won", 1_000), ("win", "done", win)):
                await db.execute(
                    f"INSERT INTO vendor_transaction (transaction_uuid, round_id, kind, state, amount, {round_columns}) "  # noqa: S608
                    "VALUES (%s, %s, %s, %s, %s, 'HUB88', %s, 'old', 'old', 'PG', %s, 'RNG', 'TRY')",
                    (f"{round_id}-{kind}", round_id, kind, state, amount, MERCHANT, GAME),
                )
    upgrade(MIGRATIONS, url)
    database = Database(url, pool_size=1)
    try:
        won = await database.rows("SELECT round_id, won FROM vendor_round ORDER BY round_id")
    finally:
        await database.dispose()
    assert won == [("lost-before", False), ("won-before", True)]

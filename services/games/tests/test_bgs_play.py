"""Playing the in-house games through the HTTP API, with the wallet's real money API behind it."""

from __future__ import annotations

import asyncio
import json
import uuid

from bgs_helpers import reconciled, rotate, server_seed, shown
from games_helpers import MERCHANT, Games

from games_service.bgs import games as rules
from games_service.bgs import jackpot, slot
from games_service.bgs.router import JACKPOT_CACHE_SECONDS
from games_service.bgs.schemas import DiceRoundRead, DragonTigerRoundRead, SlotRoundRead
from games_service.bgs.service import claim_jackpot, recover
from portal_kit.envelope import Envelope
from portal_kit.fairness import FairStream, commitment
from portal_kit.messaging.relay import connect_nats


async def test_a_spin_takes_the_stake_pays_the_win_and_tells_its_fairness(games: Games) -> None:
    account, token = await games.member(100_000)
    seeds = (await games.http.get("/wps/games/bgs/seeds", headers={"Authorization": token})).json()["value"]
    answer = await games.spin(token, 1000)
    assert answer.status_code == 200, answer.text
    value = answer.json()["value"]
    assert value["stake"] == 1000 and value["currency"] == "TRY"
    assert value["balance"] == 100_000 - 1000 + value["win"] == await games.balance(account)
    assert value["fairness"] == {
        "serverSeedHash": seeds["serverSeedHash"],
        "clientSeed": seeds["clientSeed"],
        "nonce": 1,
    }
    assert value["win"] == sum(win["win"] for win in value["slot"]["wins"])
    row = await games.db.call("SELECT state, win FROM game_round WHERE id = %s", (value["roundId"],))
    assert row == ("settled", value["win"])
    event = await games.db.call("SELECT subject, body FROM outbox")
    assert event is not None and event[0] == "games.bet.settled.v1"
    assert event[1]["data"]["stake"] == 1000 and event[1]["data"]["accountId"] == account


async def test_rotating_the_seeds_reveals_a_server_seed_that_verifies_every_round(games: Games) -> None:
    _, token = await games.member(100_000)
    played = [(await games.spin(token, 100)).json()["value"] for _ in range(3)]
    rotated = await rotate(games, token, "my-own-seed")
    previous = rotated.json()["value"]["previous"]
    assert previous["rounds"] == 3
    assert commitment(bytes.fromhex(previous["serverSeed"])) == played[0]["fairness"]["serverSeedHash"]
    for round_ in played:
        check = await games.http.get(
            "/wps/games/bgs/verify",
            params={"gameCode": slot.GAME_CODE, "serverSeed": previous["serverSeed"],
                    "clientSeed": previous["clientSeed"], "nonce": round_["fairness"]["nonce"]},
        )  # fmt: skip
        assert check.json()["value"]["slot"]["grid"] == round_["slot"]["grid"]
        assert check.json()["value"]["multiplier"] * 10 == round_["win"]  # the line bet was 100 / 10
    current = rotated.json()["value"]["current"]
    assert current["clientSeed"] == "my-own-seed" and current["nonce"] == 0
    assert current["serverSeedHash"] != previous["serverSeedHash"]
    after = (await games.spin(token, 100)).json()["value"]["fairness"]
    assert after == {"serverSeedHash": current["serverSeedHash"], "clientSeed": "my-own-seed", "nonce": 1}


async def test_a_replayed_spin_answers_the_original_and_moves_no_money_twice(games: Games) -> None:
    account, token = await games.member(100_000)
    answers = await asyncio.gather(*(games.spin(token, 1000, "same-request-1") for _ in range(8)))
    values = [answer.json()["value"] for answer in answers]
    assert {v["roundId"] for v in values} == {values[0]["roundId"]}
    assert await games.balance(account) == 100_000 - 1000 + values[0]["win"]
    assert (await games.db.call("SELECT count(*) FROM outbox"))[0] == 1  # type: ignore[index]
    other = await games.spin(token, 2000, "same-request-1")
    assert (other.status_code, other.json()["errorCode"]) == (409, "idempotency.mismatch")


async def test_parallel_spins_of_one_player_each_take_their_stake_once(games: Games) -> None:
    account, token = await games.member(5_000)
    answers = await asyncio.gather(*(games.spin(token, 1000) for _ in range(12)))
    played = [a.json()["value"] for a in answers if a.status_code == 200]
    refused = [a.json()["errorCode"] for a in answers if a.status_code != 200]
    assert set(refused) <= {"wallet.insufficient_funds"}
    assert sorted(v["fairness"]["nonce"] for v in played) == sorted({v["fairness"]["nonce"] for v in played})
    assert await games.balance(account) == 5_000 - 1000 * len(played) + sum(v["win"] for v in played)
    void = await games.db.call("SELECT count(*) FROM game_round WHERE state = 'void'")
    assert void is not None and void[0] == len(refused)


async def test_not_enough_money_voids_the_round_and_changes_nothing(games: Games) -> None:
    account, token = await games.member(500)
    answer = await games.spin(token, 1000)
    assert (answer.status_code, answer.json()["errorCode"]) == (409, "wallet.insufficient_funds")
    assert answer.json()["message"] == "Insufficient balance."
    assert await games.balance(account) == 500
    assert (await games.db.call("SELECT count(*) FROM outbox"))[0] == 0  # type: ignore[index]


async def test_an_interrupted_round_keeps_its_outcome_and_settles_on_recovery(games: Games) -> None:
    """A round fixed but not settled (the process stopped before the wallet was asked) is settled by the
    worker's sweep to the outcome it was fixed with."""
    account, token = await games.member(100_000)
    first = (await games.spin(token, 1000)).json()["value"]
    await games.db.call(
        "UPDATE game_round SET state = 'open', balance = NULL, settled_at = NULL, created_at = now() - interval '1 minute', "
        "retry_at = now() - interval '1 minute' WHERE id = %s RETURNING id",
        (first["roundId"],),
    )  # as if the answer had been lost: the money moved, the round not closed
    await games.db.call("DELETE FROM bet_record WHERE id = %s RETURNING id", (f"BGS:{first['roundId']}",))
    interrupted = await games.db.call(
        "INSERT INTO game_round (id, merchant, account_id, request_id, game_code, game_type, currency, stake, win, "
        "server_seed_hash, client_seed, nonce, outcome, state, created_at, retry_at) "
        "SELECT gen_random_uuid(), merchant, account_id, 'crashed-1', game_code, game_type, currency, 2000, 4000, "
        "server_seed_hash, client_seed, nonce + 1, outcome, 'open', now() - interval '1 minute', "
        "now() - interval '1 minute' FROM game_round "
        "WHERE id = %s RETURNING id",
        (first["roundId"],),
    )  # fixed with a win of 4,000 and never sent to the wallet
    assert interrupted is not None
    nc = await connect_nats(games.app.state.settings.nats_url, "recovery-test")
    try:
        keys = games.app.state.seed_keys
        assert await recover(games.db, nc, older_than_seconds=5, keys=keys) == 2
        assert await recover(games.db, nc, older_than_seconds=5, keys=keys) == 0
    finally:
        await nc.close()
    assert await games.balance(account) == 100_000 - 1000 + first["win"] - 2000 + 4000
    states = await games.db.rows("SELECT state FROM game_round WHERE account_id = %s", (account,))
    assert states == [("settled",), ("settled",)]
    recorded = await games.db.rows("SELECT stake, win FROM bet_record WHERE account_id = %s ORDER BY stake", (account,))
    assert recorded == [(1000, first["win"]), (2000, 4000)]


async def test_a_trial_account_plays_a_demo_with_play_money_that_counts_for_nothing(games: Games) -> None:
    account, trial = await games.trial(200_000)
    spun = await games.spin(trial, 1000)
    assert spun.status_code == 200, spun.text
    played = spun.json()["value"]
    assert played["balance"] == 200_000 - 1000 + played["win"] == await games.balance(account, "freeplay")
    assert await games.wallet_db.call(
        "SELECT count(*) FROM ledger_account WHERE owner_id = %s AND kind = 'main'", (account,)
    ) == (0,)  # no real money anywhere
    assert await games.db.rows("SELECT wallet, state FROM game_round WHERE account_id = %s", (account,)) == [
        ("freeplay", "settled")
    ]
    # no betting record and no games.bet.settled.v1: points, agent turnover and the winners board never see it
    assert await games.db.rows("SELECT 1 FROM bet_record WHERE account_id = %s", (account,)) == []
    assert await games.db.rows("SELECT 1 FROM outbox WHERE body::text LIKE %s", (f"%{account}%",)) == []
    assert await games.db.rows("SELECT 1 FROM jackpot_share") == []  # play money feeds no real pool


async def test_a_trial_account_plays_only_demos_and_a_visitor_nothing(games: Games) -> None:
    _, trial = await games.trial(200_000)
    await games.db.rows("UPDATE game SET support_play = 1 WHERE game_code = 'BGS_DICE' RETURNING 1")
    answer = await games.roll(trial, 1000)
    assert (answer.status_code, answer.json()["errorCode"]) == (403, "in_need_true_account")
    broke = await games.spin((await games.trial(500))[1], 1000)
    assert (broke.status_code, broke.json()["errorCode"]) == (409, "wallet.insufficient_funds")
    visitor = await games.http.post("/wps/games/bgs/slot/spins", json={"stake": 1000, "requestId": "visitor-1"})
    assert visitor.status_code == 401


async def test_bad_bets_are_refused_with_their_code_and_write_nothing(games: Games) -> None:
    account, token = await games.member(100_000)
    cases = [
        ({"stake": 1005, "requestId": "bad-0001"}, "stake.not_line_multiple"),
        ({"stake": 50, "requestId": "bad-0002"}, "stake.out_of_limits"),
        ({"stake": 10.5, "requestId": "bad-0003"}, "validation.failed"),
        ({"stake": -100, "requestId": "bad-0004"}, "validation.failed"),
        ({"stake": "100", "requestId": "bad-0005"}, "validation.failed"),
    ]
    for body, code in cases:
        answer = await games.http.post("/wps/games/bgs/slot/spins", json=body, headers={"Authorization": token})
        assert answer.status_code == 400 and answer.json()["errorCode"] == code, (body, answer.text)
    dice = await games.http.post(
        "/wps/games/bgs/dice/rolls",
        json={"stake": 1000, "target": 9990, "over": True, "requestId": "bad-dice-1"},
        headers={"Authorization": token},
    )
    assert (dice.status_code, dice.json()["errorCode"]) == (400, "dice.target_invalid")
    assert await games.balance(account) == 100_000
    assert (await games.db.call("SELECT count(*) FROM game_round"))[0] == 0  # type: ignore[index]


async def test_a_vendor_under_maintenance_refuses_play_with_its_end_time(games: Games) -> None:
    _, token = await games.member(100_000)
    await games.db.call(
        "UPDATE vendor SET maintenance_until = now() + interval '1 hour' WHERE merchant = %s AND code = 'BGS' "
        "RETURNING code",
        (MERCHANT,),
    )
    answer = await games.spin(token, 1000)
    assert (answer.status_code, answer.json()["errorCode"]) == (409, "vendor_under_maintenance")
    assert answer.json()["value"]["maintenanceEnd"]


async def test_a_dice_roll_pays_by_its_chance(games: Games) -> None:
    account, token = await games.member(100_000)
    await games.show_seeds(token)
    answer = await games.http.post(
        "/wps/games/bgs/dice/rolls",
        json={"stake": 1000, "target": 4999, "over": True, "requestId": "dice-0001", "roomId": "BEGINNER"},
        headers={"Authorization": token},
    )
    value = answer.json()["value"]
    assert value["win"] == (1980 if value["dice"]["roll"] > 4999 else 0)
    assert value["balance"] == 100_000 - 1000 + value["win"] == await games.balance(account)
    assert json.loads(json.dumps(value["dice"]))["target"] == 4999


async def test_a_dragon_tiger_round_pays_by_the_cards_and_verifies_from_its_seeds(games: Games) -> None:
    account, token = await games.member(100_000)
    await games.show_seeds(token)
    played = []
    for side in ("DRAGON", "TIGER", "TIE"):
        answer = await games.http.post(
            "/wps/games/bgs/dragon-tiger/rounds",
            json={"stake": 1000, "side": side, "requestId": f"dragon-tiger-{side}", "roomId": "BEGINNER"},
            headers={"Authorization": token},
        )
        assert answer.status_code == 200, answer.text
        value = answer.json()["value"]
        winner = value["cards"]["winner"]
        expected = {(side, side): 2000 if side != "TIE" else 16_000}.get((side, winner), 500 if winner == "TIE" else 0)
        assert value["win"] == expected and value["cards"]["side"] == side
        played.append(value)
    assert await games.balance(account) == 100_000 - 3000 + sum(value["win"] for value in played)
    revealed = (await rotate(games, token, "fresh")).json()["value"]["previous"]
    for value in played:
        verified = await games.http.get(
            "/wps/games/bgs/verify",
            params={
                "gameCode": "BGS_DRAGON_TIGER", "serverSeed": revealed["serverSeed"],
                "clientSeed": value["fairness"]["clientSeed"], "nonce": value["fairness"]["nonce"],
                "side": value["cards"]["side"],
            },
        )  # fmt: skip
        assert verified.json()["value"]["cards"] == value["cards"]
    bad = await games.http.post(
        "/wps/games/bgs/dragon-tiger/rounds",
        json={"stake": 1000, "side": "PANDA", "requestId": "dt-bad-1", "roomId": "BEGINNER"},
        headers={"Authorization": token},
    )
    assert (bad.status_code, bad.json()["errorCode"]) == (400, "validation.failed")


async def test_spins_feed_the_pool_and_a_hit_pays_all_of_it_once(games: Games) -> None:
    account, token = await games.member(30_000_000)
    seed = await _steered_to_hit_at(games, token, account, 21)
    played = await asyncio.gather(*(games.spin(token, 1000) for _ in range(20)))  # in parallel
    assert all(answer.status_code == 200 for answer in played)
    assert all(answer.json()["value"]["jackpotWin"] == 0 for answer in played)
    shown = (await games.http.get("/wps/games/jackpot")).json()["value"]
    assert (shown["amount"], shown["currency"], shown["winners"]) == (jackpot.SEED + 20 * 10, "TRY", [])

    hit = (await games.spin(token, rules.MAX_STAKE)).json()["value"]
    assert hit["slot"]["jackpot"] is True and hit["fairness"]["nonce"] == 21
    assert hit["jackpotWin"] == jackpot.SEED + 20 * 10  # the whole pool as it stood
    wins = sum(answer.json()["value"]["win"] for answer in played) + hit["win"]
    spent = 20 * 1000 + rules.MAX_STAKE
    assert hit["balance"] == 30_000_000 - spent + wins + hit["jackpotWin"] == await games.balance(account)
    recorded = await games.db.call("SELECT win FROM bet_record WHERE id = %s", (f"BGS:{hit['roundId']}",))
    assert recorded == (hit["win"] + hit["jackpotWin"],)  # the record and its event carry the jackpot
    again = await claim_jackpot(games.db, uuid.UUID(hit["roundId"]), MERCHANT, "TRY")
    assert again == hit["jackpotWin"]  # claimed once: asking again empties nothing
    await asyncio.sleep(JACKPOT_CACHE_SECONDS + 0.1)  # the pool as visitors see it is cached that long
    after = (await games.http.get("/wps/games/jackpot", headers={"Language": "EN"})).json()["value"]
    assert after["amount"] == jackpot.SEED + jackpot.contribution(rules.MAX_STAKE)  # again, with the hit's own share
    assert [(w["player"], w["win"], w["gameName"]) for w in after["winners"]] == [
        ("pl***r", hit["jackpotWin"], "Fruit Five")
    ]
    client = (await games.http.get("/wps/games/bgs/seeds", headers={"Authorization": token})).json()["value"]
    revealed = (await rotate(games, token, "after-the-hit")).json()["value"]["previous"]
    assert bytes.fromhex(revealed["serverSeed"]) == seed
    verified = await games.http.get(
        "/wps/games/bgs/verify",
        params={"gameCode": slot.GAME_CODE, "serverSeed": revealed["serverSeed"], "clientSeed": client["clientSeed"],
                "nonce": 21, "stake": rules.MAX_STAKE},
    )  # fmt: skip
    assert verified.json()["value"]["slot"]["jackpot"] is True  # anyone can check the hit
    assert await reconciled(games)


def _draw(stream: FairStream) -> int:
    for _ in range(slot.REELS):
        stream.below(len(slot.STRIP))
    return jackpot.draw(stream)


async def _steered_to_hit_at(games: Games, token: str, account: str, nonce: int) -> bytes:
    """Rotate to a client seed whose rounds 1 to ``nonce - 1`` miss at 10.00 and round ``nonce`` hits at the
    largest stake; the new pair's server seed."""
    seeds = await shown(games, token)
    seed = server_seed(games, account, 2)
    for attempt in range(100_000):
        client = f"jackpot-{attempt}"
        hits = _draw(FairStream(seed, f"{client}:{nonce}")) < rules.MAX_STAKE
        if hits and all(_draw(FairStream(seed, f"{client}:{n}")) >= 1000 for n in range(1, nonce)):
            break
    assert (await rotate(games, token, client, seeds["nextServerSeedHash"])).status_code == 200
    return seed


async def test_each_rounds_answer_is_the_envelope_of_its_declared_model(games: Games) -> None:
    """The rounds answer a body serialised once by its model (``ok_response``), not checked again by FastAPI: the
    body must still be exactly the ``response_model`` each route declares."""
    _, token = await games.member(100_000)
    spun = await games.spin(token, 1000)
    rolled = await games.roll(token, 1000)
    await games.show_seeds(token)
    dealt = await games.http.post(
        "/wps/games/bgs/dragon-tiger/rounds",
        json={"stake": 1000, "side": "DRAGON", "requestId": f"dt-{uuid.uuid4()}", "roomId": "BEGINNER"},
        headers={"Authorization": token},
    )
    for answer, model in ((spun, SlotRoundRead), (rolled, DiceRoundRead), (dealt, DragonTigerRoundRead)):
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"] == "application/json"
        envelope = Envelope[model].model_validate_json(answer.content)  # type: ignore[valid-type]
        assert envelope.success and envelope.errorCode is None
        assert envelope.model_dump(mode="json") == json.loads(answer.content)

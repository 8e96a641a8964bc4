"""The key the in-house server seeds are derived under, on the real servers (the review of #43, items 1, 2 and 11):
a key of 32 bytes or more given as hex and used as the bytes it spells; key ids, so a rotation of the key keeps the
pairs made under an old key playing while it is held; a pair whose key is gone retired before any round is written
(the player gets a new pair, shown first; its seed is never revealed) and its open rounds voided only when no money
moved; a key changed under its id refused at start; a recovery sweep that rounds it cannot settle never starve; and
at most five rotations a minute per player."""

from __future__ import annotations

import asyncio
import json
import secrets
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from bgs_helpers import SEEDS, SPINS, headers, reconciled, rotate, shown, spin_body
from fastapi import FastAPI
from games_helpers import MERCHANT, Games

from games_service.bgs.service import recover
from games_service.main import build_app
from games_service.settings import GamesSettings
from portal_kit.db import Database
from portal_kit.fairness import commitment, derive_seed
from portal_kit.messaging.relay import connect_nats
from portal_kit.messaging.rpc import Responder
from wallet_service.ledger.domain import MoneyError
from wallet_service.money import service as wallet
from wallet_service.money.rpc import money_answers
from wallet_service.money.service import Settlement

KEY_2 = "22" * 32
SECRETS = {"secret_key": "s" * 40, "payload_secret": "p" * 40, "public_url": "https://portal.example.com"}


@asynccontextmanager
async def served(settings: GamesSettings) -> AsyncIterator[tuple[httpx.AsyncClient, FastAPI]]:
    """Another process of the games service, started with ``settings``, on the same database."""
    app = build_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        base = {"Language": "EN", "Merchant": MERCHANT}
        async with httpx.AsyncClient(transport=transport, base_url="http://portal", headers=base) as http:
            yield http, app


def under(settings: GamesSettings, **keys: Any) -> GamesSettings:
    return settings.model_copy(update=keys)


async def spin(http: httpx.AsyncClient, token: str, stake: int = 1000) -> httpx.Response:
    return await http.post(SPINS, json=spin_body(stake), headers=headers(token))


async def rounds_of(games: Games, account: str) -> list[tuple[Any, ...]]:
    return await games.db.rows(
        "SELECT id, stake, state, refusal, win FROM game_round WHERE account_id = %s ORDER BY created_at", (account,)
    )


async def sweep(app: FastAPI, db: Database, **limit: int) -> int:
    """The worker's recovery sweep with ``app``'s keys, taking the open rounds due now as if they were old enough."""
    nc = await connect_nats(app.state.settings.nats_url, "recovery-test")
    try:
        return await recover(db, nc, older_than_seconds=0, keys=app.state.seed_keys, **limit)
    finally:
        await nc.close()


async def wallet_back(nats_url: str, wallet_db: Database) -> Responder:
    responder = Responder(nats_url, name="wallet-back")
    money_answers(responder, wallet_db)
    await responder.start()
    return responder


@pytest.mark.parametrize("key", ["k" * 64, "development-only-seed-key", "ab" * 31, "ba" * 32, "zz" * 32])
def test_production_refuses_a_seed_key_that_is_not_32_bytes_in_hex_or_is_the_development_one(key: str) -> None:
    with pytest.raises(ValueError, match="GAMES_SEED_KEY"):
        GamesSettings(environment="production", seed_key=key, **SECRETS)


def test_a_seed_key_made_as_the_readme_says_is_taken_and_old_keys_come_as_json(monkeypatch: pytest.MonkeyPatch) -> None:
    new, old = secrets.token_hex(32), secrets.token_hex(32)
    monkeypatch.setenv("GAMES_OLD_SEED_KEYS", json.dumps({"k1": old}))
    settings = GamesSettings(environment="production", seed_key=new, seed_key_id="k2", **SECRETS)
    assert (settings.seed_key, settings.seed_key_id, settings.old_seed_keys) == (new, "k2", {"k1": old})
    with pytest.raises(ValueError, match="names two different keys"):
        GamesSettings(seed_key=new, seed_key_id="k1")  # k1 is held already, as another key


async def test_a_pair_plays_on_under_its_key_while_it_is_held_and_is_retired_unrevealed_when_it_is_not(
    games: Games, games_settings: GamesSettings
) -> None:
    account, token = await games.member(100_000)
    first = await shown(games, token)
    dev_key = bytes.fromhex(games_settings.seed_key)
    assert first["serverSeedHash"] == commitment(derive_seed(dev_key, f"bgs:{MERCHANT}:{account}:1"))  # its bytes
    stakes = [(await games.spin(token, 1000)).json()["value"]]

    rotated = under(games_settings, seed_key=KEY_2, seed_key_id="k2", old_seed_keys={"dev": games_settings.seed_key})
    async with served(rotated) as (http, _):
        played = await spin(http, token)
        assert played.status_code == 200, played.text
        assert played.json()["value"]["fairness"]["serverSeedHash"] == first["serverSeedHash"]  # plays on
        stakes.append(played.json()["value"])
        body = {"clientSeed": "under-k2", "nextServerSeedHash": first["nextServerSeedHash"]}
        turned = await http.put(SEEDS, json=body, headers=headers(token))
        assert turned.status_code == 200, turned.text
        previous, second = turned.json()["value"]["previous"], turned.json()["value"]["current"]
        assert commitment(bytes.fromhex(previous["serverSeed"])) == first["serverSeedHash"]  # revealed: verifiable
        assert second["serverSeedHash"] == first["nextServerSeedHash"]  # the pair shown next, made under "dev"
        stakes.append((await spin(http, token)).json()["value"])

    dropped = under(games_settings, seed_key=KEY_2, seed_key_id="k2", old_seed_keys={})
    async with served(dropped) as (http, _):
        before = await rounds_of(games, account)
        refused = await spin(http, token)
        assert (refused.status_code, refused.json()["errorCode"]) == (409, "seeds.retired"), refused.text
        assert await rounds_of(games, account) == before  # nothing was written: no round left open
        fresh = (await http.get(SEEDS, headers=headers(token))).json()["value"]
        assert fresh["serverSeedHash"] == second["nextServerSeedHash"]  # a pair made under k2, shown first
        played = await spin(http, token)
        assert played.json()["value"]["fairness"]["serverSeedHash"] == fresh["serverSeedHash"]
        stakes.append(played.json()["value"])
        rotation = {"clientSeed": "later", "nextServerSeedHash": fresh["nextServerSeedHash"]}
        assert (await http.put(SEEDS, json=rotation, headers=headers(token))).status_code == 200
    revealed = await games.db.rows("SELECT server_seed_hash FROM revealed_seed WHERE account_id = %s", (account,))
    assert sorted(revealed) == sorted([(first["serverSeedHash"],), (fresh["serverSeedHash"],)])  # never the retired
    assert await games.balance(account) == 100_000 + sum(round_["win"] - 1000 for round_ in stakes)
    assert await reconciled(games)


async def test_the_open_rounds_of_a_retired_pair_are_voided_only_when_no_money_moved(
    games: Games, games_settings: GamesSettings, wallet_responder: Responder
) -> None:
    account, token = await games.member(100_000)
    await shown(games, token)
    await wallet_responder.stop()  # two stakes whose answers are lost
    assert [(await games.spin(token, stake)).status_code for stake in (1000, 2000)] == [503, 503]
    (lost, *_), (moved, *_) = await rounds_of(games, account)
    # The second one's settle reached the wallet; its answer did not come back.
    await wallet.settle(games.wallet_db, Settlement(MERCHANT, account, "TRY", 2000, 0, f"bgs:{moved}"))

    responder = await wallet_back(games_settings.nats_url, games.wallet_db)
    try:
        async with served(under(games_settings, seed_key=KEY_2, seed_key_id="k2", old_seed_keys={})) as (_, app):
            assert await sweep(app, games.db) == 1
            assert await sweep(app, games.db) == 0  # put back: not tried again at once
    finally:
        await responder.stop()
    assert [(state, refusal) for _, _, state, refusal, _ in await rounds_of(games, account)] == [
        ("void", "seeds.retired"),  # nothing moved: voided, and the wallet's tombstone refuses it for good
        ("open", None),  # its stake went through: it waits (for ops), never rolled back alone
    ]
    with pytest.raises(MoneyError, match=r"transaction\.rolled_back"):
        await wallet.settle(games.wallet_db, Settlement(MERCHANT, account, "TRY", 1000, 0, f"bgs:{lost}"))
    tried = await games.db.call("SELECT attempts FROM game_round WHERE id = %s", (moved,))
    assert tried == (1,)
    assert await games.balance(account) == 100_000 - 2000
    assert await reconciled(games)


async def test_a_key_changed_under_its_id_keeps_the_service_from_starting(
    games: Games, games_settings: GamesSettings
) -> None:
    _, token = await games.member(10_000)
    await shown(games, token)  # a pair made under "dev"
    with pytest.raises(RuntimeError, match="another key"):
        async with served(under(games_settings, seed_key=KEY_2)):  # another key, still named "dev"
            pass
    assert (await games.spin(token, 1000)).status_code == 200  # the pair's own key still plays it
    assert await reconciled(games)


async def test_rounds_the_sweep_cannot_settle_never_keep_a_timed_out_round_waiting(
    games: Games, wallet_responder: Responder
) -> None:
    account, token = await games.member(100_000)
    await shown(games, token)
    stuck = [uuid.uuid4() for _ in range(3)]
    for n, round_id in enumerate(stuck):  # rounds nothing can settle: under no key held, their stake taken
        await games.db.call(
            "INSERT INTO game_round (id, merchant, account_id, request_id, game_code, game_type, currency, stake, "
            "server_seed_hash, client_seed, nonce, pair, outcome, state, created_at) VALUES (%s, %s, %s, %s, "
            "'BGS_FRUIT5', 'RNG', 'TRY', 100, %s, 'stuck', %s, 1, '{\"params\": {}}', 'open', "
            "now() - interval '1 hour') RETURNING id",
            (round_id, MERCHANT, account, f"stuck-{n}", "ff" * 32, 100 + n),
        )
        await wallet.settle(games.wallet_db, Settlement(MERCHANT, account, "TRY", 100, 0, f"bgs:{round_id}"))
    await wallet_responder.stop()
    assert (await games.spin(token, 1000, "timed-out-1")).status_code == 503
    responder = await wallet_back(games.app.state.settings.nats_url, games.wallet_db)
    try:
        for _ in range(2):
            await sweep(games.app, games.db, limit=len(stuck))
    finally:
        await responder.stop()
    timed_out = await games.db.rows("SELECT state, nonce FROM game_round WHERE request_id = 'timed-out-1'")
    assert timed_out == [("settled", 1)]
    assert await games.db.rows("SELECT state FROM game_round WHERE client_seed = 'stuck'") == [("open",)] * 3
    assert await reconciled(games)


async def test_a_player_rotates_at_most_five_times_a_minute_even_all_at_once(games: Games) -> None:
    _, token = await games.member(10_000)
    following = (await shown(games, token))["nextServerSeedHash"]
    answers = await asyncio.gather(*(rotate(games, token, f"burst-{n}", following) for n in range(12)))
    codes = [answer.json()["errorCode"] for answer in answers]
    assert codes.count("TOO_MANY_REQUESTS") == 7, codes
    assert {answer.status_code for answer in answers if answer.json()["errorCode"] == "TOO_MANY_REQUESTS"} == {429}
    assert codes.count(None) == 1  # one rotation named the next seed; the other four admitted found it changed
    _, other = await games.member(10_000)  # another player is not held back
    assert (await rotate(games, other, "mine")).status_code == 200

"""The in-house games' provable fairness on the real servers (issue #43, items 4 and 11): server seeds derived
under a key held outside the database, the commitment shown before the first round, the next server seed's
hash shown before the player picks a client seed, and every round recomputed with the kit's one construction
(``portal_kit.fairness``) exactly as the games README writes it."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from bgs_helpers import (
    DRAGON_TIGER,
    SEEDS,
    SPINS,
    headers,
    reconciled,
    roll_body,
    rotate,
    server_seed,
    shown,
    spin_body,
)
from games_helpers import MERCHANT, Games

from games_service.settings import GamesSettings
from portal_kit.fairness import FairStream, commitment

HEX64 = re.compile(r"[0-9a-f]{64}")
DEPLOY_CONFIG = Path(__file__).resolve().parents[3] / "deploy" / "base" / "config.yaml"
STRIP_LENGTH = 29  # BGS_FRUIT5's strip
JACKPOT_DRAW = 2_000_000_000  # the jackpot's draw is a number below this (README)


def hashes_to(text: str, commitments: set[str]) -> bool:
    """Whether ``text``, or any 64-hex-digit run in it, is the preimage of one of ``commitments`` (as UTF-8 text
    or as the bytes its hex spells)."""
    if hashlib.sha256(text.encode()).hexdigest() in commitments:
        return True
    return any(hashlib.sha256(bytes.fromhex(run)).hexdigest() in commitments for run in HEX64.findall(text))


async def every_text_in_the_database(games: Games) -> list[tuple[str, str, str]]:
    """(table, column, value) of every non-null value of the games database, read as text."""
    columns = await games.db.rows(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = 'public' AND table_name <> 'alembic_version'"
    )
    found: list[tuple[str, str, str]] = []
    for table, column in columns:
        query = f'SELECT "{column}"::text FROM "{table}" WHERE "{column}" IS NOT NULL'  # noqa: S608 - the catalogue's names
        for (value,) in await games.db.rows(query):
            found.append((table, column, value))
    return found


async def test_the_database_holds_no_server_seed_before_it_is_revealed(games: Games) -> None:
    """A replica or a backup of the games database must not tell a player's current or next server seed."""
    account, token = await games.member(100_000)
    seeds = await shown(games, token)
    for _ in range(3):
        assert (await games.spin(token, 100)).status_code == 200
    commitments = {seeds["serverSeedHash"], seeds.get("nextServerSeedHash") or seeds["serverSeedHash"]}
    leaks = [(table, column) for table, column, value in await every_text_in_the_database(games)
             if hashes_to(value, commitments)]  # fmt: skip
    assert leaks == []

    rotated = await rotate(games, token, "after-the-reveal")
    assert rotated.status_code == 200, rotated.text
    revealed = rotated.json()["value"]["previous"]["serverSeed"]
    # the commitment is the SHA-256 of the seed's 32 bytes, and the seed is the one the key derives for pair 1
    assert commitment(bytes.fromhex(revealed)) == seeds["serverSeedHash"]
    assert bytes.fromhex(revealed) == server_seed(games, account, 1)
    assert await reconciled(games)


async def test_a_first_round_waits_for_its_seeds_to_be_shown_and_runs_under_the_hash_shown(games: Games) -> None:
    account, token = await games.member(100_000)
    unseen = await games.http.post(SPINS, json=spin_body(100), headers=headers(token))
    assert (unseen.status_code, unseen.json()["errorCode"]) == (409, "seeds.not_shown"), unseen.text
    assert unseen.json()["message"] == "Look at your seeds before your first round (the fairness panel)."
    assert await games.balance(account) == 100_000
    assert await games.db.rows("SELECT 1 FROM game_round WHERE account_id = %s", (account,)) == []

    seeds = await shown(games, token)
    played = (await games.spin(token, 100)).json()["value"]
    assert played["fairness"] == {
        "serverSeedHash": seeds["serverSeedHash"],
        "clientSeed": seeds["clientSeed"],
        "nonce": 1,
    }
    assert (await shown(games, token))["serverSeedHash"] == seeds["serverSeedHash"]  # showing again changes nothing
    assert await reconciled(games)


async def test_the_next_server_seed_is_fixed_and_shown_before_the_player_picks_a_client_seed(games: Games) -> None:
    account, token = await games.member(100_000)
    seeds = await shown(games, token)
    assert HEX64.fullmatch(seeds["nextServerSeedHash"]) and seeds["nextServerSeedHash"] != seeds["serverSeedHash"]
    played = [(await games.spin(token, 100)).json()["value"] for _ in range(2)]

    wrong = await rotate(games, token, "my-own-seed", "0" * 64)  # not the hash the server showed
    assert (wrong.status_code, wrong.json()["errorCode"]) == (409, "seeds.next_changed")
    assert await shown(games, token) == {**seeds, "nonce": 2}  # nothing changed

    rotated = await rotate(games, token, "my-own-seed", seeds["nextServerSeedHash"])
    assert rotated.status_code == 200, rotated.text
    previous, current = rotated.json()["value"]["previous"], rotated.json()["value"]["current"]
    assert (previous["serverSeedHash"], previous["clientSeed"], previous["rounds"]) == (
        seeds["serverSeedHash"], seeds["clientSeed"], 2,
    )  # fmt: skip
    assert current["serverSeedHash"] == seeds["nextServerSeedHash"]  # the seed whose hash was shown before
    assert (current["clientSeed"], current["nonce"]) == ("my-own-seed", 0)
    assert current["nextServerSeedHash"] not in (current["serverSeedHash"], seeds["serverSeedHash"])
    assert current["nextServerSeedHash"] == commitment(server_seed(games, account, 3))

    after = (await games.spin(token, 100)).json()["value"]["fairness"]
    assert after == {"serverSeedHash": seeds["nextServerSeedHash"], "clientSeed": "my-own-seed", "nonce": 1}
    for round_ in played:  # the revealed seed replays the rounds played under it, through the verification call
        check = await games.http.get(
            "/wps/games/bgs/verify",
            params={"gameCode": "BGS_FRUIT5", "serverSeed": previous["serverSeed"], "clientSeed": previous["clientSeed"],
                    "nonce": round_["fairness"]["nonce"], "stake": 100},
        )  # fmt: skip
        assert check.status_code == 200, check.text
        assert check.json()["value"]["slot"]["grid"] == round_["slot"]["grid"]
        assert check.json()["value"]["serverSeedHash"] == seeds["serverSeedHash"]
    assert await reconciled(games)


async def test_bad_seeds_are_refused_with_their_code_and_a_visitor_touches_none(games: Games) -> None:
    _, token = await games.member(100_000)
    seeds = await shown(games, token)
    for body in (
        {"clientSeed": "ok", "nextServerSeedHash": "not-a-hash"},
        {"clientSeed": "no spaces", "nextServerSeedHash": seeds["nextServerSeedHash"]},
        {"clientSeed": "ok"},
    ):
        refused = await games.http.put(SEEDS, json=body, headers=headers(token))
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), body
    assert await shown(games, token) == seeds  # nothing changed
    bad = await games.http.get(
        "/wps/games/bgs/verify",
        params={"gameCode": "BGS_FRUIT5", "serverSeed": "zz" * 32, "clientSeed": "c", "nonce": 1},
    )
    assert (bad.status_code, bad.json()["errorCode"]) == (400, "validation.failed")
    assert (await games.http.get(SEEDS)).status_code == 401
    body = {"clientSeed": "ok", "nextServerSeedHash": seeds["nextServerSeedHash"]}
    assert (await games.http.put(SEEDS, json=body)).status_code == 401


def slot_by_hand(seed: bytes, client: str, nonce: int) -> tuple[list[int], int]:
    """The README's derivation of a spin, written from the README alone: five stops below 29, then the draw."""
    stream = FairStream(seed, f"{client}:{nonce}")
    return [stream.below(STRIP_LENGTH) for _ in range(5)], stream.below(JACKPOT_DRAW)


def cards_by_hand(seed: bytes, client: str, nonce: int) -> tuple[str, str]:
    ranks, suits = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], "SHDC"
    deck = [rank + suit for rank in ranks for suit in suits]  # index = rank * 4 + suit
    stream = FairStream(seed, f"{client}:{nonce}")
    dragon = stream.take(deck)
    return dragon, stream.take(deck)


async def test_every_in_house_round_is_the_kits_construction_as_the_readme_writes_it(games: Games) -> None:
    account, token = await games.member(1_000_000)
    seeds = await shown(games, token)
    spun = (await games.spin(token, 100)).json()["value"]
    rolled = await games.http.post(
        "/wps/games/bgs/dice/rolls", json=roll_body(1000, 4999, True, "BEGINNER"), headers=headers(token)
    )
    dealt = await games.http.post(
        DRAGON_TIGER, json={"stake": 1000, "side": "TIE", "requestId": "dt-by-hand-1", "roomId": "BEGINNER"},
        headers=headers(token),
    )  # fmt: skip
    assert rolled.status_code == dealt.status_code == 200, (rolled.text, dealt.text)
    revealed = (await rotate(games, token, "by-hand")).json()["value"]["previous"]
    seed, client = bytes.fromhex(revealed["serverSeed"]), seeds["clientSeed"]

    stops, draw = slot_by_hand(seed, client, 1)
    assert (spun["slot"]["stops"], spun["slot"]["jackpotDraw"]) == (stops, draw)
    roll: dict[str, Any] = rolled.json()["value"]["dice"]
    assert roll["roll"] == FairStream(seed, f"{client}:2").below(10_000)
    cards = dealt.json()["value"]["cards"]
    assert (cards["dragon"], cards["tiger"]) == cards_by_hand(seed, client, 3)
    assert await games.db.rows(
        "SELECT nonce FROM game_round WHERE merchant = %s AND account_id = %s ORDER BY nonce", (MERCHANT, account)
    ) == [(1,), (2,), (3,)]
    assert await reconciled(games)


def test_production_refuses_the_development_seed_key() -> None:
    secrets = {"secret_key": "s" * 40, "payload_secret": "p" * 40, "public_url": "https://portal.example.com"}
    with pytest.raises(ValueError, match="GAMES_SEED_KEY"):
        GamesSettings(environment="production", **secrets)
    strong = "5e" * 32  # 32 bytes as hex (the review of #43 refuses text such as "k" * 40: tests/test_bgs_seed_keys.py)
    assert GamesSettings(environment="production", seed_key=strong, **secrets).seed_key == strong


def test_the_deployment_runs_games_as_production_so_the_development_seed_key_is_refused_there() -> None:
    config = next(doc for doc in yaml.safe_load_all(DEPLOY_CONFIG.read_text()) if doc["kind"] == "ConfigMap")["data"]
    assert "GAMES_SEED_KEY" not in config  # a secret: it comes from the Secret portal-secrets
    with pytest.raises(ValueError, match="GAMES_SEED_KEY"):
        GamesSettings(environment=config["GAMES_ENVIRONMENT"], secret_key="s" * 40, payload_secret="p" * 40)


async def test_verifying_a_slot_round_needs_a_stake_of_whole_line_bets_and_never_fails(games: Games) -> None:
    """The review of #43, item 7: a stake of 1 to 9 (a line bet of 0) or between two multiples of the 10 lines is
    refused with its code, never a 500; a stake of whole line bets is recomputed."""
    base = {"gameCode": "BGS_FRUIT5", "serverSeed": "ab" * 32, "clientSeed": "anyone", "nonce": 1}
    for stake in (*range(1, 10), 15, 1005):
        answer = await games.http.get("/wps/games/bgs/verify", params={**base, "stake": stake})
        assert (answer.status_code, answer.json()["errorCode"]) == (400, "stake.not_line_multiple"), (
            stake,
            answer.text,
        )
        assert "10" in answer.json()["message"]
    for stake in (10, 1000):
        assert (await games.http.get("/wps/games/bgs/verify", params={**base, "stake": stake})).status_code == 200

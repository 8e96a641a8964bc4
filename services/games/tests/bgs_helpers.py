"""Helpers of the in-house games' tests: a player's seeds shown and steered as a player can steer them (by the
client seed, against the server seed the key derives), the raw bodies of a round, and the wallet's
reconciliation that every money test ends with."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import httpx
from games_helpers import MERCHANT, Games

from portal_kit.fairness import FairStream, derive_seed
from wallet_service.reconcile import differences

SEEDS = "/wps/games/bgs/seeds"
SPINS = "/wps/games/bgs/slot/spins"
ROLLS = "/wps/games/bgs/dice/rolls"
DRAGON_TIGER = "/wps/games/bgs/dragon-tiger/rounds"


def headers(token: str) -> dict[str, str]:
    return {"Authorization": token}


async def shown(games: Games, token: str) -> dict[str, Any]:
    """The player's seeds as ``GET /wps/games/bgs/seeds`` shows them (the pair is made and shown if new)."""
    answer = await games.http.get(SEEDS, headers=headers(token))
    assert answer.status_code == 200, answer.text
    value: dict[str, Any] = answer.json()["value"]
    return value


async def rotate(games: Games, token: str, client_seed: str, next_hash: str | None = None) -> httpx.Response:
    """``PUT /wps/games/bgs/seeds`` naming the next server seed's hash the player saw (read now when not given)."""
    expected = next_hash if next_hash is not None else (await shown(games, token)).get("nextServerSeedHash")
    body = {"clientSeed": client_seed, "nextServerSeedHash": expected}
    return await games.http.put(SEEDS, json=body, headers=headers(token))


def server_seed(games: Games, account_id: str, pair: int) -> bytes:
    """The server seed of the player's ``pair``-th seed pair, derived as the service derives it (README): under the
    bytes the key's hex digits spell."""
    key: str = games.app.state.settings.seed_key
    return derive_seed(bytes.fromhex(key), f"bgs:{MERCHANT}:{account_id}:{pair}")


def client_seed_where(seed: bytes, nonce: int, wanted: Callable[[FairStream], bool], tries: int = 200_000) -> str:
    """A client seed under which round ``nonce`` of ``seed`` is what ``wanted`` looks for."""
    for attempt in range(tries):
        client = f"steer-{attempt}"
        if wanted(FairStream(seed, f"{client}:{nonce}")):
            return client
    raise AssertionError("no client seed gives the wanted round")


async def steer(games: Games, token: str, account_id: str, wanted: Callable[[FairStream], bool]) -> str:
    """Rotate once so that the first round of the new pair is what ``wanted`` looks for; its client seed."""
    seeds = await shown(games, token)
    pair = 2 + await rotations(games, account_id)
    client = client_seed_where(server_seed(games, account_id, pair), 1, wanted)
    rotated = await rotate(games, token, client, seeds["nextServerSeedHash"])
    assert rotated.status_code == 200, rotated.text
    return client


async def rotations(games: Games, account_id: str) -> int:
    row = await games.db.call("SELECT count(*) FROM revealed_seed WHERE account_id = %s", (account_id,))
    return int(row[0]) if row else 0


def spin_body(stake: int, request_id: str | None = None) -> dict[str, Any]:
    return {"stake": stake, "requestId": request_id or f"spin-{uuid.uuid4()}"}


def roll_body(stake: int, target: int, over: bool, room: str | None, request_id: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "stake": stake,
        "target": target,
        "over": over,
        "requestId": request_id or f"roll-{uuid.uuid4()}",
    }
    return body if room is None else {**body, "roomId": room}


async def reconciled(games: Games) -> bool:
    """Every balance equals its journal and each brand's money sums to zero (the wallet's reconciliation)."""
    found = await differences(games.wallet_db)
    assert found == [], found
    return True

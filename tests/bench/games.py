"""Benchmark: in-house slot spins per second end to end (launch once and show the seeds, then spins through
Traefik and the games API, each settled by one call of the wallet's money API, ``rpc.wallet.settle``), as a
ratio to bare money-API debit+credit pairs over NATS on the same accounts at the same concurrency, in the same
run. Not pass/fail.

    ./portal bench     (or: .venv/bin/python tests/bench/games.py --spins 2000)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import uuid
from pathlib import Path
from typing import Any

import httpx
from load import clients_post
from wallet import nats_pairs

from portal_kit.encryption import encrypt
from portal_stack.harness import Stack

RESULTS = Path(__file__).resolve().parent / "results"
CLIENTS = 16
STAKE = 100  # minor units, the slot's minimum (ten lines of 0.10)
FUNDS = 100_000_000  # enough for every spin to lose


async def players(stack: Stack, count: int = CLIENTS) -> list[tuple[str, str]]:
    """Real accounts (agents made by ops, as auth's benchmark does) with money in their main wallet: (id, token)."""
    ops = {"Authorization": stack.ops_token("bench.ops", "turkeyf2")}
    made: list[tuple[str, str]] = []
    async with httpx.AsyncClient(base_url=stack.url, timeout=30) as admin:
        flags = await admin.put(
            "/wps/ops/site/merchants/turkeyf2/flags", json={"flags": {"BOTCHECK3": False}}, headers=ops
        )
        flags.raise_for_status()
        # The funds below are above the brand's dual-control amount: for the benchmark one person may move them.
        dual = await admin.put(
            "/wps/ops/wallet/merchants/turkeyf2/settings", json={"dualControlAbove": FUNDS}, headers=ops
        )
        dual.raise_for_status()
        key = (await admin.get("/wps/session/key/rsa")).json()["value"]
        for index in range(count):
            username = f"spinner{index}"
            created = await admin.post(
                "/wps/ops/auth/merchants/turkeyf2/agents",
                json={
                    "username": username,
                    "password": "Bench-pass-1",
                    "accountType": 1,
                    "affiliateCode": f"SPIN{index:03d}",
                },
                headers=ops,
            )
            created.raise_for_status()
            body, headers = encrypt(
                key["publicKey"], key["keyId"], {"username": username, "password": "Bench-pass-1"},
                method="POST", path="/wps/session/login",
            )  # fmt: skip
            transport = httpx.AsyncHTTPTransport(local_address=f"127.0.0.{60 + index}")
            async with httpx.AsyncClient(base_url=stack.url, transport=transport) as http:
                token = (await http.post("/wps/session/login", json=body, headers=headers)).json()["value"]["token"]
                account = str(
                    (await http.get("/wps/member/info", headers={"Authorization": token})).json()["value"]["id"]
                )
            for _ in range(150):  # the wallet opens from auth's event
                funded = await admin.post(
                    f"/wps/ops/wallet/merchants/turkeyf2/accounts/{account}/adjustments",
                    json={"amount": FUNDS, "reason": "benchmark funds", "requestId": f"bench-{account}"},
                    headers=ops,
                )
                if funded.status_code == 200:
                    break
                await asyncio.sleep(0.2)
            funded.raise_for_status()
            made.append((account, token))
    return made


async def spins(stack: Stack, accounts: list[tuple[str, str]], total: int) -> dict[str, float]:
    """Each client launches the slot once, then spins on one keep-alive connection; the bodies are made before
    the clock starts."""
    url = f"{stack.url}/wps/games/bgs/slot/spins"
    async with httpx.AsyncClient(base_url=stack.url) as http:
        token = accounts[0][1]
        listed = (
            await http.get("/wps/relay/GCSGAME_gameList", params={"vassalage": "BGS"}, headers={"Authorization": token})
        ).json()
        node = next(game["nodeId"] for game in listed["value"]["list"] if game["gameCode"] == "BGS_FRUIT5")
        for _, player in accounts:
            launched = await http.get(
                "/wps/relay/GCS_gameLaunchFB", params={"nodeId": node}, headers={"Authorization": player}
            )
            launched.raise_for_status()
            # the game frame shows the player's seeds before the first round (a round waits for them)
            (await http.get("/wps/games/bgs/seeds", headers={"Authorization": player})).raise_for_status()
    share = total // len(accounts)
    work = [
        [
            (json.dumps({"stake": STAKE, "requestId": f"spin-{uuid.uuid4()}"}).encode(), {"Authorization": token})
            for _ in range(share)
        ]
        for _, token in accounts
    ]
    measured = await clients_post(url, work, "spins")
    return {"spins_per_second": measured["per_second"], "p50_ms": measured["p50_ms"], "p99_ms": measured["p99_ms"]}


def run(total: int) -> dict[str, Any]:
    stack = Stack()
    stack.up()
    try:
        accounts = asyncio.run(players(stack))
        spun = asyncio.run(spins(stack, accounts, total))
        pairs, call = asyncio.run(nats_pairs(stack, [account for account, _ in accounts], total, wallet="main"))
    finally:
        stack.stop()
    return {
        "benchmark": "slot spins through Traefik and the games API vs money-API debit+credit pairs over NATS",
        "clients": CLIENTS,
        "spin": spun,
        "money_pairs_per_second": round(pairs, 1),
        "money_call": call,
        "spins_to_pairs_ratio": round(spun["spins_per_second"] / pairs, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spins", type=int, default=2000)
    args = parser.parse_args()
    report = run(args.spins)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "games.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""Benchmark: lottery slips per second end to end (through Traefik and the lottery API, each paid with one debit
over the wallet's money API), and the worker settling 10,000 bets of one issue after its draw, each as a ratio to
bare money-API debit+credit pairs over NATS on the same accounts at the same concurrency, in the same run. Not
pass/fail.

    ./portal bench     (or: .venv/bin/python tests/bench/lottery.py --slips 2000 --settle 10000)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import psycopg
from games import CLIENTS, players
from load import clients_post
from wallet import nats_pairs

from portal_stack.harness import Stack

RESULTS = Path(__file__).resolve().parent / "results"
GAME = "SSC_5M"  # five minutes between draws; the benchmark's issue is held open while it runs (``open_issue``)
STAKE = 100  # the minimum stake
SLIP_BETS = 50  # the most bets one slip may carry


def bet(index: int) -> dict[str, Any]:
    return {"betType": "SUM_BIG_SMALL", "option": "BIG" if index % 2 else "SMALL", "stake": STAKE}


async def open_issue(stack: Stack) -> str:
    """The game's current issue, its close and draw moved an hour away: one that was due to close a minute after
    the stack started would refuse the slips still being placed (``lottery.issue_closed``). The game's issues drawn
    before it then are taken out (none has a bet), so it stays the issue open for bets (only it takes bets)."""
    async with httpx.AsyncClient(base_url=stack.url) as http:
        for _ in range(100):  # the worker writes the issues within its first ticks
            current = (await http.get(f"/lotto/lgw/games/{GAME}")).json()["value"]["current"]
            if current is not None:
                issue = str(current["issue"])
                async with await psycopg.AsyncConnection.connect(stack.database_url("lottery"), autocommit=True) as db:
                    await db.execute(
                        "UPDATE lottery_issue SET closes_at = now() + interval '1 hour', draws_at = now() + interval"
                        " '1 hour' WHERE game_code = %s AND issue = %s AND status = 'open'",
                        (GAME, issue),
                    )
                    await db.execute(
                        "DELETE FROM lottery_issue WHERE game_code = %s AND issue <> %s AND status = 'open' AND "
                        "draws_at <= now() + interval '1 hour'",
                        (GAME, issue),
                    )
                return issue
            await asyncio.sleep(0.2)
    raise RuntimeError(f"no open issue of {GAME}")


async def place(
    stack: Stack, accounts: list[tuple[str, str]], issue: str, slips: int, bets_per_slip: int
) -> dict[str, float]:
    """``slips`` slips shared by the clients, each on one keep-alive connection; the bodies made before the clock."""
    url = f"{stack.url}/lotto/lgw/bets"
    share = slips // len(accounts)

    def body() -> bytes:
        bets = [bet(n) for n in range(bets_per_slip)]
        return json.dumps(
            {"gameCode": GAME, "issue": issue, "requestId": f"bench-{uuid.uuid4()}", "bets": bets}
        ).encode()

    work = [[(body(), {"Authorization": token}) for _ in range(share)] for _, token in accounts]
    measured = await clients_post(url, work, "slips")
    return {
        "slips_per_second": measured["per_second"],
        "bets_per_second": round(measured["per_second"] * bets_per_slip, 1),
        "p50_ms": measured["p50_ms"],
        "p99_ms": measured["p99_ms"],
    }


async def settle(stack: Stack, issue: str) -> dict[str, float]:
    """Make the issue due now, as time would, and time the worker from then to every bet settled."""
    async with await psycopg.AsyncConnection.connect(stack.database_url("lottery"), autocommit=True) as db:
        counted = await (
            await db.execute("SELECT count(*) FROM lottery_bet WHERE game_code = %s AND issue = %s", (GAME, issue))
        ).fetchone()
        started = time.perf_counter()
        await db.execute(
            "UPDATE lottery_issue SET closes_at = now() - interval '1 second', draws_at = now() - interval '1 second'"
            " WHERE game_code = %s AND issue = %s",
            (GAME, issue),
        )
        while True:
            row = await (
                await db.execute("SELECT status FROM lottery_issue WHERE game_code = %s AND issue = %s", (GAME, issue))
            ).fetchone()
            if row is not None and row[0] == "settled":
                break
            if time.perf_counter() - started > 600:
                raise RuntimeError("the issue was not settled within ten minutes")
            await asyncio.sleep(0.05)
        elapsed = time.perf_counter() - started
        won = await (
            await db.execute(
                "SELECT count(*) FROM lottery_bet WHERE game_code = %s AND issue = %s AND status = 'won'", (GAME, issue)
            )
        ).fetchone()
    bets = int(counted[0]) if counted else 0
    return {
        "bets": bets,
        "won": int(won[0]) if won else 0,
        "seconds": round(elapsed, 2),
        "bets_per_second": round(bets / elapsed, 1),
    }


def run(slips: int, settle_bets: int) -> dict[str, Any]:
    stack = Stack()
    stack.up()
    try:
        accounts = asyncio.run(players(stack))
        issue = asyncio.run(open_issue(stack))
        placed = asyncio.run(place(stack, accounts, issue, slips, 1))
        asyncio.run(place(stack, accounts, issue, settle_bets // SLIP_BETS, SLIP_BETS))
        settled = asyncio.run(settle(stack, issue))
        pairs, call = asyncio.run(nats_pairs(stack, [account for account, _ in accounts], slips, wallet="main"))
    finally:
        stack.stop()
    return {
        "benchmark": "lottery slips through Traefik and settling an issue's bets vs money-API debit+credit pairs",
        "clients": CLIENTS,
        "slip": placed,
        "settlement": settled,
        "money_pairs_per_second": round(pairs, 1),
        "money_call": call,
        "slips_to_pairs_ratio": round(placed["slips_per_second"] / pairs, 3),
        "settled_bets_to_pairs_ratio": round(settled["bets_per_second"] / pairs, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--slips", type=int, default=2000)
    parser.add_argument("--settle", type=int, default=10_000)
    args = parser.parse_args()
    report = run(args.slips, args.settle)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "lottery.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""Benchmark: debit-then-credit pairs per second through the NATS money API, as a ratio to the same database work
(the wallet's ``money_move`` function, one call a side) issued directly from a psycopg pool in the same run;
and balance reads through Traefik as a ratio to the wallet's ``/healthz`` through Traefik. Not pass/fail.

    ./portal bench     (or: .venv/bin/python tests/bench/wallet.py --pairs 2000)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import nats
from load import paired
from psycopg_pool import AsyncConnectionPool

from portal_kit.sessions import Principal, Role
from portal_kit.testing.plugin import issue_session
from portal_stack.harness import Stack
from wallet_service.ledger.domain import fingerprint, house_shard_number
from wallet_service.money.repository import MOVE
from wallet_service.money.service import Movement

RESULTS = Path(__file__).resolve().parent / "results"
CONCURRENCY = 16
POOL_KWARGS = {"autocommit": True, "prepare_threshold": 0}  # as the wallet's own pool (portal_kit.db.call)


async def open_account(stack: Stack, index: int) -> str:
    """A free-play account through the gateway: its wallet is opened from auth's event by the wallet worker."""
    transport = httpx.AsyncHTTPTransport(local_address=f"127.0.0.{20 + index}")
    async with httpx.AsyncClient(base_url=stack.url, transport=transport) as http:
        token = (await http.post("/wps/session/login/freeplay", json={})).json()["value"]["token"]
        for _ in range(150):
            response = await http.get("/wps/v2/wallets/balance", headers={"Authorization": token})
            if response.status_code == 200:
                break
            await asyncio.sleep(0.2)
        info = (await http.get("/wps/member/info", headers={"Authorization": token})).json()["value"]
    return str(info["id"])


async def nats_pairs(
    stack: Stack, accounts: list[str], pairs: int, wallet: str = "freeplay"
) -> tuple[float, dict[str, float]]:
    """Each client plays its own account, as players do; every pair touches the member row and a house shard.
    Returns pairs per second and the p50/p99 of one call."""
    nc = await nats.connect(stack.nats_url)
    queue = iter(range(pairs))
    latencies: list[float] = []

    async def worker(account: str) -> None:
        base = {"merchant": "turkeyf2", "accountId": account, "currency": "TRY", "amount": 1, "wallet": wallet}
        for n in queue:
            for subject in ("rpc.wallet.debit", "rpc.wallet.credit"):
                started = time.perf_counter()
                reply = await nc.request(
                    subject, json.dumps({**base, "transactionId": f"bench-{wallet}-{n}"}).encode(), timeout=10
                )
                latencies.append(time.perf_counter() - started)
                if not json.loads(reply.data).get("success"):
                    raise RuntimeError(reply.data.decode())

    started = time.perf_counter()
    await asyncio.gather(*(worker(account) for account in accounts))
    elapsed = time.perf_counter() - started
    await nc.close()
    latencies.sort()
    call = {
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[max(int(len(latencies) * 0.99) - 1, 0)] * 1000, 2),
    }
    return pairs / elapsed, call


async def sql_pairs(stack: Stack, accounts: list[str], pairs: int) -> float:
    """The baseline: the same database work, the wallet's money functions called directly from a psycopg pool at
    the same concurrency, each client on its own account (as the NATS clients do)."""
    url = stack.database_url("wallet")
    queue = iter(range(pairs))
    async with AsyncConnectionPool(url, min_size=CONCURRENCY, max_size=CONCURRENCY, kwargs=POOL_KWARGS) as pool:

        async def worker(account: str) -> None:
            for n in queue:
                for kind in ("debit", "credit"):
                    movement = Movement("turkeyf2", account, "TRY", 1, f"sql-bench-{n}", "freeplay")
                    params = (
                        "turkeyf2", kind, movement.transaction_id, fingerprint(kind, movement.content()), account,
                        "freeplay", "TRY", 1, house_shard_number(account),
                    )  # fmt: skip
                    async with pool.connection() as connection:
                        row = await (await connection.execute(MOVE, params)).fetchone()
                    if row is None or not row[0]["success"]:
                        raise RuntimeError(str(row))

        started = time.perf_counter()
        await asyncio.gather(*(worker(account) for account in accounts))
        elapsed = time.perf_counter() - started
    return pairs / elapsed


async def member_token(stack: Stack, account: str) -> str:
    trial = Principal(role=Role.TRIAL, merchant="turkeyf2", account_id=account, account_type=4)
    return await issue_session(stack.redis_url, trial)


def run(pairs: int, seconds: int) -> dict[str, Any]:
    stack = Stack()
    stack.up()
    try:
        accounts = [asyncio.run(open_account(stack, index)) for index in range(CONCURRENCY)]
        account = accounts[0]
        through_nats, call = asyncio.run(nats_pairs(stack, accounts, pairs))
        direct = asyncio.run(sql_pairs(stack, accounts, pairs))
        headers = {"Authorization": asyncio.run(member_token(stack, account))}
        reads = paired(
            f"{stack.url}/wps/v2/wallets/balance", f"{stack.url}/_svc/wallet/healthz", headers, seconds=seconds
        )
        stack.env["WALLET_DATABASE_URL"] = stack.database_url("wallet")
        reconciled = stack.command("wallet_service.reconcile")
    finally:
        stack.stop()
    return {
        "benchmark": "debit+credit pairs via NATS vs the same SQL via psycopg; balance vs /healthz through Traefik",
        "concurrency": CONCURRENCY,
        "nats_pairs_per_second": round(through_nats, 1),
        "sql_pairs_per_second": round(direct, 1),
        "pairs_ratio": round(through_nats / direct, 3),
        "money_call": call,
        "balance": reads.read.as_dict(),
        "healthz": reads.baseline.as_dict(),
        "balance_throughput_ratio": reads.ratio,
        "balance_round_ratios": reads.round_ratios,
        "balance_p50_ratio": round(reads.read.p50_ms / reads.baseline.p50_ms, 3),
        "reconciliation": reconciled.stdout.strip().splitlines()[-1] if reconciled.stdout else reconciled.stderr[-200:],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--seconds", type=int, default=5)
    args = parser.parse_args()
    report = run(args.pairs, args.seconds)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "wallet.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

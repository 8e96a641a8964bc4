"""Benchmark: logins per second through Traefik as a ratio to the bare argon2id hash rate (the same parameters,
measured in this run on this machine), with p50/p99; and ``GET /wps/member/info`` through Traefik as a ratio to
the auth service's ``/healthz`` through Traefik. Not pass/fail.

The gateway limits logins to 5/s per source address, so the clients log in from 40 loopback addresses
(127.0.0.x), each as its own agent account (created through the ops API); the brand's bot check is switched
off for the run, so what is measured is the login, not the proof-of-work.

    ./portal bench     (or: .venv/bin/python tests/bench/auth.py --logins 400)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from load import paired, post_prepared

from auth_service.passwords import _hasher
from portal_kit.encryption import encrypt
from portal_stack.harness import Stack

RESULTS = Path(__file__).resolve().parent / "results"
CLIENTS = 40


def argon2_rate(count: int) -> float:
    """Hashes per second with as many threads as the service's thread pool would use on this machine."""
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(lambda n: _hasher.hash(f"password-{n}"), range(count)))
    return count / (time.perf_counter() - started)


async def logins(stack: Stack, total: int) -> dict[str, float]:
    ops = {"Authorization": stack.ops_token()}
    async with httpx.AsyncClient(base_url=stack.url, timeout=30) as admin:
        flags = await admin.put(
            "/wps/ops/site/merchants/turkeyf2/flags", json={"flags": {"BOTCHECK3": False}}, headers=ops
        )
        flags.raise_for_status()
        for index in range(CLIENTS):
            created = await admin.post(
                "/wps/ops/auth/merchants/turkeyf2/agents",
                json={
                    "username": f"bench{index}",
                    "password": "Bench-pass-1",
                    "accountType": 1,
                    "affiliateCode": f"BENCH{index:03d}",
                },
                headers=ops,
            )
            created.raise_for_status()
        key = (await admin.get("/wps/session/key/rsa")).json()["value"]
    await asyncio.sleep(6)  # the auth service reads the brand's flags with a 5 s cache

    # Each body is sealed before the clock starts (what a player's browser does, not the server), then sent
    # by a minimal client, so the measured CPU is the portal's.
    per_client = total // CLIENTS
    prepared = [
        [
            (json.dumps(body).encode(), headers)
            for body, headers in (
                encrypt(
                    key["publicKey"],
                    key["keyId"],
                    {"username": f"bench{index}", "password": "Bench-pass-1"},
                    method="POST",
                    path="/wps/session/login",
                )
                for _ in range(per_client)
            )
        ]
        for index in range(CLIENTS)
    ]
    started = time.perf_counter()
    answers = await asyncio.gather(
        *(
            post_prepared(
                f"{stack.url}/wps/session/login",
                prepared[index],
                local_address=f"127.0.0.{10 + index}",
                min_interval=0.21,  # under 5/s per address
            )
            for index in range(CLIENTS)
        )
    )
    elapsed = time.perf_counter() - started
    latencies = []
    for seconds, status, payload in (answer for client in answers for answer in client):
        if status != 200 or not json.loads(payload)["value"]["token"]:
            raise RuntimeError(f"login failed: {status} {payload[:200]!r}")
        latencies.append(seconds)
    latencies.sort()
    return {
        "logins_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[max(int(len(latencies) * 0.99) - 1, 0)] * 1000, 2),
    }


def member_token(stack: Stack) -> str:
    key = httpx.get(f"{stack.url}/wps/session/key/rsa").json()["value"]
    body, headers = encrypt(
        key["publicKey"], key["keyId"], {"username": "bench0", "password": "Bench-pass-1"},
        method="POST", path="/wps/session/login",
    )  # fmt: skip
    transport = httpx.HTTPTransport(local_address="127.0.0.10")
    with httpx.Client(transport=transport) as http:
        token: str = http.post(f"{stack.url}/wps/session/login", json=body, headers=headers).json()["value"]["token"]
    return token


def run(total: int, seconds: int) -> dict[str, Any]:
    hash_rate = argon2_rate(200)
    stack = Stack()
    stack.env["AUTH_IP_LOGIN_LIMIT"] = "100000"
    stack.up()
    try:
        login = asyncio.run(logins(stack, total))
        headers = {"Authorization": member_token(stack), "Language": "TR"}
        reads = paired(f"{stack.url}/wps/member/info", f"{stack.url}/_svc/auth/healthz", headers, seconds=seconds)
    finally:
        stack.stop()
    return {
        "benchmark": "logins through Traefik vs bare argon2id; member info vs /healthz, both through Traefik",
        "argon2id_hashes_per_second": round(hash_rate, 1),
        "login": login,
        "login_to_hash_ratio": round(login["logins_per_second"] / hash_rate, 3),
        "member_info": reads.read.as_dict(),
        "healthz": reads.baseline.as_dict(),
        "member_info_throughput_ratio": reads.ratio,
        "member_info_round_ratios": reads.round_ratios,
        "member_info_p50_ratio": round(reads.read.p50_ms / reads.baseline.p50_ms, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--logins", type=int, default=400)
    parser.add_argument("--seconds", type=int, default=5)
    args = parser.parse_args()
    report = run(args.logins, args.seconds)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "auth.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""Benchmark: logins per second through Traefik as a ratio to the bare argon2id hash rate (the same parameters,
measured in this run on this machine), with p50/p99; and ``GET /wps/member/info`` through Traefik as a ratio to
the auth service's ``/healthz`` through Traefik. Not pass/fail.

The gateway limits logins to 5/s per source address, so the clients log in from 40 loopback addresses
(127.0.0.x), each as its own agent account (created through the ops API); the brand's bot check is switched
off for the run, so what is measured is the login, not the proof-of-work.

    ./portal bench     (or: .venv/bin/python tests/bench/auth.py --logins 200 --rounds 3)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from load import paired, post_prepared

from auth_service.passwords import _hasher
from portal_kit.encryption import encrypt
from portal_stack.harness import Stack

RESULTS = Path(__file__).resolve().parent / "results"
CLIENTS = 40
WARM_LOGINS = 2  # per client, untimed: the first logins of a fresh process fill its pools and caches
HASHES_PER_ROUND = 150


def argon2_rate(count: int) -> float:
    """The machine's bare rate: hashes per second on one thread per core. More threads than cores never hashed
    faster here, and at times slower (each switch evicts a hash's 19 MiB from the caches): one per core is the bare
    rate (the runs: ``tests/bench/README.md``).
    The service's API processes each hash on one thread per core, four in all here: one per core in all made no
    more logins."""
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        list(pool.map(lambda n: _hasher.hash(f"password-{n}"), range(count)))
    return count / (time.perf_counter() - started)


def stack_pids(stack: Stack) -> list[int]:
    """The stack's supervisor and every process under it (services, workers, databases, broker, gateway)."""
    assert stack.process is not None
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, waiting = [], [stack.process.pid]
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        waiting.extend(children.get(pid, []))
    return found


@contextmanager
def frozen(stack: Stack) -> Iterator[None]:
    """The whole stack stopped (SIGSTOP) for a moment, so a bare-hash round runs on a machine as quiet as
    before the stack started, yet between the login rounds, at the same moment of this machine's drifting
    speed. Each pause lasts a few seconds, well inside every timeout of the stack's processes."""
    pids = stack_pids(stack)
    for pid in pids:
        with suppress(ProcessLookupError):  # gone since the listing
            os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in reversed(pids):
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)


@dataclass
class LoginRound:
    hashes_per_second: float
    logins_per_second: float
    latencies: list[float]

    @property
    def ratio(self) -> float:
        return round(self.logins_per_second / self.hashes_per_second, 3)


async def logins(stack: Stack, per_round: int, rounds: int) -> list[LoginRound]:
    """``rounds`` rounds of ``per_round`` timed logins from the 40 clients, after two untimed logins each; each
    round's baseline is the mean of the bare hash rates measured (the stack frozen) just before and just after
    it, so the machine's drifting speed is not read as a change in the ratio."""
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
    per_client = per_round // CLIENTS
    sealed = [
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
                for _ in range(WARM_LOGINS + per_client * rounds)
            )
        ]
        for index in range(CLIENTS)
    ]

    async def send(start: int, stop: int) -> list[tuple[float, int, bytes]]:
        answers = await asyncio.gather(
            *(
                post_prepared(
                    f"{stack.url}/wps/session/login",
                    sealed[index][start:stop],
                    local_address=f"127.0.0.{10 + index}",
                    min_interval=0.21,  # under 5/s per address
                )
                for index in range(CLIENTS)
            )
        )
        for _, status, payload in (answer for client in answers for answer in client):
            if status != 200 or not json.loads(payload)["value"]["token"]:
                raise RuntimeError(f"login failed: {status} {payload[:200]!r}")
        return [answer for client in answers for answer in client]

    await send(0, WARM_LOGINS)
    measured = []
    with frozen(stack):
        hashes = [argon2_rate(HASHES_PER_ROUND)]
    for number in range(rounds):
        start = WARM_LOGINS + number * per_client
        started = time.perf_counter()
        answers = await send(start, start + per_client)
        elapsed = time.perf_counter() - started
        with frozen(stack):
            hashes.append(argon2_rate(HASHES_PER_ROUND))
        baseline = (hashes[-2] + hashes[-1]) / 2
        measured.append(LoginRound(baseline, len(answers) / elapsed, [seconds for seconds, _, _ in answers]))
    return measured


def login_report(rounds: list[LoginRound]) -> dict[str, Any]:
    latencies = sorted(seconds for measured in rounds for seconds in measured.latencies)
    middle = sorted(rounds, key=lambda measured: measured.ratio)[len(rounds) // 2]
    return {
        "argon2id_hashes_per_second": round(middle.hashes_per_second, 1),
        "login": {
            "logins_per_second": round(middle.logins_per_second, 1),
            "p50_ms": round(statistics.median(latencies) * 1000, 2),
            "p99_ms": round(latencies[max(int(len(latencies) * 0.99) - 1, 0)] * 1000, 2),
        },
        "login_to_hash_ratio": middle.ratio,
        "login_round_ratios": [measured.ratio for measured in rounds],
        "login_rounds_per_second": [
            [round(measured.logins_per_second, 1), round(measured.hashes_per_second, 1)] for measured in rounds
        ],
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


def run(per_round: int, rounds: int, seconds: int) -> dict[str, Any]:
    stack = Stack()
    stack.env["AUTH_IP_LOGIN_LIMIT"] = "100000"
    stack.up()
    try:
        login = login_report(asyncio.run(logins(stack, per_round, rounds)))
        headers = {"Authorization": member_token(stack), "Language": "TR"}
        reads = paired(f"{stack.url}/wps/member/info", f"{stack.url}/_svc/auth/healthz", headers, seconds=seconds)
    finally:
        stack.stop()
    return {
        "benchmark": "logins through Traefik vs bare argon2id; member info vs /healthz, both through Traefik",
        **login,
        "member_info": reads.read.as_dict(),
        "healthz": reads.baseline.as_dict(),
        "member_info_throughput_ratio": reads.ratio,
        "member_info_round_ratios": reads.round_ratios,
        "member_info_p50_ratio": round(reads.read.p50_ms / reads.baseline.p50_ms, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--logins", type=int, default=200, help="timed logins per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=5)
    args = parser.parse_args()
    report = run(args.logins, args.rounds, args.seconds)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "auth.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

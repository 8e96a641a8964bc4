"""Benchmark: in-house slot spins per second end to end (launch once and show the seeds, then spins through
Traefik and the games API, each settled by one call of the wallet's money API, ``rpc.wallet.settle``), as a
ratio to bare money-API debit+credit pairs over NATS on the same accounts at the same concurrency, in the same
run. Not pass/fail.

Each phase also says where the machine's CPU went (``CpuMeter``): the CPU time of every process of the stack (by
what it is: ``games-api``, ``postgres[games]``, ``agent-contracts-worker``, ...) and of this script, before and after
the phase, less each one's idle rate, per spin or per pair. A spin's event (``games.bet.settled.v1``) is consumed
after its answer, so a phase ends when the stack is back near idle: the pairs start only once the spins' consumers
have caught up (before, the pairs ran while they were still at it, and paid for part of the spins).

    ./portal bench     (or: .venv/bin/python tests/bench/games.py --spins 2000)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import psutil
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
        # The funds below are above the brand's dual-control amount: for the benchmark one person may move them. A
        # raise of that amount is a request a second admin of the brand approves.
        dual = await admin.put(
            "/wps/ops/wallet/merchants/turkeyf2/settings", json={"dualControlAbove": FUNDS}, headers=ops
        )
        dual.raise_for_status()
        asked = dual.json()["value"].get("dualControlRequest")
        if asked is not None and asked["status"] == "pending":
            second = {"Authorization": stack.ops_token("bench.ops2", "turkeyf2")}
            approved = await admin.post(
                f"/wps/ops/wallet/merchants/turkeyf2/settings/dual-control/{asked['requestId']}/approve",
                headers=second,
            )
            approved.raise_for_status()
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


async def launched(
    stack: Stack, accounts: list[tuple[str, str]], total: int
) -> list[list[tuple[bytes, dict[str, str]]]]:
    """Each client launches the slot once and is shown its seeds; its spins' bodies, made before the clock starts."""
    async with httpx.AsyncClient(base_url=stack.url) as http:
        token = accounts[0][1]
        listed = (
            await http.get("/wps/relay/GCSGAME_gameList", params={"vassalage": "BGS"}, headers={"Authorization": token})
        ).json()
        node = next(game["nodeId"] for game in listed["value"]["list"] if game["gameCode"] == "BGS_FRUIT5")
        for _, player in accounts:
            launch = await http.get(
                "/wps/relay/GCS_gameLaunchFB", params={"nodeId": node}, headers={"Authorization": player}
            )
            launch.raise_for_status()
            # the game frame shows the player's seeds before the first round (a round waits for them)
            (await http.get("/wps/games/bgs/seeds", headers={"Authorization": player})).raise_for_status()
    share = total // len(accounts)
    return [
        [
            (json.dumps({"stake": STAKE, "requestId": f"spin-{uuid.uuid4()}"}).encode(), {"Authorization": token})
            for _ in range(share)
        ]
        for _, token in accounts
    ]


async def spins(stack: Stack, work: list[list[tuple[bytes, dict[str, str]]]]) -> dict[str, float]:
    """Each client spins on one keep-alive connection."""
    measured = await clients_post(f"{stack.url}/wps/games/bgs/slot/spins", work, "spins")
    return {"spins_per_second": measured["per_second"], "p50_ms": measured["p50_ms"], "p99_ms": measured["p99_ms"]}


def _label(process: psutil.Process, parents: dict[int, str]) -> str:
    """What a process of the stack is: ``games-api``, ``games-worker``, ``postgres[wallet]`` (a backend, by its
    database), ``postgres`` (its own processes), ``nats``, ``valkey``, ``traefik``, ..."""
    try:
        command = process.cmdline()
    except psutil.Error:
        return "?"
    first = command[0] if command else process.name()
    if first.startswith("postgres:"):
        words = first.split()
        # "postgres: <user> <database> <address> <state>" for a backend, "postgres: checkpointer" for the rest
        return f"postgres[{words[2]}]" if len(words) > 3 and "(" in words[3] else "postgres"
    name = Path(first).name
    for server in ("postgres", "nats-server", "valkey-server", "traefik"):
        if name.startswith(server):
            return server.removesuffix("-server")
    if "multiprocessing" in " ".join(command) and process.ppid() in parents:
        return parents[process.ppid()]  # a uvicorn worker: its service's API
    if "uvicorn" in command:  # python -m uvicorn games_service.main:app ...
        app = command[command.index("uvicorn") + 1 :][:1] or ["?"]
        return str(app[0]).split(".")[0].removesuffix("_service").replace("_", "-") + "-api"
    if "-m" in command:  # python -m games_service.worker
        package, _, tail = (command[command.index("-m") + 1 :][:1] or ["?"])[0].partition(".")
        return f"{package.removesuffix('_service').replace('_', '-')}-{tail or 'main'}"
    return name


class CpuMeter:
    """The CPU time (user + system) of every process of the stack and of this one (the load generator), by what it
    is, over a phase of the benchmark: how many ms of CPU each part of the machine spends a unit of work."""

    def __init__(self, root: int) -> None:
        self.root = root

    def snapshot(self) -> dict[int, tuple[str, float]]:
        labels: dict[int, str] = {}
        taken: dict[int, tuple[str, float]] = {}
        supervisor = psutil.Process(self.root)
        for process in [supervisor, *supervisor.children(recursive=True)]:
            try:
                with process.oneshot():
                    labels[process.pid] = "supervisor" if process.pid == self.root else _label(process, labels)
                    times = process.cpu_times()
                    taken[process.pid] = (labels[process.pid], times.user + times.system)
            except psutil.Error:
                continue
        own = psutil.Process().cpu_times()
        taken[0] = ("load generator (this script)", own.user + own.system)
        return taken

    @staticmethod
    def spent(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict[str, float]:
        """CPU seconds each kind of process spent between two snapshots (a process started between them: all of
        its time; one that ended between them is lost)."""
        spent: dict[str, float] = {}
        for pid, (label, seconds) in after.items():
            spent[label] = spent.get(label, 0.0) + seconds - (before[pid][1] if pid in before else 0.0)
        return spent

    async def idle(self, seconds: float = 3.0) -> dict[str, float]:
        """CPU seconds per second each kind of process spends with no load (timers, polls, heartbeats)."""
        before = self.snapshot()
        await asyncio.sleep(seconds)
        return {label: spent / seconds for label, spent in self.spent(before, self.snapshot()).items()}

    async def attribute(
        self, phase: Callable[[], Awaitable[Any]], units: int, idle: dict[str, float], settle: float = 300.0
    ) -> tuple[Any, dict[str, Any]]:
        """Run ``phase`` (``units`` of work), wait for what it left behind to finish (the relay's publishes, the
        events' consumers: until the stack is back near its idle rate, at most ``settle`` s), and answer its result
        with the CPU ms each kind of process spent a unit, its idle rate taken off."""
        before, started = self.snapshot(), time.monotonic()
        result = await phase()
        busy = time.monotonic() - started
        idle_total = sum(idle.values())
        deadline = time.monotonic() + settle
        last = self.snapshot()
        while time.monotonic() < deadline:
            await asyncio.sleep(0.5)
            now = self.snapshot()
            if sum(self.spent(last, now).values()) / 0.5 < idle_total + 0.05:
                last = now
                break
            last = now
        elapsed = time.monotonic() - started
        spent = self.spent(before, last)
        per_unit = {
            label: round(max(0.0, seconds - idle.get(label, 0.0) * elapsed) * 1000 / units, 3)
            for label, seconds in spent.items()
        }
        per_unit = {label: ms for label, ms in sorted(per_unit.items(), key=lambda item: -item[1]) if ms >= 0.01}
        return result, {
            "cpu_ms_per_unit": per_unit,
            "total_cpu_ms_per_unit": round(sum(per_unit.values()), 2),
            "busy_seconds": round(busy, 2),
            "drained_seconds": round(elapsed - busy, 2),
        }


async def measured(stack: Stack, accounts: list[tuple[str, str]], total: int) -> dict[str, Any]:
    """The spins and the pairs, each with the CPU each process spent a unit of it."""
    assert stack.process is not None
    meter = CpuMeter(stack.process.pid)
    work = await launched(stack, accounts, total)
    idle = await meter.idle()
    spun, spin_cpu = await meter.attribute(lambda: spins(stack, work), sum(map(len, work)), idle)
    (pairs, call), pair_cpu = await meter.attribute(
        lambda: nats_pairs(stack, [account for account, _ in accounts], total, wallet="main"), total, idle
    )
    return {
        "benchmark": "slot spins through Traefik and the games API vs money-API debit+credit pairs over NATS",
        "clients": CLIENTS,
        "spin": spun,
        "money_pairs_per_second": round(pairs, 1),
        "money_call": call,
        "spins_to_pairs_ratio": round(spun["spins_per_second"] / pairs, 3),
        # the spins over the time until their events' consumers had caught up as well
        "spins_per_second_consumed": round(
            sum(map(len, work)) / (spin_cpu["busy_seconds"] + spin_cpu["drained_seconds"]), 1
        ),
        "cpu_per_spin": spin_cpu,
        "cpu_per_pair": pair_cpu,
        "idle_cpu_cores": {label: round(rate, 4) for label, rate in idle.items() if rate >= 0.001},
    }


def run(total: int) -> dict[str, Any]:
    stack = Stack()
    stack.up()
    try:
        accounts = asyncio.run(players(stack))
        return asyncio.run(measured(stack, accounts, total))
    finally:
        stack.stop()


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

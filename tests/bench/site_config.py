"""Benchmark: the site-config call through Traefik as a ratio to ``/healthz`` of the same service through
Traefik, measured in the same run on a fresh stack. Reports requests/s, p50 and p99 of each; not pass/fail.

    ./portal bench          (or: .venv/bin/python tests/bench/site_config.py --requests 3000 --concurrency 16)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from pathlib import Path

import httpx

from portal_stack.harness import Stack

RESULTS = Path(__file__).resolve().parent / "results"


async def measure(url: str, requests: int, concurrency: int, headers: dict[str, str]) -> dict[str, float]:
    latencies: list[float] = []
    queue: asyncio.Queue[int] = asyncio.Queue()
    for index in range(requests):
        queue.put_nowait(index)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(limits=limits, headers=headers, timeout=10) as client:

        async def worker() -> None:
            while not queue.empty():
                queue.get_nowait()
                started = time.perf_counter()
                response = await client.get(url)
                latencies.append(time.perf_counter() - started)
                if response.status_code != 200 or not response.json()["success"]:
                    raise RuntimeError(f"{url} answered {response.status_code}: {response.text[:200]}")

        for _ in range(min(200, requests)):  # warm-up: connections, caches
            await client.get(url)
        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
    latencies.sort()
    return {
        "requests_per_second": round(requests / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 3),
        "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 3),
    }


async def run(requests: int, concurrency: int) -> dict[str, object]:
    stack = Stack()
    stack.up()
    try:
        headers = {"Language": "TR", "Merchant": "turkeyf2"}
        baseline = await measure(f"{stack.url}/_svc/site/healthz", requests, concurrency, headers)
        config = await measure(f"{stack.url}/wps/system/config", requests, concurrency, headers)
    finally:
        stack.stop()
    return {
        "benchmark": "site config through Traefik vs /healthz of the site service through Traefik",
        "requests": requests,
        "concurrency": concurrency,
        "healthz": baseline,
        "site_config": config,
        "throughput_ratio": round(config["requests_per_second"] / baseline["requests_per_second"], 3),
        "p50_ratio": round(config["p50_ms"] / baseline["p50_ms"], 3),
        "p99_ratio": round(config["p99_ms"] / baseline["p99_ms"], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    report = asyncio.run(run(args.requests, args.concurrency))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "site_config.json").write_text(json.dumps(report, indent=2))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

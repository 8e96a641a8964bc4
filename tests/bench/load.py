"""Load generation for the benchmarks: wrk when it is installed (a C client that can saturate the servers on
this machine), otherwise an asyncio client in this process (which is then itself the bottleneck)."""

from __future__ import annotations

import asyncio
import re
import shutil
import statistics
import subprocess
import time
from dataclasses import asdict, dataclass

import httpx


@dataclass(frozen=True)
class Result:
    tool: str
    requests_per_second: float
    p50_ms: float
    p99_ms: float

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def _ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk(url: str, seconds: int, connections: int, headers: dict[str, str]) -> Result:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    output = subprocess.run([*command, url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in output:
        raise RuntimeError(f"{url} answered errors under load:\n{output}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+(?:us|ms|s))$", output, re.M))
    p50 = re.match(r"([\d.]+)(us|ms|s)", percentiles["50"])
    p99 = re.match(r"([\d.]+)(us|ms|s)", percentiles["99"])
    assert p50 and p99
    return Result("wrk", rate, round(_ms(*p50.groups()), 3), round(_ms(*p99.groups()), 3))


async def _python(url: str, requests: int, concurrency: int, headers: dict[str, str]) -> Result:
    latencies: list[float] = []
    remaining = iter(range(requests))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(limits=limits, headers=headers, timeout=10) as client:

        async def worker() -> None:
            for _ in remaining:
                started = time.perf_counter()
                response = await client.get(url)
                latencies.append(time.perf_counter() - started)
                if response.status_code != 200:
                    raise RuntimeError(f"{url} answered {response.status_code}")

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
    latencies.sort()
    p99 = latencies[max(int(len(latencies) * 0.99) - 1, 0)]
    return Result(
        "python-httpx",
        round(requests / elapsed, 1),
        round(statistics.median(latencies) * 1000, 3),
        round(p99 * 1000, 3),
    )


def measure(url: str, headers: dict[str, str], *, seconds: int = 10, connections: int = 16) -> Result:
    httpx.get(url, headers=headers).raise_for_status()  # warm the path (and its caches) once
    if shutil.which("wrk"):
        wrk(url, 2, connections, headers)  # warm-up round
        return wrk(url, seconds, connections, headers)
    return asyncio.run(_python(url, seconds * 200, connections, headers))

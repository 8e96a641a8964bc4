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
from urllib.parse import urlsplit

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


def measure(
    url: str, headers: dict[str, str], *, seconds: int = 10, connections: int = 16, warm: bool = True
) -> Result:
    if warm:
        httpx.get(url, headers=headers).raise_for_status()  # warm the path (and its caches) once
    if shutil.which("wrk"):
        if warm:
            wrk(url, 2, connections, headers)  # warm-up round
        return wrk(url, seconds, connections, headers)
    return asyncio.run(_python(url, seconds * 200, connections, headers))


@dataclass(frozen=True)
class Paired:
    """A read measured against its baseline in alternating rounds (read, baseline, read, baseline, ...)."""

    read: Result
    baseline: Result
    round_ratios: list[float]

    @property
    def ratio(self) -> float:
        return round(statistics.median(self.round_ratios), 3)


def paired(read_url: str, baseline_url: str, headers: dict[str, str], *, rounds: int = 3, seconds: int = 5) -> Paired:
    """Throughput of ``read_url`` against ``baseline_url`` in ``rounds`` alternating rounds, so that neither side is
    measured only in a quieter or a busier moment of the run (a stack just up, or still settling after the previous
    benchmark's load); the ratio is the median of the rounds' ratios, and each side's figures are its median round."""
    for url in (read_url, baseline_url):
        httpx.get(url, headers=headers).raise_for_status()  # warm the path (and its caches) once
    if shutil.which("wrk"):
        wrk(read_url, 2, 16, headers)  # warm-up round
    reads: list[Result] = []
    baselines: list[Result] = []
    for _ in range(rounds):
        reads.append(measure(read_url, headers, seconds=seconds, warm=False))
        baselines.append(measure(baseline_url, headers, seconds=seconds, warm=False))
    ratios = [round(r.requests_per_second / b.requests_per_second, 3) for r, b in zip(reads, baselines, strict=True)]

    def middle(results: list[Result]) -> Result:
        return sorted(results, key=lambda result: result.requests_per_second)[len(results) // 2]

    return Paired(middle(reads), middle(baselines), ratios)


async def post_prepared(
    url: str, bodies: list[tuple[bytes, dict[str, str]]], *, local_address: str, min_interval: float = 0.0
) -> list[tuple[float, int, bytes]]:
    """POST bodies prepared before the clock starts, one after another on one keep-alive connection from
    ``local_address``: a minimal HTTP/1.1 client, so the load generator spends next to no CPU per request
    (httpx's own CPU per request was a large share of a login's: ``tests/bench/README.md``). Returns (seconds, status, body)
    per request; waits ``min_interval`` between starts (to stay under a per-address limit)."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    reader, writer = await asyncio.open_connection(host, port, local_addr=(local_address, 0))
    results: list[tuple[float, int, bytes]] = []
    try:
        for body, headers in bodies:
            head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
            request = (
                f"POST {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n{head}\r\n"
            ).encode() + body
            started = time.perf_counter()
            writer.write(request)
            status_line, *header_lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            fields = dict(line.split(": ", 1) for line in header_lines if ": " in line)
            length = next((int(v) for k, v in fields.items() if k.lower() == "content-length"), None)
            if length is None:
                raise RuntimeError(f"{url} answered without a Content-Length: {status_line}")
            payload = await reader.readexactly(length)
            elapsed = time.perf_counter() - started
            results.append((elapsed, int(status_line.split(" ", 2)[1]), payload))
            await asyncio.sleep(max(0.0, min_interval - elapsed))
    finally:
        writer.close()
    return results


async def clients_post(url: str, work: list[list[tuple[bytes, dict[str, str]]]], what: str) -> dict[str, float]:
    """Each client posts its prepared bodies on its own keep-alive connection (client n from 127.0.0.<60+n>); every
    answer must be a 200. Returns requests per second and the latency percentiles."""
    started = time.perf_counter()
    done = await asyncio.gather(
        *(post_prepared(url, bodies, local_address=f"127.0.0.{60 + index}") for index, bodies in enumerate(work))
    )
    elapsed = time.perf_counter() - started
    answers = [answer for client in done for answer in client]
    refused = [body for _, status, body in answers if status != 200]
    if refused:
        raise RuntimeError(f"{len(refused)} {what} refused, the first: {refused[0][:300]!r}")
    latencies = sorted(seconds for seconds, _, _ in answers)
    return {
        "per_second": round(len(answers) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 2),
        "p99_ms": round(latencies[max(int(len(latencies) * 0.99) - 1, 0)] * 1000, 2),
    }

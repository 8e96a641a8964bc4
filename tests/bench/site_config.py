"""Benchmark: the site-config call through Traefik as a ratio to ``/healthz`` of the same service through
Traefik, both measured in the same run on a fresh stack, with requests/s, p50 and p99 of each. Not pass/fail.

    ./portal bench        (or: .venv/bin/python tests/bench/site_config.py --seconds 10 --connections 16)
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from load import measure

from portal_stack.harness import Stack

RESULTS = Path(__file__).resolve().parent / "results"


def run(seconds: int, connections: int) -> dict[str, object]:
    stack = Stack()
    stack.up()
    try:
        headers = {"Language": "TR", "Merchant": "turkeyf2"}
        baseline = measure(f"{stack.url}/_svc/site/healthz", headers, seconds=seconds, connections=connections)
        config = measure(f"{stack.url}/wps/system/config", headers, seconds=seconds, connections=connections)
    finally:
        stack.stop()
    return {
        "benchmark": "GET /wps/system/config vs GET /healthz of the site service, both through Traefik",
        "connections": connections,
        "seconds": seconds,
        "healthz": baseline.as_dict(),
        "site_config": config.as_dict(),
        "throughput_ratio": round(config.requests_per_second / baseline.requests_per_second, 3),
        "p50_ratio": round(config.p50_ms / baseline.p50_ms, 3),
        "p99_ratio": round(config.p99_ms / baseline.p99_ms, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    report = run(args.seconds, args.connections)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "site_config.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

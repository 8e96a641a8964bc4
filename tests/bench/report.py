"""Prints the issue's measures from the latest results of the benchmarks (tests/bench/results/*.json): each
ratio against its baseline measured in the same run, its goal, and p50/p99 where the measure has them.

    ./portal bench     (runs every benchmark, then this)
"""

from __future__ import annotations

import json
import os
import platform
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"


@dataclass(frozen=True)
class Measure:
    name: str
    value: float | None
    goal: str
    meets: bool | None
    latency: str = ""


def _latency(result: dict[str, Any]) -> str:
    return f"p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms"


def measures(results: dict[str, dict[str, Any]]) -> list[Measure]:
    rows: list[Measure] = []
    wallet, auth, web = results.get("wallet"), results.get("auth"), results.get("web_budget")
    games, lottery, notices = results.get("games"), results.get("lottery"), results.get("notifications")
    agents, console, points = results.get("agent_contracts"), results.get("ops_console"), results.get("points")
    if wallet:
        ratio = wallet["pairs_ratio"]
        pairs = f"{wallet['nats_pairs_per_second']} / {wallet['sql_pairs_per_second']} pairs/s"
        if "money_call" in wallet:
            pairs += f"; a call {_latency(wallet['money_call'])}"
        rows.append(Measure("P1 money API pairs ÷ same SQL direct", ratio, "≥ 0.5", ratio >= 0.5, pairs))
    if auth:
        ratio = auth["member_info_throughput_ratio"]
        rows.append(Measure("P2 member info ÷ /healthz", ratio, "≥ 0.6", ratio >= 0.6, _latency(auth["member_info"])))
    if wallet:
        ratio = wallet["balance_throughput_ratio"]
        rows.append(Measure("P2 balance ÷ /healthz", ratio, "≥ 0.6", ratio >= 0.6, _latency(wallet["balance"])))
    if auth:
        ratio = auth["login_to_hash_ratio"]
        rows.append(Measure("P4 logins ÷ bare argon2id", ratio, "≥ 0.8", ratio >= 0.8, _latency(auth["login"])))
    if web:
        kilobytes = web["initial_js_gzip_bytes"] / 1024
        rows.append(Measure("P5 shell initial JS, KB gzip", round(kilobytes, 1), "≤ 150", kilobytes <= 150))
        lcp = web["lcp_ratio"]
        painted = f"{web['home_lcp_ms']} / {web['baseline_lcp_ms']} ms"
        rows.append(Measure("P5 home LCP ÷ banner-only page", lcp, "≤ 3", lcp is not None and lcp <= 3, painted))
        if "ordinary_network_lcp_ratio" in web:
            lcp = web["ordinary_network_lcp_ratio"]
            painted = f"{web['ordinary_network_home_lcp_ms']} / {web['ordinary_network_baseline_lcp_ms']} ms"
            rows.append(Measure("P5 the same at 100 ms RTT, 12 Mbit/s", lcp, "none", None, painted))
    if games:
        ratio = games["spins_to_pairs_ratio"]
        spun = f"{games['spin']['spins_per_second']} spins / {games['money_pairs_per_second']} pairs/s; a spin {_latency(games['spin'])}"
        rows.append(Measure("#43 slot spins ÷ money-API pairs", ratio, "≥ 0.5", ratio >= 0.5, spun))
    if lottery:
        slip, settled, pairs = lottery["slip"], lottery["settlement"], lottery["money_pairs_per_second"]
        slips = lottery["slips_to_pairs_ratio"]
        placed = f"{slip['slips_per_second']} slips / {pairs} pairs/s; a slip {_latency(slip)}"
        rows.append(Measure("#43 lottery slips ÷ money-API pairs", slips, "≥ 0.5", slips >= 0.5, placed))
        paid = f"{settled['bets']} bets in {settled['seconds']} s ({settled['won']} won) / {pairs} pairs/s"
        rows.append(
            Measure("#14 bets settled ÷ money-API pairs", lottery["settled_bets_to_pairs_ratio"], "none", None, paid)
        )
    if notices and "minimal_path" in notices:
        approved, minimal = notices["approval_to_toast"], notices["minimal_path"]
        told = f"approval → toast {_latency(approved)}; minimal path {_latency(minimal)}"
        ratio = notices["approval_p50_ratio"]
        rows.append(Measure("P3 approval → toast p50 ÷ minimal path", ratio, "≤ 2.5", ratio <= 2.5, told))
        ratio = notices["approval_p99_ratio"]
        rows.append(Measure("P3 approval → toast p99 ÷ minimal path", ratio, "≤ 3.5", ratio <= 3.5))
    if notices:
        raw, credited = notices["raw_jetstream"], notices["credited_to_toast"]
        told = f"toast {_latency(credited)}; raw JetStream {_latency(raw)}"
        ratio = notices["p99_ratio"]
        rows.append(Measure("P3 deposit credited → toast, p99 ÷ raw", ratio, "≤ 3", ratio <= 3, told))
        idle = notices["idle_sockets"]
        held = f"{idle['sockets']} sockets, {idle['rss_mib_at_all']} MiB in all"
        kib = idle["kib_per_socket"]
        rows.append(Measure("P3 memory per idle socket, KiB", kib, "≤ 16", kib <= 16, held))
        if "broadcast_p99_ratio" in idle:
            at_100, at_all = idle["broadcast_at_100"], idle["broadcast_at_all"]
            fanned = f"at {at_all['sockets']} {_latency(at_all)}; at 100 {_latency(at_100)}"
            ratio = idle["broadcast_p99_ratio"]
            rows.append(Measure("P3 broadcast p99, all ÷ 100 sockets", ratio, "≤ 3", ratio <= 3, fanned))
    if agents:
        ratio = agents["settlement_to_aggregate_ratio"]
        loaded = agents["loaded"]
        settled = (
            f"{loaded['agents']} agents, {loaded['bets']} bets: {agents['settlement_seconds']} s / "
            f"{agents['aggregate_seconds']} s"
        )
        rows.append(Measure("#45 real-time window ÷ SQL aggregate", ratio, "≤ 3", ratio <= 3, settled))
    if console:
        search, queue = console["member_search"]["all"], console["withdrawal_queue"]
        ratio = console["member_search_p99_ratio"]
        found = f"{console['loaded']['members']['members']} members; {_latency(search['gateway'])}"
        rows.append(Measure("#46 member search p99 ÷ same SQL", ratio, "≤ 3", ratio <= 3, found))
        ratio = console["withdrawal_queue_p99_ratio"]
        rows.append(
            Measure("#46 withdrawal queue p99 ÷ same SQL", ratio, "≤ 3", ratio <= 3, _latency(queue["gateway"]))
        )
    if points:
        ratio = points["events_to_pairs_ratio"]
        lag = points["lag_ms"]
        kept = (
            f"{points['backlog_events_per_second']} / {points['pairs_per_second']} per s; "
            f"lag p50 {lag['p50']:.1f} ms, p99 {lag['p99']:.1f} ms"
        )
        rows.append(Measure("#47 points events ÷ money-API pairs", ratio, "≥ 1", ratio >= 1, kept))
    return rows


def main() -> None:
    results = {path.stem: json.loads(path.read_text()) for path in sorted(RESULTS.glob("*.json"))}
    print(
        f"\nbenchmarks on {platform.node()}: {os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}"
    )
    for row in measures(results):
        verdict = "—" if row.meets is None else ("meets" if row.meets else "BELOW GOAL")
        value = "n/a" if row.value is None else f"{row.value}"
        print(f"  {row.name:<40} {value:>8}  goal {row.goal:<6} {verdict:<11} {row.latency}")


if __name__ == "__main__":
    main()

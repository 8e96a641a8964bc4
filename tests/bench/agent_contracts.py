"""Benchmark (issue 45, item 7): one real-time settlement window over 10,000 agents holding real-time salary
contracts and 1,000,000 settled bets, as a ratio to the single SQL aggregate over the same rows (every agent's whole
team's figures of the window through the closure table), measured in the same run. Not pass/fail; the goal is ≤ 3.

The figures are loaded with COPY as the event handlers would have written them: the tree (``team_member`` and its
closure ``team_link``), one ``member_window`` row (won and lost bets by valid bet) and one ``member_hour`` row per
betting member and currency for the 1,000,000 bets, the window before it with the same rows (so the aggregate picks
its window out of more than it), the contracts (rates falling by a level down the tree, a third with a bet amount)
and their cursors at the window, closed. The timed settlement is the claim step of the worker's tick for that
window (``settlement.service.claim_windows``, as ``settle`` runs it): the cursors claimed ``FOR UPDATE SKIP
LOCKED``, the holders and their nearest holders, the teams' figures, every holder's ``paidTotal`` (what its subtree
is paid, deducted from the one above), every line written ``PENDING`` and the cursors moved, committed. Paying the lines through the wallet over NATS is not timed (it is one money call a line, measured
by ``wallet.py``). One untimed settlement first (the worker's pool open and its statements compiled, as a running
worker's are); then each round times the aggregate, then the settlement, then puts the lines and cursors back
(untimed); the ratio is the median of the rounds'. The rounds' lines are checked in the results: as many as the
contracts whose teams reached their bet amounts, their sum, the cursors moved.

    ./portal bench     (or: .venv/bin/python tests/bench/agent_contracts.py --agents 10000 --bets 1000000)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

from agent_contracts_service.contracts.domain import Kind
from agent_contracts_service.settlement import service as settlement
from portal_kit.db import Database
from portal_kit.heap import startup_heap_frozen
from portal_kit.migrations import upgrade
from portal_kit.servers import database_url, ensure_database, free_port, postgres_process
from portal_kit.testing.plugin import running_processes

RESULTS = Path(__file__).resolve().parent / "results"
MIGRATIONS = Path(__file__).resolve().parents[2] / "services" / "agent_contracts" / "migrations"
MERCHANT = "benchbrand"
WINDOW = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)
STEP = timedelta(minutes=5)
CURRENCY = "TRY"

BASELINE = """
SELECT l.ancestor_id, w.currency, sum(w.won_count), sum(w.won_valid_bet), sum(w.lost_count), sum(w.lost_valid_bet)
FROM member_window w JOIN team_link l ON l.merchant = w.merchant AND l.descendant_id = w.account_id
WHERE w.merchant = %s AND w.window_start = %s AND l.depth >= 1
GROUP BY l.ancestor_id, w.currency
"""


def levels(agents: int, depth: int) -> list[int]:
    """How many agents at each level of the tree: growing by a factor that fills ``agents`` in ``depth`` levels."""
    tops = max(1, agents // 1000)
    factor = (agents / tops) ** (1 / max(1, depth - 1)) if depth > 1 else 1.0
    sizes = [max(1, round(tops * factor**level)) for level in range(depth)]
    sizes[-1] += agents - sum(sizes)
    return sizes


class Tree:
    """The agents (several levels), the members under them, and each account's ancestors."""

    def __init__(self, agents: int, members: int, depth: int, chance: random.Random) -> None:
        self.upline: dict[str, str | None] = {}
        self.level: dict[str, int] = {}
        self.agents: list[str] = []
        above: list[str] = []
        for level, size in enumerate(levels(agents, depth)):
            here = [str(uuid.UUID(int=chance.getrandbits(128))) for _ in range(size)]
            for account in here:
                self.upline[account] = chance.choice(above) if above else None
                self.level[account] = level
            self.agents += here
            above = here
        self.members = [str(uuid.UUID(int=chance.getrandbits(128))) for _ in range(members)]
        for member in self.members:
            agent = chance.choice(self.agents)
            self.upline[member] = agent
            self.level[member] = self.level[agent] + 1

    def links(self) -> Iterator[tuple[str, str, str, int]]:
        for account in self.upline:
            depth, above = 0, account
            while above is not None:
                yield (MERCHANT, above, account, depth)
                above, depth = self.upline[above], depth + 1


def terms_of(level: int, chance: random.Random) -> dict[str, int]:
    """Rates falling by a level (a contract never pays more than the one above it); a third with a bet amount."""
    rate = max(10, 500 - 80 * level)
    return {"winRate": rate - 10, "lossRate": rate, "betAmount": chance.choice([0, 0, 200_000])}


def load(url: str, tree: Tree, bets: int, chance: random.Random) -> dict[str, int]:
    """The rows the handlers and the contracts' calls would have written, by COPY."""
    started = time.perf_counter()
    by_member: dict[str, list[int]] = {}  # won count, won valid bet, lost count, lost valid bet, stake, win
    for _ in range(bets):
        member = tree.members[chance.randrange(len(tree.members))]
        stake = chance.randrange(100, 100_000)
        won = chance.random() < 0.45
        win = stake + chance.randrange(1, stake + 1) if won else chance.choice([0, 0, stake // 2])
        row = by_member.setdefault(member, [0, 0, 0, 0, 0, 0])
        if won:
            row[0], row[1] = row[0] + 1, row[1] + stake
        else:
            row[2], row[3] = row[2] + 1, row[3] + stake
        row[4], row[5] = row[4] + stake, row[5] + win
    links = 0
    with psycopg.connect(url, autocommit=True) as db:
        with db.cursor() as cursor:
            with cursor.copy("COPY team_member (merchant, account_id, username, account_type, upline_id, depth, "
                             "placeholder, registered_at) FROM STDIN") as copy:  # fmt: skip
                agents = set(tree.agents)
                for account, upline in tree.upline.items():
                    copy.write_row((MERCHANT, account, account[:12], 1 if account in agents else 0, upline,
                                    tree.level[account], False, WINDOW - timedelta(days=30)))  # fmt: skip
            with cursor.copy("COPY team_link (merchant, ancestor_id, descendant_id, depth) FROM STDIN") as copy:
                for link in tree.links():
                    copy.write_row(link)
                    links += 1
            with cursor.copy("COPY member_window (merchant, account_id, window_start, currency, won_count, "
                             "won_valid_bet, lost_count, lost_valid_bet) FROM STDIN") as copy:  # fmt: skip
                for earlier in (WINDOW - STEP, WINDOW):
                    for member, row in by_member.items():
                        copy.write_row((MERCHANT, member, earlier, CURRENCY, *row[:4]))
            with cursor.copy("COPY member_hour (merchant, account_id, hour, currency, bet_count, stake, win, "
                             "valid_bet, deposit_count, deposit, withdrawal_count, withdrawal) FROM STDIN") as copy:  # fmt: skip
                for member, row in by_member.items():
                    copy.write_row((MERCHANT, member, WINDOW.replace(minute=0), CURRENCY, row[0] + row[2], row[4],
                                    row[5], row[1] + row[3], 0, 0, 0, 0))  # fmt: skip
            with cursor.copy("COPY contract (merchant, kind, account_id, upline_id, terms, rates, ratio, status, "
                             "started_at) FROM STDIN") as copy:  # fmt: skip
                for agent in tree.agents:
                    terms = terms_of(tree.level[agent], chance)
                    rates = {"winRate": terms["winRate"], "lossRate": terms["lossRate"]}
                    copy.write_row((MERCHANT, Kind.REALTIME_SALARY.value, agent, tree.upline[agent],
                                    json.dumps(terms), json.dumps(rates), max(rates.values()), "ACTIVE",
                                    WINDOW - timedelta(hours=1)))  # fmt: skip
        db.execute(
            "INSERT INTO settlement_cursor (contract_id, merchant, kind, account_id, next_start, next_end, done) "
            "SELECT id, merchant, kind, account_id, %s, %s, false FROM contract",
            (WINDOW, WINDOW + STEP),
        )
        db.execute("INSERT INTO window_close (merchant, closed_through) VALUES (%s, %s)", (MERCHANT, WINDOW + STEP))
        db.execute("VACUUM ANALYZE")
    return {
        "agents": len(tree.agents),
        "members": len(tree.members),
        "betting_members": len(by_member),
        "bets": bets,
        "team_links": links,
        "member_window_rows_of_the_window": len(by_member),
        "load_seconds": round(time.perf_counter() - started, 1),
    }


def baseline(url: str) -> tuple[float, int]:
    with psycopg.connect(url) as db:
        started = time.perf_counter()
        rows = db.execute(BASELINE, (MERCHANT, WINDOW)).fetchall()
        return time.perf_counter() - started, len(rows)


async def settle_window(db: Database) -> float:
    """The worker's claim step for the closed window, as ``settle`` runs it, timed."""
    started = time.perf_counter()
    while await settlement.claim_windows(db, WINDOW + STEP, 20_000, 12):
        pass
    return time.perf_counter() - started


def written(url: str) -> tuple[int, int, int]:
    with psycopg.connect(url) as db:
        row = db.execute("SELECT count(*), coalesce(sum(amount), 0) FROM settlement_line").fetchone()
        moved = db.execute("SELECT count(*) FROM settlement_cursor WHERE next_start = %s", (WINDOW + STEP,)).fetchone()
    assert row is not None and moved is not None
    return int(row[0]), int(row[1]), int(moved[0])


def undo(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("DELETE FROM settlement_line")
        db.execute("UPDATE settlement_cursor SET next_start = %s, next_end = %s, done = false", (WINDOW, WINDOW + STEP))
        db.execute("VACUUM ANALYZE settlement_line, settlement_cursor")


def run(agents: int, members: int, bets: int, depth: int, rounds: int) -> dict[str, Any]:
    chance = random.Random(45)
    root = Path(tempfile.mkdtemp(prefix="portal-bench-ac-"))
    root.chmod(0o755)
    port = free_port()
    postgres = postgres_process(root / "pg", port, root / "postgres.log")
    try:
        with running_processes(postgres):
            admin = f"postgresql://postgres@127.0.0.1:{port}/postgres"
            ensure_database(admin, "agent_contracts")
            url = database_url(admin, "agent_contracts")
            upgrade(MIGRATIONS, url)
            # the tree is dropped once loaded: the worker holds nothing of it (nor its collector's walks over it)
            loaded = load(url, Tree(agents, members, depth, chance), bets, chance)
            measured, lines = asyncio.run(rounds_of(url, rounds))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return {
        "benchmark": "one real-time settlement window (claim step: lines written, cursors moved) vs the single SQL "
        "aggregate of every agent's team figures of the window via the closure table",
        "loaded": loaded,
        "depth": depth,
        "rounds": measured,
        "lines_written": lines[0],
        "lines_amount": lines[1],
        "cursors_moved": lines[2],
        "aggregate_seconds": statistics.median(r["aggregate_seconds"] for r in measured),
        "settlement_seconds": statistics.median(r["settlement_seconds"] for r in measured),
        "settlement_to_aggregate_ratio": statistics.median(r["ratio"] for r in measured),
    }


async def rounds_of(url: str, rounds: int) -> tuple[list[dict[str, Any]], tuple[int, int, int]]:
    """One worker's database for the run (its pool open and its statements compiled, as a running worker's are after
    its first tick: one untimed settlement first; its startup heap frozen, as the worker's is), then each round: the
    aggregate, the settlement, both timed; the lines and cursors put back."""
    db = Database(url, pool_size=2, max_overflow=0)
    measured: list[dict[str, Any]] = []
    lines = (0, 0, 0)
    try:
        await settle_window(db)
        undo(url)
        with startup_heap_frozen():
            for _ in range(rounds):
                aggregate, groups = baseline(url)
                seconds = await settle_window(db)
                lines = written(url)
                measured.append({
                    "aggregate_seconds": round(aggregate, 3), "aggregate_rows": groups,
                    "settlement_seconds": round(seconds, 3), "ratio": round(seconds / aggregate, 2),
                })  # fmt: skip
                undo(url)
    finally:
        await db.dispose()
    return measured, lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--agents", type=int, default=10_000)
    parser.add_argument("--members", type=int, default=100_000)
    parser.add_argument("--bets", type=int, default=1_000_000)
    parser.add_argument("--depth", type=int, default=5, help="levels of agents")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    report = run(args.agents, args.members, args.bets, args.depth, args.rounds)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "agent_contracts.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""Benchmark, issue #47 item 9: does points earning keep up with play? Settled-bet events consumed per second by the
points worker, as a ratio to money-API debit+credit pairs per second in the same run (each settled bet is one such
pair), and the p99 lag from a bet's settlement to its points, with bets settling at the pairs' rate. Not pass/fail.

The bets are published into the GAMES stream as games' relay publishes them (each a whole betting unit, so each earns
one point and writes its entry); their members' registrations into AUTH first. For the backlog the worker is held
back while the bets are published (the bench holds a lock on ``point_member``, which every pull reads first), then
let go: the rate is the bets over the time from the release to the last acknowledged by ``points__game_bet``.
The lag is the entry's ``created_at`` (its transaction's start) less the bet's publish, bets published one at a time
at the rate the money API just made pairs.

    ./portal bench     (or: .venv/bin/python tests/bench/points.py --bets 5000)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nats
import psycopg
from wallet import CONCURRENCY, nats_pairs, open_account

from portal_events import AuthMemberRegisteredV1, GamesBetSettledV1
from portal_kit.messaging.events import new_event
from portal_stack.harness import Stack

RESULTS = Path(__file__).resolve().parent / "results"
MERCHANT = "turkeyf2"
UNIT = 10_000  # the demo brand's betting unit: each bet earns one point
MEMBERS = 200
PUBLISHERS = 32


def bet(account: str) -> GamesBetSettledV1:
    data = {"roundId": str(uuid.uuid4()), "accountId": account, "vendor": "BGS", "gameType": "RNG",
            "gameCode": "BGS_FRUIT5", "currency": "TRY", "stake": UNIT, "win": 0, "validBet": UNIT,
            "settledAt": datetime.now(UTC).isoformat()}  # fmt: skip
    return new_event(GamesBetSettledV1, MERCHANT, data)


async def publish(js: Any, event: Any) -> float:
    body = event.model_dump_json().encode()
    at = time.time()
    await js.publish(event.subject, body, headers={"Nats-Msg-Id": str(event.id), "Portal-Event-Id": str(event.id)})
    return at


async def drained(js: Any, stream: str, durable: str, published: int) -> float:
    """When ``durable`` has acknowledged the stream's first ``published`` messages (polled every 10 ms)."""
    while True:
        info = await js.consumer_info(stream, durable)
        if info.num_pending == 0 and info.num_ack_pending == 0 and (info.delivered.stream_seq or 0) >= published:
            return time.time()
        await asyncio.sleep(0.01)


async def earning(stack: Stack, bets: int, lag_bets: int, pace: float) -> dict[str, Any]:
    nc = await nats.connect(stack.nats_url)
    js = nc.jetstream()
    members = [str(uuid.uuid4()) for _ in range(MEMBERS)]
    for index, member in enumerate(members):
        data = {"accountId": member, "username": f"pointsbench{index}", "accountType": 0, "uplineId": None,
                "registerMethod": "USERNAME"}  # fmt: skip
        await publish(js, new_event(AuthMemberRegisteredV1, MERCHANT, data))
    auth_seq = (await js.stream_info("AUTH")).state.last_seq
    await drained(js, "AUTH", "points__registered", auth_seq)
    games_before = (await js.stream_info("GAMES")).state.last_seq

    events = [bet(members[n % MEMBERS]) for n in range(bets)]
    queue = iter(events)

    async def publisher() -> None:
        for event in queue:
            await publish(js, event)

    async with await psycopg.AsyncConnection.connect(stack.database_url("points")) as hold:
        await hold.execute("LOCK TABLE point_member IN ACCESS EXCLUSIVE MODE")
        publishing = time.time()
        await asyncio.gather(*(publisher() for _ in range(PUBLISHERS)))
        published = time.time()
        await hold.rollback()  # the worker goes on
    started = time.time()
    done = await drained(js, "GAMES", "points__game_bet", games_before + bets)
    backlog_rate = bets / (done - started)

    sent: dict[str, float] = {}
    for n in range(lag_bets):  # one at a time at the pairs' rate, as play would settle them
        event = bet(members[n % MEMBERS])
        sent[str(event.id)] = await publish(js, event)
        await asyncio.sleep(max(0.0, 1 / pace - 0.0002))
    await drained(js, "GAMES", "points__game_bet", games_before + bets + lag_bets)
    await nc.close()
    async with await psycopg.AsyncConnection.connect(stack.database_url("points")) as db:
        rows = await (
            await db.execute(
                "SELECT source, extract(epoch FROM created_at) FROM point_entry WHERE source = ANY(%s)", (list(sent),)
            )
        ).fetchall()
        earned = (await (await db.execute("SELECT count(*) FROM point_entry")).fetchone() or [0])[0]
    lags = sorted((float(at) - sent[source]) * 1000 for source, at in rows)
    return {
        "bets": bets,
        "members": MEMBERS,
        "backlog_events_per_second": round(backlog_rate, 1),
        "publish_seconds": round(published - publishing, 2),
        "drain_seconds": round(done - started, 2),
        "lag_bets": lag_bets,
        "lag_pace_per_second": round(pace, 1),
        "lag_ms": {
            "p50": round(statistics.median(lags), 2),
            "p99": round(lags[max(int(len(lags) * 0.99) - 1, 0)], 2),
            "max": round(lags[-1], 2),
        },
        "entries": int(earned),
        "every_bet_earned": int(earned) == bets + lag_bets and len(rows) == lag_bets,
    }


def run(bets: int, pairs: int, lag_bets: int) -> dict[str, Any]:
    stack = Stack()
    stack.up()
    try:
        accounts = [asyncio.run(open_account(stack, index)) for index in range(CONCURRENCY)]
        pairs_rate, call = asyncio.run(nats_pairs(stack, accounts, pairs))
        points = asyncio.run(earning(stack, bets, lag_bets, pairs_rate))
    finally:
        stack.stop()
    return {
        "benchmark": "settled-bet events consumed by the points worker vs money-API debit+credit pairs, same run",
        "pairs_per_second": round(pairs_rate, 1),
        "money_call": call,
        **points,
        "events_to_pairs_ratio": round(points["backlog_events_per_second"] / pairs_rate, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bets", type=int, default=5000)
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--lag-bets", type=int, default=500)
    args = parser.parse_args()
    report = run(args.bets, args.pairs, args.lag_bets)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "points.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""Benchmark (issue 46, item 5): the ops console's two heaviest reads through Traefik, each as a ratio of its p99 to
the p99 of the same SQL issued directly with psycopg on a warm connection, measured in the same run. Not
pass/fail; the goal of each is ≤ 3.

1. The member search (``POST /wps/ops/auth/merchants/{code}/members/search``, what to find in the body, page 1 of
   20) over 1,000,000 members of one brand: by the start of a username (3–5 letters, taken from the loaded names,
   so common starts match thousands of members, and a few that match none), by a mobile number exactly and by an
   address exactly (register or last sign-in).
2. The withdrawal queue's first page of pending withdrawals (``GET /wps/ops/wallet/merchants/{code}/withdrawals``)
   among 200,000 withdrawals of that brand, a few thousand of them pending.

The rows are loaded with COPY as the services would have written them (members with realistic usernames, mobile
numbers, addresses shared as carriers' do, joined over a year; bank accounts and withdrawals of some of them), then
``VACUUM ANALYZE``. The baseline issues exactly the statements the services' repositories build (each repository
function is called with a stand-in session that keeps its statements, compiled for psycopg as SQLAlchemy compiles
them: the page and the count), in one read transaction as the service's reader session, on one warm connection.
Every call is made once of each side untimed first; then the timed calls alternate which side goes first. Each
gateway call is checked against its baseline (the same total and the same page of ids). The results also keep each
measure's slowest calls of each side and the server's plans (``EXPLAIN (ANALYZE, BUFFERS)``) of the slowest SQL.

The gateway limits ops calls to 20/s per source address, so the calls rotate over 16 loopback addresses (127.0.0.x,
inside the stack's ops ranges), each on its own keep-alive connection, one call at a time.

    ./portal bench     (or: .venv/bin/python tests/bench/ops_console.py --members 1000000 --withdrawals 200000)
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import random
import re
import shutil
import statistics
import time
import uuid
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlencode, urlsplit

import psycopg
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine
from sqlalchemy.pool import NullPool
from sqlalchemy.sql import Executable
from sqlalchemy.sql.elements import ClauseElement

from auth_service.passwords import _hasher
from auth_service.support import repository as members
from auth_service.support.domain import SearchBy
from portal_kit.paging import Page
from portal_kit.sessions import OpsRole
from portal_kit.testing.sessions import ops_session
from portal_stack.harness import Stack
from wallet_service.withdrawals import repository as withdrawals
from wallet_service.withdrawals.domain import WithdrawalState

RESULTS = Path(__file__).resolve().parent / "results"
MERCHANT = "turkeyf2"
NOW = datetime.now(UTC).replace(microsecond=0)
YEAR = timedelta(days=365)
PAGE = Page(1, 20)
ADDRESSES = 16  # source addresses of the gateway calls: 20 ops calls a second each at most
MIN_INTERVAL = 1 / 18  # between two calls from one address, under the gateway's 20/s
SLOWEST = 8  # calls of each side's slowest kept in the results


def words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Usernames as players pick them: a name (Turkish and common Latin ones), often a surname or a word after it, often
# digits (a year, a number); some made of letters and digits only.
NAMES = words(
    "mehmet ahmet mustafa ali huseyin hasan ibrahim ismail osman yusuf murat omer ramazan halil suleyman abdullah "
    "mahmut recep salih fatih kadir emre hakan burak serkan volkan kemal orhan yasin ugur tolga onur cem can "
    "deniz baris gokhan sinan erkan kaan berk arda efe emir eren yigit alp batu mert umut kerem selim tuna "
    "fatma ayse emine hatice zeynep elif meryem sultan hacer hanife merve busra esra ozlem yasemin derya "
    "ebru gamze sibel tugba seda gizem pinar melek dilek aylin ceren irem buse ece nur sude asli damla "
    "john alex max leo sam tom ben dan nick mark paul chris david lucas adam oscar victor ivan igor"
)
WORDS = words(
    "yilmaz kaya demir sahin celik yildiz yildirim ozturk aydin ozdemir arslan dogan kilic aslan cetin kara koc "
    "kurt ozkan simsek polat korkmaz erdogan aktas bulut gunes tekin keskin bozkurt uysal acar karaca "
    "bey han kral aslan kartal reis pasa baba abi usta gs fb bjk ts win bet lucky king star boss pro"
)
SYLLABLES = words(
    "ba be bi bo bu ca ce da de di do ka ke ki ko ku la le li lo ma me mi mo na ne ni no ra re ri ro "
    "sa se si ta te ti to ya ye yi za ze zi"
)
ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789"


def username(chance: random.Random) -> str:
    """A name of 6–16 lower-case letters and digits, starting with a letter."""
    while True:
        shape = chance.random()
        if shape < 0.35:
            name = chance.choice(NAMES) + str(chance.choice([chance.randrange(1, 100), chance.randrange(1960, 2008)]))
        elif shape < 0.6:
            name = chance.choice(NAMES) + chance.choice(WORDS)
        elif shape < 0.8:
            name = chance.choice(NAMES) + chance.choice(WORDS) + str(chance.randrange(1, 1000))
        elif shape < 0.92:
            name = "".join(chance.choice(SYLLABLES) for _ in range(chance.randrange(3, 6))) + str(chance.randrange(100))
        else:
            name = chance.choice(ALNUM[:26]) + "".join(chance.choice(ALNUM) for _ in range(chance.randrange(5, 12)))
        while len(name) < 6:
            name += str(chance.randrange(10))
        if len(name) <= 16:
            return name


def unique_usernames(count: int, chance: random.Random) -> list[str]:
    """``count`` names, none twice: a name taken gets digits after it, as a player picks one then (another name
    when it reaches 16 characters still taken)."""
    seen: set[str] = set()
    names: list[str] = []
    while len(names) < count:
        name = username(chance)
        while name in seen and len(name) < 16:
            name += str(chance.randrange(10))
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def address(chance: random.Random) -> str:
    return f"{chance.randrange(78, 96)}.{chance.randrange(256)}.{chance.randrange(256)}.{chance.randrange(1, 255)}"


@dataclass
class Members:
    ids: list[str]
    usernames: list[str]
    mobiles: list[str | None]
    addresses: list[str]
    loaded: dict[str, Any] = field(default_factory=dict)


def load_members(url: str, count: int, chance: random.Random) -> Members:
    """``count`` members of the brand by COPY, as registration and sign-in leave them: unique lower-case usernames,
    most with a unique mobile number (without its dialing code), their register and last sign-in addresses (about
    half of them from a pool of carriers' shared addresses), joined over the last year."""
    started = time.perf_counter()
    names = unique_usernames(count, chance)
    numbers = chance.sample(range(500_000_000, 560_000_000), count)
    shared = [address(chance) for _ in range(max(1, count // 20))]
    password = _hasher.hash("Bench-pass-1")  # one hash for all: hashing a million would take hours
    ids = [str(uuid.UUID(int=chance.getrandbits(128), version=4)) for _ in range(count)]
    mobiles: list[str | None] = []
    seen_addresses: list[str] = []
    with psycopg.connect(url, autocommit=True) as db, db.cursor() as cursor:
        with cursor.copy("COPY account (id, merchant, username, account_type, status, password_hash, "
                         "password_changed_at, nickname, mobile_num, country_dialing_code, contacts, register_ip, "
                         "register_method, created_at, last_login_at, last_login_ip) FROM STDIN") as copy:  # fmt: skip
            for index in range(count):
                created = NOW - YEAR + timedelta(seconds=chance.randrange(int(YEAR.total_seconds())))
                mobile = f"5{numbers[index]:09d}" if chance.random() < 0.85 else None
                registered = chance.choice(shared) if chance.random() < 0.5 else address(chance)
                signed_in = chance.random() < 0.9
                last_at = created + (NOW - created) * chance.random() if signed_in else None
                last_ip = (registered if chance.random() < 0.5 else chance.choice(shared)) if signed_in else None
                copy.write_row((
                    ids[index], MERCHANT, names[index], 0, "active", password, created, None, mobile,
                    "90" if mobile else None, "{}", registered, "MOBILE" if mobile else "USERNAME", created,
                    last_at, last_ip,
                ))  # fmt: skip
                mobiles.append(mobile)
                if index % 97 == 0:
                    seen_addresses.append(last_ip or registered)
        db.execute("VACUUM ANALYZE account")
    loaded = {"members": count, "load_seconds": round(time.perf_counter() - started, 1)}
    return Members(ids, names, mobiles, seen_addresses, loaded)


def load_withdrawals(url: str, accounts: list[str], count: int, pending: int, chance: random.Random) -> dict[str, Any]:
    """``count`` withdrawals of the brand by COPY (and the bank accounts they go to, one per withdrawing member):
    ``pending`` of them waiting (asked in the last two days), a few approved or paid in the last days (their
    deadlines ahead, so the worker leaves them), the rest decided over the year: received (by the member or by the
    deadline), rejected, a few disputed, refunded or closed."""
    started = time.perf_counter()
    payees = chance.sample(accounts, max(1, min(len(accounts), count // 5)))
    banks = {payee: str(uuid.UUID(int=chance.getrandbits(128), version=4)) for payee in payees}
    recent = pending + count // 100
    final = (("received_auto", 40), ("received", 30), ("rejected", 25), ("refunded", 2), ("closed", 1),
             ("partly_received", 1), ("not_received", 1))  # fmt: skip
    decided_over = int((YEAR - timedelta(days=3)).total_seconds())  # the final states, up to three days ago
    states = [state for state, _ in final]
    weights = [weight for _, weight in final]
    by_state: dict[str, int] = {}
    with psycopg.connect(url, autocommit=True) as db, db.cursor() as cursor:
        with cursor.copy("COPY bank_account (id, merchant, account_id, bank_name, holder_name, account_number, "
                         "created_at) FROM STDIN") as copy:  # fmt: skip
            for payee, bank in banks.items():
                iban = f"TR{chance.randrange(10**24):024d}"
                copy.write_row((bank, MERCHANT, payee, "Ziraat", "Bench Payee", iban, NOW - YEAR))
        with cursor.copy("COPY withdrawal (id, merchant, account_id, request_id, bank_account_id, amount, currency, "
                         "status, remainder, confirm_deadline, decided_by, approved_by, second_person, reason, "
                         "created_at, updated_at) FROM STDIN") as copy:  # fmt: skip
            for index in range(count):
                payee = payees[chance.randrange(len(payees))]
                amount = chance.choice([10_000, 25_000, 50_000, 100_000, 250_000]) + chance.randrange(0, 10_000)
                if index < pending:
                    state, created = "pending", NOW - timedelta(seconds=chance.randrange(2 * 86_400))
                elif index < recent:
                    state = chance.choice(["approved", "paid"])
                    created = NOW - timedelta(seconds=chance.randrange(2 * 86_400))
                else:
                    state = chance.choices(states, weights)[0]
                    created = NOW - YEAR + timedelta(seconds=chance.randrange(decided_over))
                decided = None if state == "pending" else "bench.finance"
                deadline = created + timedelta(days=3) if state not in ("pending", "approved", "rejected") else None
                if state == "paid":
                    deadline = NOW + timedelta(days=2)
                reason = "bank details do not match" if state in ("rejected", "closed") else None
                remainder = amount // 2 if state == "partly_received" else None
                copy.write_row((
                    str(uuid.UUID(int=chance.getrandbits(128), version=4)), MERCHANT, payee, f"req-{index}",
                    banks[payee], amount, "TRY", state, remainder, deadline, decided, decided, False, reason,
                    created, created + timedelta(minutes=chance.randrange(1, 600)) if decided else created,
                ))  # fmt: skip
                by_state[state] = by_state.get(state, 0) + 1
        db.execute("VACUUM ANALYZE bank_account, withdrawal")
    return {
        "withdrawals": count,
        "bank_accounts": len(banks),
        "by_state": dict(sorted(by_state.items())),
        "load_seconds": round(time.perf_counter() - started, 1),
    }


class _NoRows:
    """What the stand-in session answers: nothing (the statements are kept, not run)."""

    def all(self) -> list[Any]:
        return []

    def scalar(self) -> None:
        return None

    def scalar_one(self) -> int:
        return 0

    def first(self) -> None:
        return None

    def __iter__(self) -> Iterator[Any]:
        return iter(())


class Recorder:
    """A stand-in for the repositories' ``AsyncSession``: keeps every statement it is given."""

    def __init__(self) -> None:
        self.statements: list[Executable] = []

    async def scalars(self, statement: Executable, *args: Any, **kwargs: Any) -> _NoRows:
        self.statements.append(statement)
        return _NoRows()

    async def scalar(self, statement: Executable, *args: Any, **kwargs: Any) -> None:
        self.statements.append(statement)
        return None

    async def execute(self, statement: Executable, *args: Any, **kwargs: Any) -> _NoRows:
        self.statements.append(statement)
        return _NoRows()


DIALECT = create_async_engine("postgresql+psycopg://", poolclass=NullPool).dialect  # the services' (portal_kit.db)


def issued(call: Callable[[AsyncSession], Coroutine[Any, Any, object]]) -> list[tuple[str, dict[str, Any]]]:
    """The statements the repository function issues, as SQLAlchemy compiles them for the services' driver
    (psycopg, its parameters' casts rendered), with their parameters."""
    recorder = Recorder()
    asyncio.run(call(cast("AsyncSession", recorder)))
    statements = []
    for statement in recorder.statements:
        compiled = cast("ClauseElement", statement).compile(
            dialect=DIALECT, compile_kwargs={"render_postcompile": True}
        )
        statements.append((str(compiled), dict(compiled.params)))
    return statements


@dataclass
class Call:
    """One read of the console: its path through the gateway and the statements the service issues for it."""

    kind: str
    label: str  # what was searched
    path: str
    statements: list[tuple[str, dict[str, Any]]]
    body: bytes | None = None  # a POST's JSON body; a GET without


def member_call(by: SearchBy, text: str) -> Call:
    """The search is in the body (personal data is kept out of URLs), the page in the query."""
    query = urlencode({"pageNo": PAGE.number, "pageSize": PAGE.size})
    statements = issued(lambda session: members.search(session, MERCHANT, by, text.strip(), PAGE))
    body = json.dumps({"search": text, "by": by.value}).encode()
    return Call(by.value, text, f"/wps/ops/auth/merchants/{MERCHANT}/members/search?{query}", statements, body)


def queue_call() -> Call:
    query = urlencode({"status": "pending", "pageNo": PAGE.number, "pageSize": PAGE.size})
    statements = issued(
        lambda session: withdrawals.queue_page(session, MERCHANT, PAGE, account_id=None, status=WithdrawalState.PENDING)
    )
    return Call("pending", "pending", f"/wps/ops/wallet/merchants/{MERCHANT}/withdrawals?{query}", statements)


def member_calls(loaded: Members, count: int, chance: random.Random) -> list[Call]:
    """Two thirds by the start of a username (3–5 letters of a loaded name, one in twenty starting nowhere), a
    sixth by a mobile number (one in ten unknown), a sixth by an address."""
    calls: list[Call] = []
    with_mobile = [mobile for mobile in loaded.mobiles[: count * 50] if mobile]
    for index in range(count):
        if index % 6 < 4:
            if index % 20 == 3:
                text = "".join(chance.choice("qxjw") for _ in range(chance.randrange(3, 6)))
            else:
                letters = ""
                while len(letters) < 3:  # the letters a loaded name starts with
                    letters = re.match(r"[a-z]*", chance.choice(loaded.usernames)).group()  # type: ignore[union-attr]
                text = letters[: chance.randrange(3, 6)]
            calls.append(member_call(SearchBy.USERNAME, text))
        elif index % 6 == 4:
            mobile = chance.choice(with_mobile) if chance.random() < 0.9 else f"59{chance.randrange(10**8):08d}"
            calls.append(member_call(SearchBy.MOBILE, mobile))
        else:
            calls.append(member_call(SearchBy.ADDRESS, chance.choice(loaded.addresses)))
    return calls


class Gateway:
    """Keep-alive connections to Traefik from ``ADDRESSES`` loopback addresses, used in turn, each at most once every
    ``MIN_INTERVAL`` (the gateway's ops limit is per address). A call is timed from its send to its whole body."""

    def __init__(self, url: str, token: str) -> None:
        parts = urlsplit(url)
        self.headers = {"Authorization": token, "Accept": "application/json"}
        self.posting = {**self.headers, "Content-Type": "application/json"}
        self.connections = [
            http.client.HTTPConnection(
                parts.hostname or "127.0.0.1", parts.port or 80, timeout=30, source_address=(f"127.0.0.{120 + n}", 0)
            )
            for n in range(ADDRESSES)
        ]
        self.last = [0.0] * ADDRESSES
        self.turn = 0

    def send(self, call: Call) -> tuple[float, dict[str, Any]]:
        turn = self.turn = (self.turn + 1) % ADDRESSES
        time.sleep(max(0.0, self.last[turn] + MIN_INTERVAL - time.perf_counter()))
        connection = self.connections[turn]
        method, headers = ("POST", self.posting) if call.body is not None else ("GET", self.headers)
        started = time.perf_counter()
        connection.request(method, call.path, call.body, headers=headers)
        response = connection.getresponse()
        body = response.read()
        elapsed = time.perf_counter() - started
        self.last[turn] = time.perf_counter()
        if response.status != 200:
            raise RuntimeError(f"{method} {call.path} answered {response.status}: {body[:300]!r}")
        return elapsed, json.loads(body)["value"]

    def close(self) -> None:
        for connection in self.connections:
            connection.close()


def direct(db: psycopg.Connection[Any], call: Call) -> tuple[float, list[list[Any]]]:
    """The call's statements on the warm connection, in one transaction ended as the service's reader session ends
    it (rolled back); timed from the first statement sent to the end."""
    started = time.perf_counter()
    answers = [db.execute(statement, params).fetchall() for statement, params in call.statements]
    db.rollback()
    return time.perf_counter() - started, answers


def check(call: Call, answer: dict[str, Any], rows: list[list[Any]]) -> None:
    """The gateway's page is the baseline's: the same total and the same ids in the same order."""
    counts = [n for n, (statement, _) in enumerate(call.statements) if statement.lstrip().startswith("SELECT count(")]
    if len(counts) != 1 or len(rows) != 2:
        raise RuntimeError(f"{call.path}: expected a page and a count, got {[s for s, _ in call.statements]}")
    counted, page = rows[counts[0]], rows[1 - counts[0]]
    total = counted[0][0]
    ids = [row[0] for row in page]
    got = [item.get("id") or item.get("withdrawalId") for item in answer["list"]]
    if answer["total"] != total or got != ids:
        raise RuntimeError(f"{call.path}: the gateway answered {answer['total']} {got[:3]}, the SQL {total} {ids[:3]}")


def percentiles(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 2),
        "p99_ms": round(ordered[max(int(len(ordered) * 0.99) - 1, 0)] * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2),
    }


def measure(gateway: Gateway, db: psycopg.Connection[Any], calls: list[Call]) -> dict[str, Any]:
    """Every call once of each side untimed (and checked), then every call timed on both sides, the side going first
    alternating; p50/p99 of each side, in all and by kind."""
    for call in calls:
        _, answer = gateway.send(call)
        _, rows = direct(db, call)
        check(call, answer, rows)
    through: dict[str, list[float]] = {}
    sql: dict[str, list[float]] = {}
    totals: dict[str, list[int]] = {}
    timed: list[tuple[float, float, Call, int]] = []
    for index, call in enumerate(calls):
        if index % 2:
            seconds, answer = gateway.send(call)
            baseline, _ = direct(db, call)
        else:
            baseline, _ = direct(db, call)
            seconds, answer = gateway.send(call)
        for kind in ("all", call.kind):
            through.setdefault(kind, []).append(seconds)
            sql.setdefault(kind, []).append(baseline)
            totals.setdefault(kind, []).append(int(answer["total"]))
        timed.append((seconds, baseline, call, int(answer["total"])))
    report: dict[str, Any] = {}
    for kind in through:
        gate, base = percentiles(through[kind]), percentiles(sql[kind])
        report[kind] = {
            "calls": len(through[kind]),
            "matched_median": statistics.median(totals[kind]),
            "matched_max": max(totals[kind]),
            "gateway": gate,
            "sql": base,
            "p99_ratio": round(gate["p99_ms"] / base["p99_ms"], 2),
            "p50_ratio": round(gate["p50_ms"] / base["p50_ms"], 2),
        }

    def slowest(side: int) -> list[dict[str, Any]]:
        ordered = sorted(timed, key=lambda entry: entry[0] if side == 0 else entry[1], reverse=True)[:SLOWEST]
        return [
            {"by": call.kind, "search": call.label, "matched": total,
             "gateway_ms": round(gate * 1000, 2), "sql_ms": round(base * 1000, 2)}
            for gate, base, call, total in ordered
        ]  # fmt: skip

    report["all"]["slowest_through_the_gateway"] = slowest(0)
    report["all"]["slowest_sql"] = slowest(1)
    report["all"]["plans_of_the_slowest_sql"] = plans(db, max(timed, key=lambda entry: entry[1])[2])
    return report


def plans(db: psycopg.Connection[Any], call: Call) -> list[list[str]]:
    """The call's statements' plans as the server runs them now (``EXPLAIN (ANALYZE, BUFFERS)``), untimed."""
    explained = [
        [row[0] for row in db.execute(f"EXPLAIN (ANALYZE, BUFFERS) {statement}", params).fetchall()]
        for statement, params in call.statements
    ]
    db.rollback()
    return explained


def run(member_count: int, withdrawal_count: int, pending: int, searches: int, queue_reads: int) -> dict[str, Any]:
    chance = random.Random(46)
    started = time.perf_counter()
    phases: dict[str, float] = {}

    def phase(name: str) -> None:
        phases[name] = round(time.perf_counter() - started - sum(phases.values()), 1)

    stack = Stack()
    stack.up()
    try:
        phase("stack_up")
        token = asyncio.run(ops_session(stack.redis_url, "bench.ops", roles=(OpsRole.ADMIN,), merchants=(MERCHANT,)))
        loaded = load_members(stack.database_url("auth"), member_count, chance)
        phase("members_loaded")
        queue_loaded = load_withdrawals(stack.database_url("wallet"), loaded.ids, withdrawal_count, pending, chance)
        phase("withdrawals_loaded")
        gateway = Gateway(stack.url, token)
        try:
            with psycopg.connect(stack.database_url("auth")) as db:
                search = measure(gateway, db, member_calls(loaded, searches, chance))
            phase("member_search_measured")
            with psycopg.connect(stack.database_url("wallet")) as db:
                queue = measure(gateway, db, [queue_call() for _ in range(queue_reads)])
            phase("withdrawal_queue_measured")
        finally:
            gateway.close()
        statements = {
            "member_search_by_username": member_call(SearchBy.USERNAME, "meh").statements,
            "withdrawal_queue_pending": queue_call().statements,
        }
    finally:
        stack.stop()
        shutil.rmtree(stack.data_dir, ignore_errors=True)  # about 1.8 GB at the full size
    return {
        "benchmark": "ops member search and withdrawal queue through Traefik vs the same SQL via psycopg, p99",
        "merchant": MERCHANT,
        "loaded": {"members": loaded.loaded, "withdrawals": queue_loaded},
        "member_search": search,
        "member_search_p99_ratio": search["all"]["p99_ratio"],
        "withdrawal_queue": queue["all"],  # every call is the pending page
        "withdrawal_queue_p99_ratio": queue["all"]["p99_ratio"],
        "statements": {name: [sql for sql, _ in issued_] for name, issued_ in statements.items()},
        "run_seconds": round(time.perf_counter() - started, 1),
        "phase_seconds": phases,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--members", type=int, default=1_000_000, help="members of the brand loaded")
    parser.add_argument("--withdrawals", type=int, default=200_000, help="withdrawals of the brand loaded")
    parser.add_argument("--pending", type=int, default=3_000, help="of them pending")
    parser.add_argument("--searches", type=int, default=600, help="timed member searches of each side")
    parser.add_argument("--queue-reads", type=int, default=400, help="timed queue pages of each side")
    args = parser.parse_args()
    report = run(args.members, args.withdrawals, args.pending, args.searches, args.queue_reads)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "ops_console.json").write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

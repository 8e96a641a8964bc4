"""How many sockets one session, one account and one process hold, on real replicas and a real Valkey: past a
limit the oldest socket is closed, with a code that tells the page whether to come back. Sockets are opened in
parallel, across both replicas, as a member (or a script holding their token) would."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notifications_helpers import Member, Notifications, Replica, Socket, replica_process
from notifications_service.inbox.domain import Reader
from notifications_service.push.limits import ADMIT, RENEW, register_keys, session_tag, socket_of, sockets_key
from redis import Redis
from redis.asyncio import Redis as AsyncRedis
from websockets.exceptions import ConnectionClosed

from portal_kit.sessions import token_key
from portal_kit.testing.plugin import PortalServers

PER_SESSION, PER_ACCOUNT = 3, 10  # the defaults of NOTIFICATIONS_SOCKETS_PER_SESSION and ..._PER_ACCOUNT
SUPERSEDED = (4409, "superseded")  # a newer socket of the session or the account took its place: no reconnect
PROCESS_FULL = (1013, "process full")  # the process holds its most: the page reconnects later, maybe elsewhere
PROCESS_CAP = 4
LONG = 10**8  # a lease or a tombstone's life (µs) that does not end within a test
PATIENT_HEARTBEAT = 10.0  # a socket the test does not read for a while is not closed as silent meanwhile


@pytest.fixture(scope="module")
def patient_replicas(portal_servers: PortalServers, notifications_database_url: str) -> Iterator[list[Replica]]:
    """Two API processes as the suite's, with a longer heartbeat, and a third that holds ``PROCESS_CAP`` sockets."""
    processes = [
        replica_process(portal_servers, notifications_database_url, f"notifications-patient-{n}",
                        heartbeat=PATIENT_HEARTBEAT, settings=settings)
        for n, settings in enumerate(({}, {}, {"NOTIFICATIONS_MAX_SOCKETS": str(PROCESS_CAP)}))
    ]  # fmt: skip
    for process in processes:
        process.start()
    try:
        for process in processes:
            process.wait_ready(60)
        yield [Replica(process) for process in processes]
    finally:
        for process in processes:
            process.stop()


@pytest.fixture
async def limited(notifications: Notifications, patient_replicas: list[Replica]) -> AsyncIterator[Notifications]:
    """The suite's clean state and worker (``notifications``), with the patient replicas: 0 and 1, and 2 (small)."""
    here = Notifications(notifications.servers, patient_replicas, notifications.database_url)
    try:
        yield here
    finally:
        await here.close()


async def fate(socket: Socket, quiet: float = 3.0) -> tuple[int, str] | None:
    """How the server ended ``socket`` (its close code and reason), or None while it stays open: nothing but pings
    (answered) for ``quiet`` seconds after its frames."""
    try:
        while True:
            await socket.frame(timeout=quiet)
    except TimeoutError:
        return None
    except ConnectionClosed as closed:
        return (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd is not None else (1006, "")


async def opened_in_turn(notifications: Notifications, tokens: list[str], on: tuple[int, ...] = (0, 1)) -> list[Socket]:
    """One socket per token (on the replicas ``on`` in turn), each past its ``ready`` before the next opens, so that
    their order is known."""
    sockets = []
    for n, token in enumerate(tokens):
        socket = await notifications.connect(token, replica=on[n % len(on)])
        assert (await socket.frame())["type"] == "ready"
        sockets.append(socket)
    return sockets


async def deposit_reaches(notifications: Notifications, member: Member, sockets: list[Socket], amount: int) -> None:
    await notifications.publish(notifications.deposit_credited(member, amount))
    for socket in sockets:
        frame = await socket.frame()
        while frame["type"] == "ready":
            frame = await socket.frame()
        assert frame["message"]["amount"] == amount


async def test_one_session_keeps_its_newest_sockets_on_every_replica(limited: Notifications) -> None:
    member = await limited.member()
    sockets = await asyncio.gather(*(limited.connect(member.token, replica=n % 2) for n in range(12)))
    fates = await asyncio.gather(*(fate(socket) for socket in sockets))
    assert fates.count(None) == PER_SESSION
    assert [f for f in fates if f is not None] == [SUPERSEDED] * (12 - PER_SESSION)


async def test_one_account_keeps_its_newest_sockets_whatever_its_sessions_and_replicas(
    limited: Notifications,
) -> None:
    member = await limited.member()
    sessions = [member.token, *[await limited.session(member) for _ in range(4)]]
    opening = [(token, n % 2) for token in sessions for n in range(4)]  # 5 sessions × 4 sockets over 2 replicas
    sockets = await asyncio.gather(*(limited.connect(token, replica) for token, replica in opening))
    fates = await asyncio.gather(*(fate(socket) for socket in sockets))
    open_ones = [n for n, f in enumerate(fates) if f is None]
    assert len(open_ones) == PER_ACCOUNT
    assert all(sum(opening[n][0] == token for n in open_ones) <= PER_SESSION for token in sessions)
    assert {f for f in fates if f is not None} == {SUPERSEDED}
    await deposit_reaches(limited, member, [sockets[n] for n in open_ones], 12_500)  # the kept ones work


async def test_the_oldest_sockets_give_way(limited: Notifications) -> None:
    member = await limited.member()
    first = [member.token, *[await limited.session(member) for _ in range(3)]]
    tokens = [first[0]] * 3 + [first[1]] * 3 + [first[2]] * 3 + [first[3]]
    held = await opened_in_turn(limited, tokens)  # the account's ten, oldest first
    newcomers = [await limited.session(member) for _ in range(4)]
    arrived = await asyncio.gather(*(limited.connect(token, replica=n % 2) for n, token in enumerate(newcomers)))
    assert await asyncio.gather(*(fate(socket) for socket in held[:4])) == [SUPERSEDED] * 4
    assert await asyncio.gather(*(fate(socket) for socket in [*held[4:], *arrived])) == [None] * 10
    # A session past its own limit gives up its own oldest, not the account's oldest (another session's).
    fourth = await limited.connect(first[2], replica=1)
    assert await fate(held[6]) == SUPERSEDED
    assert await asyncio.gather(*(fate(socket) for socket in [held[4], held[5], fourth])) == [None] * 3


async def test_a_full_process_closes_its_oldest_sockets(limited: Notifications) -> None:
    members = [await limited.member() for _ in range(12)]
    held = await opened_in_turn(limited, [member.token for member in members[:4]], on=(2,))
    arrived = await asyncio.gather(*(limited.connect(member.token, replica=2) for member in members[4:6]))
    fates = await asyncio.gather(*(fate(socket) for socket in [*held, *arrived]))
    assert fates == [PROCESS_FULL] * 2 + [None] * 4
    burst = await asyncio.gather(*(limited.connect(member.token, replica=2) for member in members[6:]))
    fates = await asyncio.gather(*(fate(socket) for socket in [*held[2:], *arrived, *burst]))
    assert fates.count(None) == PROCESS_CAP
    assert {f for f in fates if f is not None} == {PROCESS_FULL}


async def test_a_socket_whose_lease_lapsed_is_registered_again_at_the_next_heartbeat(
    notifications: Notifications,
) -> None:
    """A place that is gone without a trace of a newer socket taking it is a lease that ran out (Valkey restarted
    or out of reach for three heartbeats, the process stalled, another socket's admission dropped the lapsed
    entry): the socket stays open, its place is taken again, and it still gets what is pushed to it."""
    restarted, dropped = await notifications.member(), await notifications.member()
    first, _ = await notifications.opened(restarted, replica=1)
    second, _ = await notifications.opened(dropped, replica=0)
    keys = [sockets_key(Reader(member.merchant, member.account_id)) for member in (restarted, dropped)]
    valkey = AsyncRedis.from_url(notifications.servers.redis_url, decode_responses=True)
    try:
        entries = [await valkey.zrange(key, 0, -1) for key in keys]
        assert [len(held) for held in entries] == [1, 1]
        assert await valkey.delete(keys[0]) == 1  # Valkey lost the register (a restart)
        assert await valkey.zrem(keys[1], entries[1][0]) == 1  # an admission dropped it as lapsed
        assert await asyncio.gather(fate(first, quiet=5.0), fate(second, quiet=5.0)) == [None, None]
        assert [await valkey.zrange(key, 0, -1) for key in keys] == entries  # the suite's replicas beat every second
    finally:
        await valkey.aclose()
    await deposit_reaches(notifications, restarted, [first], 4_200)
    await deposit_reaches(notifications, dropped, [second], 4_300)


async def test_a_socket_that_gave_way_while_its_close_was_lost_closes_at_the_next_heartbeat(
    notifications: Notifications,
) -> None:
    """A newer socket took its place on a replica whose push never came (NATS down a moment): the tombstone its
    admission left tells the heartbeat that it gave way. Another session's socket, whose entry merely ran out at
    the same time, stays."""
    member = await notifications.member()
    other_session = await notifications.session(member)
    superseded, _ = await notifications.opened(member, replica=1)
    lapsed = await notifications.connect(other_session, replica=1)
    assert (await lapsed.frame())["type"] == "ready"
    reader = Reader(member.merchant, member.account_id)
    valkey = AsyncRedis.from_url(notifications.servers.redis_url, decode_responses=True)
    try:
        [lapsed_entry] = [e for e in await valkey.zrange(sockets_key(reader), 0, -1) if session_tag(token_key(
            other_session)) in e]  # fmt: skip
        assert await valkey.zrem(sockets_key(reader), lapsed_entry) == 1
        newer = await valkey.eval(  # type: ignore[misc]
            ADMIT, 2, *register_keys(reader), uuid.uuid4().hex, session_tag(token_key(member.token)), 1, 10, LONG, LONG
        )  # as another replica admits a newer tab of the session, allowed one socket here; no push follows
        assert len(newer) == 2
        assert await asyncio.gather(fate(superseded, quiet=5.0), fate(lapsed, quiet=5.0)) == [SUPERSEDED, None]
        assert sorted(await valkey.zrange(sockets_key(reader), 0, -1)) == sorted([newer[0], lapsed_entry])
    finally:
        await valkey.aclose()


async def test_a_socket_that_cannot_be_counted_is_closed_with_a_code_the_page_comes_back_on(
    notifications: Notifications, portal_servers: PortalServers, notifications_database_url: str
) -> None:
    """Without its account's register (Valkey refuses the script: here a user who may not run one) nothing says
    whether the socket is within its limits, nor that it is not: it is closed, and the page comes back later
    (``1013``), never told that it was superseded."""
    user, password = f"notifications-{uuid.uuid4().hex[:8]}", uuid.uuid4().hex
    admin = AsyncRedis.from_url(portal_servers.redis_url)
    await admin.execute_command("ACL", "SETUSER", user, "on", f">{password}", "~*", "&*", "+@all", "-evalsha", "-eval")
    url = urlsplit(portal_servers.redis_url)
    redis_url = urlunsplit(url._replace(netloc=f"{user}:{password}@{url.hostname}:{url.port}"))
    process = replica_process(portal_servers, notifications_database_url, "notifications-uncounted",
                              settings={"REDIS_URL": redis_url})  # fmt: skip
    process.start()
    try:
        process.wait_ready(60)
        here = Notifications(portal_servers, [Replica(process)], notifications_database_url)
        member = await notifications.member()
        socket = await here.connect(member.token)
        assert await fate(socket, quiet=5.0) == (1013, "not counted")
        await here.close()
    finally:
        process.stop()
        await admin.execute_command("ACL", "DELUSER", user)
        await admin.aclose()


def kept_newest(held: list[tuple[int, int]], per_session: int, per_account: int) -> list[tuple[int, int]]:
    """The rule, written plainly: newest first, each session's first ``per_session`` and ``per_account`` in all."""
    kept: list[tuple[int, int]] = []
    for order, session in sorted(held, reverse=True):
        if sum(s == session for _, s in kept) < per_session and len(kept) < per_account:
            kept.append((order, session))
    return sorted(kept)


@dataclass
class Opened:
    """A socket the model opened: ``told`` once an answer named it among those that gave way (its close may be lost
    on the way, so it may renew still), ``closed`` once a renewal answered that it gave way (it is closed then)."""

    order: int
    session: int
    entry: str
    told: bool = False
    closed: bool = False


class Register:
    """The account's register on a real Valkey beside the plain rule (``kept_newest``), step by step."""

    def __init__(self, valkey: Redis, per_session: int, per_account: int) -> None:
        self.valkey, self.per_session, self.per_account = valkey, per_session, per_account
        account = str(uuid.uuid4())
        self.keys = [f"notifications:sockets:turkeyf2:{account}", f"notifications:sockets-gave-way:turkeyf2:{account}"]
        self.sockets: list[Opened] = []
        self.registered: set[int] = set()
        self.tombstoned: set[int] = set()

    def _rule(self, added: int) -> set[int]:
        """Add ``added`` under the rule: what gave way (tombstoned, told)."""
        held = [(order, self.sockets[order].session) for order in {*self.registered, added}]
        kept = {order for order, _ in kept_newest(held, self.per_session, self.per_account)}
        gave_way = {*self.registered, added} - kept
        self.registered, self.tombstoned = kept, self.tombstoned | gave_way
        for order in gave_way:
            self.sockets[order].told = True
        return gave_way

    def admit(self, session: int) -> None:
        order = len(self.sockets)
        answer = self.valkey.eval(ADMIT, 2, *self.keys, f"{order:032x}", f"session{session}", self.per_session,
                                  self.per_account, LONG, LONG)  # fmt: skip
        assert isinstance(answer, list)
        self.sockets.append(Opened(order, session, answer[0]))
        assert socket_of(answer[0]) == f"{order:032x}"
        assert {int(socket_of(entry), 16) for entry in answer[1:]} == self._rule(order)  # never the new one

    def renew(self, pick: int) -> None:
        alive = [socket for socket in self.sockets if not socket.closed]
        if alive:
            self.renewed(alive[pick % len(alive)])

    def renewed(self, socket: Opened) -> None:
        answer = self.valkey.eval(RENEW, 2, *self.keys, LONG, LONG, self.per_session, self.per_account, socket.entry)
        assert isinstance(answer, list)
        superseded, displaced = answer[0], {int(socket_of(entry), 16) for _, entry in answer[1]}
        if socket.order in self.registered:  # renewed
            assert (superseded, displaced) == ([], set())
        elif socket.order in self.tombstoned:  # it gave way and was not told: closed now
            assert (superseded, displaced) == ([1], set())
            socket.closed = True
        else:  # its lease ran out: put back, under the rule
            socket.told = False
            gave_way = self._rule(socket.order)
            assert superseded == ([1] if socket.order in gave_way else [])
            assert displaced == gave_way - {socket.order}
            socket.closed = socket.order in gave_way

    def release(self, pick: int) -> None:
        """A socket closed (by its member, or because it was told to): its entry goes, if still there."""
        alive = [socket for socket in self.sockets if not socket.closed]
        if alive:
            socket = alive[pick % len(alive)]
            self.valkey.zrem(self.keys[0], socket.entry)
            self.registered.discard(socket.order)
            socket.closed = True

    def lapse(self, pick: int) -> None:
        """An entry's lease ran out and an admission dropped it: no tombstone."""
        if self.registered:
            order = sorted(self.registered)[pick % len(self.registered)]
            assert self.valkey.zrem(self.keys[0], self.sockets[order].entry) == 1
            self.registered.discard(order)

    def restart(self) -> None:
        """Valkey lost everything, tombstones included."""
        self.valkey.delete(*self.keys)
        self.registered, self.tombstoned = set(), set()

    def check(self) -> None:
        held, gone = (self.valkey.zrange(key, 0, -1) for key in self.keys)
        assert {int(socket_of(entry), 16) for entry in held} == self.registered
        assert {int(socket_of(entry), 16) for entry in gone} == self.tombstoned


steps = st.lists(
    st.one_of(
        st.tuples(st.just("admit"), st.integers(0, 3)),
        st.tuples(st.just("renew"), st.integers(0, 99)),
        st.tuples(st.just("release"), st.integers(0, 99)),
        st.tuples(st.just("lapse"), st.integers(0, 99)),
        st.tuples(st.just("restart"), st.just(0)),
    ),
    min_size=1,
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(steps=steps, per_session=st.integers(1, 4), per_account=st.integers(1, 6))
def test_the_register_scripts_keep_the_newest_within_both_limits_and_close_only_what_gave_way(
    portal_servers: PortalServers, steps: list[tuple[str, int]], per_session: int, per_account: int
) -> None:
    """The scripts on a real Valkey against the rule written plainly, for any order of sockets opening, renewing,
    closing, lapsing and Valkey restarting: what the register keeps, which entries have tombstones, and what each answer
    closes. A renewal closes only what gave way; after a heartbeat (every socket not closed renews) the register
    holds exactly the sockets still open, within both limits."""
    valkey = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    register = Register(valkey, per_session, per_account)
    try:
        for action, number in steps:
            if action == "admit":
                register.admit(number)
            elif action == "renew":
                register.renew(number)
            elif action == "release":
                register.release(number)
            elif action == "lapse":
                register.lapse(number)
            else:
                register.restart()
            register.check()
        for socket in [socket for socket in register.sockets if not socket.closed]:  # a heartbeat
            if not socket.closed:
                register.renewed(socket)
        register.check()
        still_open = {socket.order for socket in register.sockets if not socket.closed and not socket.told}
        assert register.registered == still_open
    finally:
        valkey.delete(*register.keys)
        valkey.close()


def test_a_lease_that_ran_out_frees_its_place_and_renewing_puts_it_back(portal_servers: PortalServers) -> None:
    """The entries of a process that died run out (a new socket neither counts nor names them); a live socket whose
    lease ran out is put back by its renewal, under the rule; a tombstone says for a while that an entry gave way."""
    valkey = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    account = uuid.uuid4()
    keys = [f"notifications:sockets:turkeyf2:{account}", f"notifications:sockets-gave-way:turkeyf2:{account}"]
    try:
        stalled = valkey.eval(ADMIT, 2, *keys, "a" * 32, "session0", 1, 2, 50_000, LONG)  # a lease of 50 ms
        time.sleep(0.1)
        alive = valkey.eval(ADMIT, 2, *keys, "b" * 32, "session1", 1, 2, LONG, LONG)
        assert isinstance(stalled, list) and isinstance(alive, list)
        assert alive[1:] == []  # the lapsed one was not closed: it had already gone
        assert valkey.zrange(keys[0], 0, -1) == [alive[0]] and valkey.zcard(keys[1]) == 0
        assert valkey.eval(RENEW, 2, *keys, LONG, 50_000, 1, 2, stalled[0]) == [[], []]  # put back, both fit
        assert sorted(valkey.zrange(keys[0], 0, -1)) == [stalled[0], alive[0]]
        newest = valkey.eval(ADMIT, 2, *keys, "c" * 32, "session0", 1, 2, LONG, 50_000)  # a tombstone of 50 ms
        assert isinstance(newest, list) and newest[1:] == [stalled[0]]
        assert valkey.eval(RENEW, 2, *keys, LONG, LONG, 1, 2, stalled[0]) == [[1], []]  # it gave way
        time.sleep(0.1)
        # The tombstone ended: put back, the rule decides again (the session holds one: it gives way again).
        assert valkey.eval(RENEW, 2, *keys, LONG, LONG, 1, 2, stalled[0]) == [[1], []]
        assert sorted(valkey.zrange(keys[0], 0, -1)) == [alive[0], newest[0]]
    finally:
        valkey.delete(*keys)
        valkey.close()

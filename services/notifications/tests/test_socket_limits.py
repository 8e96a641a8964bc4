"""How many sockets one session, one account and one process hold, on real replicas and a real Valkey: past a
limit the oldest socket is closed, with a code that tells the page whether to come back. Sockets are opened in
parallel, across both replicas, as a member (or a script holding their token) would."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from notifications_helpers import Member, Notifications, Replica, Socket, replica_process
from notifications_service.inbox.domain import Reader
from notifications_service.push.limits import ADMIT, RENEW, socket_of, sockets_key
from redis import Redis
from redis.asyncio import Redis as AsyncRedis
from websockets.exceptions import ConnectionClosed

from portal_kit.testing.plugin import PortalServers

PER_SESSION, PER_ACCOUNT = 3, 10  # the defaults of NOTIFICATIONS_SOCKETS_PER_SESSION and ..._PER_ACCOUNT
SUPERSEDED = (4409, "superseded")  # a newer socket of the session or the account took its place: no reconnect
PROCESS_FULL = (1013, "process full")  # the process holds its most: the page reconnects later, maybe elsewhere
PROCESS_CAP = 4
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


async def test_a_socket_whose_place_is_gone_closes_at_the_next_heartbeat(notifications: Notifications) -> None:
    """A superseded push lost on the way (NATS down a moment) is made up by the heartbeat's renewal."""
    member = await notifications.member()
    socket, _ = await notifications.opened(member, replica=1)
    valkey = AsyncRedis.from_url(notifications.servers.redis_url)
    try:
        assert await valkey.delete(sockets_key(Reader(member.merchant, member.account_id))) == 1
    finally:
        await valkey.aclose()
    assert await fate(socket, quiet=5.0) == SUPERSEDED  # the suite's replicas beat every second


def kept_newest(held: list[tuple[int, int]], per_session: int, per_account: int) -> list[tuple[int, int]]:
    """The rule, written plainly: newest first, each session's first ``per_session`` and ``per_account`` in all."""
    kept: list[tuple[int, int]] = []
    for order, session in sorted(held, reverse=True):
        if sum(s == session for _, s in kept) < per_session and len(kept) < per_account:
            kept.append((order, session))
    return sorted(kept)


@settings(max_examples=60, deadline=None)
@given(
    sessions=st.lists(st.integers(0, 3), min_size=1, max_size=25),
    per_session=st.integers(1, 4),
    per_account=st.integers(1, 6),
)
def test_the_admitting_script_keeps_the_newest_within_both_limits(
    portal_servers: PortalServers, sessions: list[int], per_session: int, per_account: int
) -> None:
    """The script on a real Valkey against the rule written plainly, for any order of sessions opening sockets:
    what it keeps, and what it answers gave way (the new socket itself never does)."""
    valkey = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    key = f"notifications:sockets:turkeyf2:{uuid.uuid4()}"
    try:
        model: list[tuple[int, int]] = []
        for order, session in enumerate(sessions):
            admitted = valkey.eval(ADMIT, 1, key, f"{order:032x}", f"session{session}", per_session, per_account, 10**8)
            assert isinstance(admitted, list)
            entry, gave_way = admitted[0], {int(socket_of(e), 16) for e in admitted[1:]}
            assert socket_of(entry) == f"{order:032x}"
            before = {o for o, _ in model}
            model = kept_newest([*model, (order, session)], per_session, per_account)
            assert gave_way == before - {o for o, _ in model}
            assert sorted(int(socket_of(e), 16) for e in valkey.zrange(key, 0, -1)) == [o for o, _ in model]
    finally:
        valkey.delete(key)
        valkey.close()


def test_a_lease_that_ran_out_frees_its_place_and_renewing_finds_what_gave_way(portal_servers: PortalServers) -> None:
    """The entries of a process that died run out (a new socket does not count them, nor names them); a renewal
    answers which of a process's entries are gone, so that it closes those sockets."""
    valkey = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    key = f"notifications:sockets:turkeyf2:{uuid.uuid4()}"
    try:
        dead = valkey.eval(ADMIT, 1, key, "a" * 32, "session0", 1, 1, 50_000)  # a lease of 50 ms
        time.sleep(0.1)
        alive = valkey.eval(ADMIT, 1, key, "b" * 32, "session0", 1, 1, 10**8)
        assert isinstance(dead, list) and isinstance(alive, list)
        assert alive[1:] == []  # the dead one was not closed: it had already gone
        assert valkey.zrange(key, 0, -1) == [alive[0]]
        other = f"notifications:sockets:turkeyf2:{uuid.uuid4()}"
        assert valkey.eval(RENEW, 2, other, key, 10**8, dead[0], alive[0]) == [1]
        assert valkey.zscore(key, alive[0]) is not None
    finally:
        valkey.delete(key)
        valkey.close()

"""The kit's Valkey client (redis-py with the kit's options) on a real Valkey: the URL's user, password and database,
the service's client name, replies decoded, callers waiting for a connection rather than failing when all are busy,
a silent server failing the command after the timeout, a broken connection replaced by the next command, a command
never sent twice, scripts that survive a ``SCRIPT FLUSH``; and the shared helpers (``cached_text``, ``Subscriber``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from redis.asyncio import Redis
from redis.exceptions import AuthenticationError, ConnectionError, ResponseError, TimeoutError

from portal_kit.testing.plugin import PortalServers
from portal_kit.valkey_link import Subscriber, ValkeyLink, as_int, as_str, cached_text

LinkFactory = Callable[..., ValkeyLink]


@pytest.fixture
async def new_link(portal_servers: PortalServers) -> AsyncIterator[LinkFactory]:
    made: list[ValkeyLink] = []

    def make(url: str | None = None, **options: Any) -> ValkeyLink:
        made.append(ValkeyLink(url or portal_servers.redis_url, **options))
        return made[-1]

    yield make
    for link in made:
        await link.aclose()


@pytest.fixture
async def admin(portal_servers: PortalServers) -> AsyncIterator[Redis]:
    client = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    yield client
    await client.aclose()


def with_path(url: str, *, password: str | None = None, database: int | None = None) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc
    if password is not None:
        user = parts.username or "default"
        netloc = f"{user}:{password}@{parts.hostname}:{parts.port}"
    path = f"/{database}" if database is not None else parts.path
    return urlunsplit((parts.scheme, netloc, path, "", ""))


async def test_replies_are_decoded_and_the_helpers_check_their_type(new_link: LinkFactory) -> None:
    link = new_link()
    assert await link.set("name", "Ayşe 多")
    assert await link.get("name") == "Ayşe 多"
    assert as_str(await link.get("missing")) is None
    assert as_int(await link.incrby("n", 42)) == 42
    with pytest.raises(ResponseError, match="expected an integer"):
        as_int(await link.get("n"))
    with pytest.raises(ResponseError, match="expected a string"):
        as_str(await link.incr("n"))


async def test_the_service_names_its_connections(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link(client_name="lean")
    await asyncio.gather(*(link.get(f"key:{n}") for n in range(50)))
    names = [client["name"] for client in await admin.client_list() if client["name"] == "lean"]
    assert 1 <= len(names) <= 21  # the pool's connections (20 and the subscriber's), opened as needed


async def test_callers_wait_for_a_busy_pool_instead_of_failing(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link(connections=2)
    await admin.mset({f"key:{n}": f"value-{n}" for n in range(200)})
    answers = await asyncio.gather(*(link.get(f"key:{n}") for n in range(200)))
    assert answers == [f"value-{n}" for n in range(200)]


async def test_a_transaction_runs_whole_with_nothing_between(new_link: LinkFactory) -> None:
    link = new_link()

    async def transfer(n: int) -> list[object]:
        async with link.pipeline(transaction=True) as pipe:
            pipe.incrby("left", -n)
            pipe.incrby("right", n)
            return list(await pipe.execute())

    async def total() -> int:
        left, right = await link.mget("left", "right")
        return int(left or 0) + int(right or 0)

    results = await asyncio.gather(*(transfer(n) for n in range(1, 100)), *(total() for _ in range(100)))
    assert all(result == 0 for result in results[99:])
    assert all(left == -right for left, right in results[:99])  # each saw both its own moves and nobody's between
    assert await link.get("right") == str(sum(range(1, 100)))


async def test_a_silent_server_fails_the_command_after_the_timeout(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link(timeout=0.3)
    assert await link.ping()
    await admin.execute_command("CLIENT", "PAUSE", 1500, "ALL")
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        await link.get("anything")
    assert time.monotonic() - started < 1.2
    await admin.execute_command("CLIENT", "UNPAUSE")
    assert await link.ping()


async def test_a_broken_connection_fails_its_command_once_and_the_next_command_reconnects(
    new_link: LinkFactory, admin: Redis
) -> None:
    link = new_link(client_name="doomed")
    await link.set("counter", 0)
    await admin.execute_command("CLIENT", "PAUSE", 500, "ALL")
    waiting = asyncio.create_task(link.incr("counter"))
    await asyncio.sleep(0.05)
    await admin.execute_command("CLIENT", "KILL", "SKIPME", "yes", "TYPE", "normal")  # every client but admin
    with pytest.raises(ConnectionError):
        await waiting
    await admin.execute_command("CLIENT", "UNPAUSE")
    # Valkey runs a paused command of a client it then killed; a client that sent it again would make this 2.
    assert await admin.get("counter") == "1"
    await admin.execute_command("CLIENT", "KILL", "SKIPME", "yes", "TYPE", "normal")  # an idle connection, closed
    await asyncio.sleep(0.05)
    assert await link.incr("counter") == 2


async def test_a_script_runs_by_digest_and_again_after_a_flush(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link()
    counter = link.register_script("return redis.call('INCRBY', KEYS[1], ARGV[1])")
    assert await counter(keys=["hits"], args=[2]) == 2
    assert await admin.script_exists(counter.sha) == [True]
    await admin.script_flush()
    assert await counter(keys=["hits"], args=[3]) == 5
    with pytest.raises(ResponseError):
        await link.register_script("return redis.call('NOSUCH')")()


async def test_a_cached_text_is_loaded_once_and_kept_for_its_seconds(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link()
    loads: list[int] = []

    async def load() -> str:
        loads.append(1)
        return f"answer {len(loads)}"

    assert await cached_text(link, "cached:board", 30, load) == "answer 1"
    assert await cached_text(link, "cached:board", 30, load) == "answer 1"
    assert len(loads) == 1
    assert 0 < await admin.ttl("cached:board") <= 30
    await admin.delete("cached:board")  # its seconds are over
    assert await cached_text(link, "cached:board", 30, load) == "answer 2"


async def test_the_urls_user_password_and_database_are_used(
    new_link: LinkFactory, admin: Redis, portal_servers: PortalServers
) -> None:
    other = new_link(with_path(portal_servers.redis_url, database=3))
    await other.set("where", "three")
    assert await admin.get("where") is None
    assert await other.get("where") == "three"
    await other.flushdb()
    refused = new_link(with_path(portal_servers.redis_url, password="not-the-password"))
    with pytest.raises(AuthenticationError):
        await refused.ping()
    anonymous = new_link(urlunsplit(("redis", f"{urlsplit(portal_servers.redis_url).hostname}:"
                                     f"{urlsplit(portal_servers.redis_url).port}", "/0", "", "")))  # fmt: skip
    with pytest.raises((AuthenticationError, ResponseError)):
        await anonymous.get("where")


class Heard:
    """What a subscriber told: the messages and its live/lost states, in order."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []
        self.states: list[bool] = []

    def message(self, channel: str, data: str) -> None:
        self.messages.append((channel, data))

    def state(self, live: bool) -> None:
        self.states.append(live)

    async def until(self, check: Callable[[], bool], seconds: float = 3.0) -> None:
        deadline = time.monotonic() + seconds
        while not check():
            assert time.monotonic() < deadline, (self.messages, self.states)
            await asyncio.sleep(0.01)


async def test_a_subscriber_hears_each_message_once_it_is_live(new_link: LinkFactory, admin: Redis) -> None:
    heard = Heard()
    subscriber = Subscriber(new_link(), ["news", "alerts"], heard.message, heard.state)
    await subscriber.start()
    try:
        await heard.until(lambda: heard.states == [True])
        await admin.publish("news", "one two")
        await admin.publish("other", "not ours")
        await admin.publish("alerts", "three")
        await heard.until(lambda: len(heard.messages) == 2)
        assert heard.messages == [("news", "one two"), ("alerts", "three")]
    finally:
        await subscriber.stop()
    await admin.publish("news", "after the stop")
    await asyncio.sleep(0.1)
    assert len(heard.messages) == 2 and heard.states[-1] is False


async def test_a_subscriber_says_when_it_is_cut_off_and_subscribes_again(new_link: LinkFactory, admin: Redis) -> None:
    heard = Heard()
    subscriber = Subscriber(new_link(), ["news"], heard.message, heard.state, retry_seconds=0.1)
    await subscriber.start()
    try:
        await heard.until(lambda: heard.states == [True])
        await admin.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
        await heard.until(lambda: heard.states == [True, False, True])
        await admin.publish("news", "again")
        await heard.until(lambda: heard.messages == [("news", "again")])
    finally:
        await subscriber.stop()


async def test_a_subscriber_notices_a_connection_that_went_silent(new_link: LinkFactory, admin: Redis) -> None:
    heard = Heard()
    link = new_link(timeout=0.3)
    subscriber = Subscriber(link, ["news"], heard.message, heard.state, retry_seconds=0.1, ping_seconds=0.2)
    await subscriber.start()
    try:
        await heard.until(lambda: heard.states == [True])
        await asyncio.sleep(0.5)  # PINGs answered meanwhile: still live
        assert heard.states == [True]
        await admin.execute_command("CLIENT", "PAUSE", 1000, "ALL")  # its next PING goes unanswered
        started = time.monotonic()
        await heard.until(lambda: heard.states[-1] is False)
        assert time.monotonic() - started < 0.9
        await heard.until(lambda: heard.states[-1] is True, seconds=5)  # back once the server answers again
    finally:
        await subscriber.stop()


async def test_a_failing_listener_does_not_make_the_subscriber_hear_a_message_twice(
    new_link: LinkFactory, admin: Redis
) -> None:
    heard = Heard()

    def fussy(channel: str, data: str) -> None:
        heard.message(channel, data)
        if data == "bad":
            raise ValueError("the listener's own bug")

    subscriber = Subscriber(new_link(), ["news"], fussy, heard.state)
    await subscriber.start()
    try:
        await heard.until(lambda: heard.states == [True])
        for data in ("bad", "good", "later"):
            await admin.publish("news", data)
        await heard.until(lambda: len(heard.messages) == 3)
        await asyncio.sleep(0.1)
        assert [data for _, data in heard.messages] == ["bad", "good", "later"]
        assert heard.states == [True]  # still subscribed
    finally:
        await subscriber.stop()

"""The lean Valkey link on a real Valkey: every reply type as redis-py would decode it, each of many concurrent callers
given its own answer, transactions that nothing falls inside, a cancelled caller leaving the connection in step, a
broken or silent connection failing what waits on it and replaced by the next command, scripts that survive a
``SCRIPT FLUSH``, the URL's user, password and database."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Callable
from urllib.parse import urlsplit, urlunsplit

import pytest
from redis.asyncio import Redis

from portal_kit.testing.plugin import PortalServers
from portal_kit.valkey_link import (
    Subscriber,
    ValkeyConnectionError,
    ValkeyError,
    ValkeyLink,
    as_int,
    as_str,
    cached_text,
    encode,
)

LinkFactory = Callable[..., ValkeyLink]


@pytest.fixture
async def new_link(portal_servers: PortalServers) -> AsyncIterator[LinkFactory]:
    made: list[ValkeyLink] = []

    def make(url: str | None = None, **options: float) -> ValkeyLink:
        made.append(ValkeyLink(url or portal_servers.redis_url, **options))
        return made[-1]

    yield make
    for link in made:
        await link.close()


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


async def test_replies_are_decoded_as_redis_py_decodes_them(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link()
    assert await link.execute("SET", "name", "Ayşe 多") == "OK"
    assert await link.execute("GET", "name") == await admin.get("name") == "Ayşe 多"
    assert as_str(await link.execute("GET", "missing")) is None
    assert await link.execute("INCRBY", "n", 41) == 41
    assert as_int(await link.execute("INCR", "n")) == 42
    with pytest.raises(ValkeyError, match="expected an integer"):
        as_int(await link.execute("GET", "n"))
    with pytest.raises(ValkeyError, match="expected a string"):
        as_str(await link.execute("INCR", "n"))
    assert await link.execute("SET", "empty", "") == "OK"
    assert await link.execute("GET", "empty") == ""
    await admin.rpush("list", "a", "b", "c")
    assert await link.execute("LRANGE", "list", 0, -1) == ["a", "b", "c"]
    assert await link.execute("LRANGE", "nothing", 0, -1) == []
    nested = await link.execute("EVAL", "return {1, {'x', 2}, false}", 0)
    assert nested == [1, ["x", 2], None]
    assert await link.execute("SET", "bytes", b"\x00\r\n") == "OK"
    assert await admin.strlen("bytes") == 3


async def test_an_error_reply_raises_and_the_link_goes_on(new_link: LinkFactory) -> None:
    link = new_link()
    await link.execute("SET", "text", "abc")
    with pytest.raises(ValkeyError, match="WRONGTYPE"):
        await link.execute("LPUSH", "text", "x")
    with pytest.raises(ValkeyError, match="unknown command"):
        await link.execute("NOSUCHCOMMAND")
    assert await link.execute("GET", "text") == "abc"


async def test_each_of_many_concurrent_callers_gets_its_own_answer(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link()
    await admin.mset({f"key:{n}": f"value-{n}" * (n % 7 + 1) for n in range(600)})
    await link.execute("CLIENT", "SETNAME", "lean")

    async def read(n: int) -> tuple[int, object]:
        return n, await link.execute("GET", f"key:{n}")

    answers = await asyncio.gather(*(read(n) for n in range(600)))
    assert all(value == f"value-{n}" * (n % 7 + 1) for n, value in answers)
    assert [client["name"] for client in await admin.client_list() if client["name"] == "lean"] == ["lean"]


async def test_a_transaction_runs_whole_with_nothing_between(new_link: LinkFactory) -> None:
    link = new_link()

    async def transfer(n: int) -> list[object]:
        # Both counters move together; a reader that saw one without the other would break the sum below.
        return await link.transaction(("INCRBY", "left", -n), ("INCRBY", "right", n))

    async def total() -> int:
        left, right = await link.pipeline(("GET", "left"), ("GET", "right"))
        return int(left or 0) + int(right or 0)

    results = await asyncio.gather(*(transfer(n) for n in range(1, 200)), *(total() for _ in range(200)))
    assert all(result == 0 for result in results[199:])
    assert results[0] == [-1, 1]
    assert await link.execute("GET", "right") == str(sum(range(1, 200)))


async def test_a_transaction_refused_when_queued_runs_nothing(new_link: LinkFactory) -> None:
    link = new_link()
    with pytest.raises(ValkeyError, match="wrong number of arguments"):
        await link.transaction(("SET", "a", "1"), ("INCR",))
    assert await link.execute("EXISTS", "a") == 0
    # A command that fails when run does not undo the others (Valkey's rule), and its error is raised.
    await link.execute("SET", "text", "abc")
    with pytest.raises(ValkeyError, match="WRONGTYPE"):
        await link.transaction(("SET", "b", "1"), ("LPUSH", "text", "x"))
    assert await link.execute("GET", "b") == "1"


async def test_a_cancelled_caller_leaves_the_connection_in_step(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link()
    await link.execute("SET", "before", "1")
    await admin.execute_command("CLIENT", "PAUSE", 300, "ALL")  # the link's next commands wait on the server
    waiting = [asyncio.create_task(link.execute("INCR", f"counter:{n}")) for n in range(20)]
    await asyncio.sleep(0.05)
    for task in waiting[::2]:
        task.cancel()
    done = await asyncio.gather(*waiting, return_exceptions=True)
    assert [isinstance(result, asyncio.CancelledError) for result in done] == [n % 2 == 0 for n in range(20)]
    assert all(result == 1 for result in done[1::2])
    # Every cancelled command still ran once; the answers after it are each caller's own.
    assert await link.pipeline(*(("GET", f"counter:{n}") for n in range(20))) == ["1"] * 20
    assert await link.execute("GET", "before") == "1"


async def test_a_broken_connection_fails_the_waiting_and_the_next_command_reconnects(
    new_link: LinkFactory, admin: Redis
) -> None:
    link = new_link()
    await link.execute("CLIENT", "SETNAME", "doomed")
    await admin.execute_command("CLIENT", "PAUSE", 500, "ALL")
    waiting = asyncio.create_task(link.execute("GET", "anything"))
    await asyncio.sleep(0.05)
    await admin.execute_command("CLIENT", "KILL", "SKIPME", "yes", "TYPE", "normal")  # every client but admin
    with pytest.raises(ValkeyConnectionError):
        await waiting
    await admin.execute_command("CLIENT", "UNPAUSE")
    assert await link.execute("SET", "after", "ok") == "OK"
    assert await admin.get("after") == "ok"


async def test_a_silent_server_fails_the_command_after_the_timeout(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link(timeout=0.3)
    assert await link.execute("PING") == "PONG"
    await admin.execute_command("CLIENT", "PAUSE", 1500, "ALL")
    started = time.monotonic()
    with pytest.raises(ValkeyConnectionError, match="did not answer"):
        await link.execute("GET", "anything")
    assert time.monotonic() - started < 1.2
    await admin.execute_command("CLIENT", "UNPAUSE")
    assert await link.execute("PING") == "PONG"


async def test_a_script_runs_by_digest_and_again_after_a_flush(new_link: LinkFactory, admin: Redis) -> None:
    link = new_link()
    counter = link.script("return redis.call('INCRBY', KEYS[1], ARGV[1])")
    assert await counter(keys=["hits"], args=[2]) == 2
    assert await admin.script_exists(counter.digest) == [True]
    await admin.script_flush()
    assert await counter(keys=["hits"], args=[3]) == 5
    with pytest.raises(ValkeyError):
        await link.script("return redis.call('NOSUCH')")()


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
    await other.execute("SET", "where", "three")
    assert await admin.get("where") is None
    assert await other.execute("GET", "where") == "three"
    await other.execute("FLUSHDB")
    refused = new_link(with_path(portal_servers.redis_url, password="not-the-password"))
    with pytest.raises(ValkeyError, match="WRONGPASS"):
        await refused.execute("PING")
    anonymous = new_link(urlunsplit(("redis", f"{urlsplit(portal_servers.redis_url).hostname}:"
                                     f"{urlsplit(portal_servers.redis_url).port}", "/0", "", "")))  # fmt: skip
    with pytest.raises(ValkeyError, match=r"NOAUTH|NOPERM"):
        await anonymous.execute("GET", "where")


async def test_a_link_serves_a_second_event_loop(new_link: LinkFactory) -> None:
    link = new_link()
    await link.execute("SET", "shared", "1")
    answers: list[object] = []

    def elsewhere() -> None:
        answers.append(asyncio.run(link.execute("INCR", "shared")))

    thread = threading.Thread(target=elsewhere)
    thread.start()
    await asyncio.to_thread(thread.join)
    assert answers == [2]
    assert await link.execute("GET", "shared") == "2"


def test_commands_are_encoded_as_arrays_of_bulk_strings() -> None:
    assert encode(("SET", "k", 5, b"\x00")) == b"*4\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\n5\r\n$1\r\n\x00\r\n"
    with pytest.raises(TypeError):
        encode(("SET", "k", True))


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

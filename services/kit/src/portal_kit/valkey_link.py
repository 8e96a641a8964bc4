"""Valkey through redis-py's asyncio client, replies parsed by hiredis (the choice and its cost against the kit's
former own client: ``tests/bench/README.md``, "Valkey client").

``ValkeyLink`` is redis-py's ``Redis`` made from a service's ``REDIS_URL`` (its ACL user and password, its database,
TLS with ``rediss://``) with the options every service shares: replies decoded as UTF-8, the service's client name,
a connection pool of ``connections`` (the requests a process serves at once) that a caller waits on rather than
fails when all are busy, a ``PING`` before using a connection idle for ``HEALTH_CHECK_SECONDS``, and every command
sent at most once (no retry: a counter must not count twice). A server that does not answer within ``timeout``
seconds fails the command with ``redis.exceptions.TimeoutError``; a lost or refused connection with
``redis.exceptions.ConnectionError`` (both ``RedisError``); the next command opens a new one. Callers use redis-py's
own API: commands, ``pipeline(transaction=True)`` for ``MULTI``/``EXEC``, ``register_script`` (``EVALSHA``, the
script loaded again after a restart or ``SCRIPT FLUSH``), ``pubsub()`` (here behind ``Subscriber``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.client import PubSub
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as LostConnection
from redis.exceptions import RedisError, ResponseError
from redis.maint_notifications import MaintNotificationsConfig
from redis.retry import Retry

DEFAULT_TIMEOUT = 5.0
DEFAULT_CONNECTIONS = 20  # a service's database pool by default (10 and 10 more): the requests it serves at once
HEALTH_CHECK_SECONDS = 30
log = logging.getLogger("portal_kit.valkey_link")


class ValkeyLink(Redis):
    """The process's client of Valkey, its connections opened as commands need them and again after one breaks.
    One more connection than ``connections`` for a ``Subscriber``, which holds its own."""

    def __init__(
        self,
        url: str,
        *,
        connections: int = DEFAULT_CONNECTIONS,
        client_name: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> None:
        pool = BlockingConnectionPool.from_url(
            url,
            max_connections=connections + 1,
            timeout=timeout,  # waiting for a free connection
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            health_check_interval=HEALTH_CHECK_SECONDS,
            client_name=client_name,
            decode_responses=True,
            retry=Retry(NoBackoff(), 0),
            # Off: a managed service's notices of its maintenance, and with them on the pool no longer checks that
            # a connection it hands out was not closed by the server meanwhile (a restart).
            maint_notifications_config=MaintNotificationsConfig(enabled=False),
        )
        super().__init__(connection_pool=pool)
        self.auto_close_connection_pool = True  # as ``Redis.from_pool``: ``aclose`` closes the pool it made
        self.timeout = timeout


def as_int(reply: object) -> int:
    if not isinstance(reply, int):
        raise ResponseError(f"expected an integer, Valkey answered {reply!r}")
    return reply


def as_str(reply: object) -> str | None:
    """A string reply, or ``None`` for nil (``GET`` of a missing key)."""
    if reply is not None and not isinstance(reply, str):
        raise ResponseError(f"expected a string, Valkey answered {reply!r}")
    return reply


async def cached_text(valkey: Redis, key: str, seconds: int, load: Callable[[], Awaitable[str]]) -> str:
    """The text kept under ``key``, or what ``load`` makes, kept for ``seconds`` (two callers that miss at once
    both load; the later one's text stays)."""
    cached = as_str(await valkey.get(key))
    if cached is None:
        cached = await load()
        await valkey.set(key, cached, ex=seconds)
    return cached


class Subscriber:
    """Messages of some channels on redis-py's ``PubSub`` (a connection of their own), with nothing polled:
    ``heard(channel, message)`` for each message, ``live(True)`` once the subscription is confirmed (what was
    published before is unknown), ``live(False)`` as soon as it is lost. It subscribes again after
    ``retry_seconds``, and sends a ``PING`` every ``ping_seconds`` so that a connection that died without a word is
    noticed within ``ping_seconds`` plus ``timeout`` (the link's unless given)."""

    def __init__(
        self,
        valkey: Redis,
        channels: Sequence[str],
        heard: Callable[[str, str], None],
        live: Callable[[bool], None],
        *,
        retry_seconds: float = 1.0,
        ping_seconds: float = 30.0,
        timeout: float | None = None,
    ) -> None:
        self.valkey = valkey
        self.channels = tuple(channels)
        self._heard = heard
        self._live = live
        self.retry_seconds = retry_seconds
        self.ping_seconds = ping_seconds
        self.timeout = timeout if timeout is not None else getattr(valkey, "timeout", DEFAULT_TIMEOUT)
        self._task: asyncio.Task[None] | None = None
        self._stopping = False

    async def start(self) -> None:
        self._stopping = False
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        # Said before the cancellation too: redis-py can take a cancellation that meets its read's own timeout for
        # that timeout (the read answers "no message"), and the loops would go on.
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self._live(False)

    async def _run(self) -> None:
        while not self._stopping:
            try:
                async with self.valkey.pubsub() as pubsub:  # its connection back to the pool, closed, at the end
                    await pubsub.subscribe(*self.channels)
                    await self._listen(pubsub)
            except (RedisError, OSError) as error:
                if not self._stopping:
                    log.warning("Valkey subscription to %s lost: %s", ", ".join(self.channels), error)
            self._live(False)
            if not self._stopping:
                await asyncio.sleep(self.retry_seconds)

    async def _listen(self, pubsub: PubSub) -> None:
        """Until the connection is lost or leaves a ``PING`` unanswered for ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        ping_at = loop.time() + self.ping_seconds
        pinged_at: float | None = None
        while not self._stopping:
            now = loop.time()
            if pinged_at is None and now >= ping_at:
                await pubsub.ping()
                pinged_at = now
            if pinged_at is not None and now - pinged_at >= self.timeout:
                raise LostConnection("Valkey did not answer the subscription's PING")
            wait = ping_at - now if pinged_at is None else pinged_at + self.timeout - now
            message = await pubsub.get_message(timeout=max(wait, 0.0))
            if message is None:
                continue
            pinged_at, ping_at = None, loop.time() + self.ping_seconds  # whatever it says, the connection lives
            kind = message["type"]
            if kind == "message":
                try:
                    self._heard(message["channel"], message["data"])
                except Exception:  # a listener's failure must not end the subscription
                    log.exception("a Valkey subscriber's handler failed")
            elif kind == "subscribe" and message["channel"] == self.channels[-1]:  # every channel is subscribed now
                self._live(True)

"""The relay: publishes committed outbox rows to JetStream with ``Nats-Msg-Id`` = event id and marks a row
sent only after JetStream acknowledged it. A crash between the ack and the mark republishes the same id,
which the stream's duplicate window drops.

It publishes as soon as it is woken: it listens on its database for ``outbox``, which every commit that wrote
outbox rows notifies (``messaging.outbox.NOTIFY_TRIGGER``), whichever process committed. It polls besides: often
while it is not listening or a publish failed, seldom otherwise. Under a steady stream of commits it starts a round
at most every ``gather`` seconds after one that published, so each round takes the rows of several commits: a lone
event after a quiet spell is published at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from asyncio import Future
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from urllib.parse import urlsplit

import nats
import psycopg
from nats.aio.client import Client as NATS
from nats.js import JetStreamContext
from nats.js.api import DiscardPolicy, PubAck, RetentionPolicy, StorageType, StreamConfig
from nats.js.errors import BadRequestError, NotFoundError
from sqlalchemy import text

from portal_kit.db import Database
from portal_kit.messaging.events import EVENT_ID_HEADER, MSG_ID_HEADER
from portal_kit.messaging.outbox import NOTIFY_CHANNEL
from portal_kit.settings import STREAM_MIN_AGE_SECONDS, ServiceSettings

log = logging.getLogger("portal_kit.relay")

DUPLICATE_WINDOW = timedelta(seconds=STREAM_MIN_AGE_SECONDS)
STREAM_NAME_IN_USE = 10058  # JetStream's error code for a stream made with another configuration


def inbox_prefix(url: str) -> str:
    """Replies to a NATS user's requests arrive under ``_INBOX_<user>``, the only inbox its permissions let it
    read, so no other service can listen to the answers it gets."""
    user = urlsplit(url).username
    return f"_INBOX_{user}" if user else "_INBOX"


async def connect_nats(url: str, name: str, reconnected: Callable[[], Awaitable[None]] | None = None) -> NATS:
    """Connect with unlimited reconnects, so a NATS restart is ridden out rather than fatal; ``reconnected`` runs
    each time the connection is back (core NATS messages sent meanwhile were not kept for this client)."""
    return await nats.connect(
        url,
        name=name,
        max_reconnect_attempts=-1,
        reconnect_time_wait=0.5,
        allow_reconnect=True,
        inbox_prefix=inbox_prefix(url),
        reconnected_cb=reconnected,
    )


@dataclass(frozen=True)
class StreamLimits:
    """What a worker gives a stream it creates: ``replicas`` copies (a cluster's; 3 in production), messages kept
    ``max_age_seconds`` (0: for ever) and at most ``max_bytes`` (-1: no limit but the server's store). A full stream
    refuses new messages rather than dropping old ones no consumer may have read yet: the outbox keeps a refused
    event and publishes it again. From the settings ``NATS_STREAM_REPLICAS``, ``NATS_STREAM_MAX_AGE_SECONDS`` and
    ``NATS_STREAM_MAX_BYTES``."""

    replicas: int = 1
    max_age_seconds: float = 7 * 24 * 3600
    max_bytes: int = -1

    @classmethod
    def of(cls, settings: ServiceSettings) -> StreamLimits:
        return cls(settings.nats_stream_replicas, settings.nats_stream_max_age_seconds, settings.nats_stream_max_bytes)


async def ensure_stream(
    js: JetStreamContext, name: str, subjects: list[str], limits: StreamLimits | None = None
) -> None:
    """Create the stream ``name`` with ``limits`` (file storage; fsync of every write is a server setting,
    ``jetstream.sync_interval: always``, which the local stack sets for the money streams' sake), or bring an
    existing one up to date without undoing what an operator set on it: its subjects are merged with ``subjects``
    and its replicas raised to ``limits.replicas`` if it has fewer; nothing else of it changes (its retention, its
    limits, more replicas than configured all stay), and a stream that needs neither is not updated at all."""
    limits = limits or StreamLimits()
    try:
        info = await js.stream_info(name)
    except NotFoundError:
        try:
            await js.add_stream(
                StreamConfig(
                    name=name,
                    subjects=subjects,
                    storage=StorageType.FILE,
                    retention=RetentionPolicy.LIMITS,
                    num_replicas=limits.replicas,
                    max_age=limits.max_age_seconds,
                    max_bytes=limits.max_bytes,
                    discard=DiscardPolicy.NEW,
                    duplicate_window=DUPLICATE_WINDOW.total_seconds(),
                )
            )
            return
        except BadRequestError as exc:  # another worker made it meanwhile (with other limits): update that one
            if exc.err_code != STREAM_NAME_IN_USE:
                raise
            info = await js.stream_info(name)
    config = info.config
    present = list(config.subjects or [])
    merged = [*present, *(subject for subject in subjects if subject not in present)]
    replicas = max(config.num_replicas or 1, limits.replicas)
    if merged != present or replicas != (config.num_replicas or 1):
        await js.update_stream(replace(config, subjects=merged, num_replicas=replicas))


ANY_PENDING = "SELECT 1 FROM outbox WHERE published_at IS NULL LIMIT 1"
# The body as the text JSONB keeps it: published as it is, never decoded here.
PENDING = text(
    "SELECT id, subject, body::text AS body, headers FROM outbox WHERE published_at IS NULL"
    " ORDER BY created_at, id LIMIT :limit FOR UPDATE SKIP LOCKED"
)
Pending = tuple[str, str, str, dict[str, str]]  # an outbox row: id, subject, body (JSON), headers
MARK_PUBLISHED = text("UPDATE outbox SET published_at = now() WHERE id = ANY(:ids)")
MARK_FAILED = text("UPDATE outbox SET attempts = attempts + 1, last_error = :error WHERE id = ANY(:ids)")


def _acknowledged(ack: Future[PubAck]) -> bool:
    return ack.done() and not ack.cancelled() and ack.exception() is None


def _failure(ack: Future[PubAck]) -> str:
    if not ack.done():
        return "TimeoutError: no acknowledgement in time"
    exc = ack.exception()
    return f"{type(exc).__name__}: {exc}"


class OutboxRelay:
    def __init__(
        self,
        db: Database,
        nats_url: str,
        stream: str,
        subjects: list[str],
        *,
        listens: bool = True,
        batch_size: int = 100,
        poll_interval: float = 0.2,
        idle_poll: float = 5.0,
        gather: float = 0.02,
        publish_timeout: float = 2.0,
        limits: StreamLimits | None = None,
    ) -> None:
        """``listens``: woken by the database's ``outbox`` notifications; without, it only polls. ``poll_interval``
        is the poll while it is not listening or a publish failed, ``idle_poll`` otherwise; ``gather`` the least
        time from the start of a round that published to the start of the next."""
        self.db = db
        self.nats_url = nats_url
        self.stream = stream
        self.subjects = subjects
        self.listens = listens
        self.batch_size = batch_size
        self.poll_interval = poll_interval
        self.idle_poll = idle_poll
        self.gather = gather
        self.publish_timeout = publish_timeout
        self.limits = limits
        self._nc: NATS | None = None
        self._js: JetStreamContext | None = None
        self._stopping = asyncio.Event()
        self._woken = asyncio.Event()
        self._listening = False
        self._failed = False
        self.rounds = 0  # rounds finished: a test commits after the first, so only a wake can publish at once

    @property
    def hears_wakes(self) -> bool:
        return self._listening

    async def _jetstream(self) -> JetStreamContext:
        if self._js is None:
            self._nc = await connect_nats(self.nats_url, f"relay-{self.stream.lower()}")
            self._js = self._nc.jetstream(timeout=self.publish_timeout)
            await ensure_stream(self._js, self.stream, self.subjects, self.limits)
        return self._js

    async def listen(self) -> None:
        """Wake the relay at every ``outbox`` notification; when the connection is lost, connect again (the
        relay polls often meanwhile, and once more as soon as it listens again, for what it may have missed)."""
        delay = self.poll_interval
        while not self._stopping.is_set():
            try:
                async with await psycopg.AsyncConnection.connect(self.db.url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self._listening, delay = True, self.poll_interval
                    self._woken.set()
                    async for _ in connection.notifies():
                        self._woken.set()
            except psycopg.Error as exc:
                log.warning("relay cannot listen for outbox notifications: %s", exc)
            finally:
                self._listening = False
            await self._stop_or_wait(delay)
            delay = min(delay * 2, 5.0)

    async def _stop_or_wait(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), timeout=seconds)

    async def publish_pending(self, *, notified: bool = False) -> int:
        """Publish one batch of pending rows in creation order; returns how many were published (``notified``:
        a commit said there are some).
        Rows are locked ``FOR UPDATE SKIP LOCKED`` so several relays never publish the same row at once. The batch
        leaves in one go (each publish written behind the one before, in order, its ack awaited with the others')
        and its rows are marked in one statement: a row is marked only once JetStream acknowledged it, one whose
        ack failed or did not come keeps its place for the next round."""
        js = await self._jetstream()
        # Most polls find nothing: one prepared statement on the pending rows' index answers that, without opening
        # a transaction for nothing.
        if not notified and await self.db.call(ANY_PENDING) is None:
            return 0
        async with self.db.engine.begin() as connection:
            result = await connection.execute(PENDING, {"limit": self.batch_size})
            rows: list[Pending] = [(row.id, row.subject, row.body, row.headers) for row in result]
            acks, refused = await self._send(js, rows)
            if acks:
                await asyncio.wait(acks, timeout=self.publish_timeout)
            published = [row[0] for row, ack in zip(rows, acks, strict=False) if _acknowledged(ack)]
            if published:
                await connection.execute(MARK_PUBLISHED, {"ids": published})
            failed = [row[0] for row in rows if row[0] not in set(published)]
            if failed:
                self._failed = True
                unacknowledged = [ack for ack in acks if not _acknowledged(ack)]
                error = _failure(unacknowledged[0]) if unacknowledged else refused
                log.warning("publish of %s event(s) failed, the first %s: %s", len(failed), failed[0], error)
                await connection.execute(MARK_FAILED, {"ids": failed, "error": error[:500]})
        for ack in acks:
            if not ack.done():
                ack.cancel()  # its answer, if it comes, is for a row the next round publishes again
        return len(published)

    async def _send(self, js: JetStreamContext, rows: list[Pending]) -> tuple[list[Future[PubAck]], str]:
        """Write the rows' publishes in order; each one's future acknowledgement, and why sending stopped early."""
        acks: list[Future[PubAck]] = []
        for id_, subject, body, headers in rows:
            try:
                acks.append(
                    await js.publish_async(
                        subject,
                        body.encode(),
                        headers={**headers, MSG_ID_HEADER: id_, EVENT_ID_HEADER: id_},
                    )
                )
            except Exception as exc:  # noqa: BLE001 - the rest waits for the next round
                return acks, f"{type(exc).__name__}: {exc}"
        return acks, ""

    async def run(self) -> None:
        """Publish until stopped (listening, when it ``listens``); back off while NATS or the database is
        unavailable."""
        listener = asyncio.create_task(self.listen()) if self.listens else None
        try:
            await self._rounds()
        finally:
            if listener is not None:
                listener.cancel()
                await asyncio.gather(listener, return_exceptions=True)

    async def _rounds(self) -> None:
        loop = asyncio.get_running_loop()
        delay = self.poll_interval
        while not self._stopping.is_set():
            notified = self._woken.is_set()
            self._woken.clear()  # a wake from here on finds what this round may miss
            self._failed = False
            until = self._woken
            started, published = loop.time(), 0
            try:
                published = await self.publish_pending(notified=notified)
                if published == self.batch_size:
                    delay = 0
                elif self.hears_wakes and not self._failed:
                    delay = self.idle_poll
                else:
                    delay = self.poll_interval
            except Exception as exc:  # noqa: BLE001 - keep relaying through outages
                log.warning("relay round failed: %s", exc)
                await self._reset()
                delay = min(max(delay * 2, 0.5), 5.0)
                until = self._stopping  # the back-off holds, however many events are committed meanwhile
            self.rounds += 1
            if delay:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(until.wait(), timeout=delay)
            rest = started + self.gather - loop.time()
            if 0 < published < self.batch_size and rest > 0:  # more commits coming: the next round takes several
                await self._stop_or_wait(rest)

    async def _reset(self) -> None:
        # A connection that was closed is replaced; one that is reconnecting is left to nats-py.
        if self._nc is not None and self._nc.is_closed:
            self._nc, self._js = None, None

    async def stop(self) -> None:
        self._stopping.set()
        self._woken.set()
        if self._nc is not None:
            await self._nc.close()

    async def pending_count(self) -> int:
        row = await self.db.call("SELECT count(*) FROM outbox WHERE published_at IS NULL")
        return int(row[0]) if row else 0

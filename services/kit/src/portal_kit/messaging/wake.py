"""The relay's wake-up: a process that commits outbox events says so on core NATS (``outbox.<service>``, no
payload), and a relay of the service publishes them at once instead of at its next poll. A wake that is lost
(NATS away for a moment) costs only that wait: the relays still poll now and then."""

from __future__ import annotations

import asyncio
import logging

from nats.aio.client import Client as NATS

from portal_kit.messaging.relay import connect_nats, wake_subject

log = logging.getLogger("portal_kit.wake")


class RelayWake:
    """Rings the service's relays from a process that writes events but runs no relay (an API process). Its
    NATS connection opens at the first ring; rings while one is on its way make one more wake, not one each."""

    def __init__(self, nats_url: str, service: str) -> None:
        self.nats_url = nats_url
        self.service = service
        self.subject = wake_subject(service)
        self._nc: NATS | None = None
        self._rung = False
        self._sending: asyncio.Task[None] | None = None

    def ring(self) -> None:
        self._rung = True
        if self._sending is None or self._sending.done():
            self._sending = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        try:
            if self._nc is None:
                self._nc = await connect_nats(self.nats_url, f"{self.service}-wake")
            while self._rung:  # a ring after this reset is answered by the next round
                self._rung = False
                await self._nc.publish(self.subject, b"")
        except Exception as exc:  # noqa: BLE001 - the relays' poll publishes the events anyway
            log.warning("could not wake the %s relay: %s", self.service, exc)

    async def close(self) -> None:
        if self._sending is not None and not self._sending.done():  # still connecting: NATS is away
            self._sending.cancel()
            await asyncio.gather(self._sending, return_exceptions=True)
        if self._nc is not None:
            await self._nc.close()
            self._nc = None

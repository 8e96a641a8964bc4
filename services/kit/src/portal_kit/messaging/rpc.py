"""Request/reply over core NATS, both sides typed by the models generated from ``proto/`` (``RPC_BY_SUBJECT``
in ``portal_events``): the caller sends a request model and validates the answer as the reply model; the responder validates the
request before any work and answers with the reply model. Every reply is the envelope
``{success, value, errorCode, message}``. Subjects live under ``rpc.``, never under a service's event stream
(JetStream would capture the request and answer it with a publish acknowledgement)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from nats.aio.client import Client as NATS
from nats.aio.msg import Msg
from nats.errors import NoRespondersError, TimeoutError
from pydantic import BaseModel, ValidationError

from portal_kit.errors import DomainError
from portal_kit.messaging.relay import connect_nats

log = logging.getLogger("portal_kit.rpc")

RequestModel = TypeVar("RequestModel", bound=BaseModel)
ReplyModel = TypeVar("ReplyModel", bound=BaseModel)


def refusal(reply: type[ReplyModel], code: str) -> ReplyModel:
    return reply.model_validate({"success": False, "value": None, "errorCode": code, "message": None})


def accepted(reply: type[ReplyModel], value: BaseModel | dict[str, Any]) -> ReplyModel:
    return reply.model_validate({"success": True, "value": value, "errorCode": None, "message": None})


async def ask(nc: NATS, subject: str, request: BaseModel, reply: type[ReplyModel], timeout: float = 5.0) -> ReplyModel:
    """Send ``request`` and read the answer as ``reply``; no responder, no answer in time or an answer that
    breaks its contract is ``service_unavailable`` (503)."""
    try:
        message = await nc.request(subject, request.model_dump_json(exclude_none=True).encode(), timeout=timeout)
    except (NoRespondersError, TimeoutError):
        raise DomainError("service_unavailable", status=503) from None
    try:
        return reply.model_validate_json(message.data)
    except ValidationError as error:
        log.error("the answer on %s breaks its contract: %s", subject, error)
        raise DomainError("service_unavailable", status=503) from None


class Responder:
    """Answers request/reply subjects on its own nats-py connection: each subject gets ``responders``
    subscriptions in its queue group, each answering its messages one after another, so a process answers that
    many requests of a subject at once and the processes of a service share the load."""

    def __init__(self, nats_url: str, *, name: str) -> None:
        self.nats_url = nats_url
        self.name = name
        self._answers: list[tuple[str, str, int, Callable[[bytes], Awaitable[bytes]]]] = []
        self._nc: NATS | None = None

    def answer(
        self,
        subject: str,
        request: type[RequestModel],
        reply: type[ReplyModel],
        work: Callable[[RequestModel], Awaitable[ReplyModel]],
        *,
        queue: str,
        responders: int = 1,
        invalid: Callable[[ValidationError], str] = lambda _error: "request.invalid",
    ) -> None:
        """Answer ``subject`` in queue group ``queue``: a request that breaks its contract is refused with the
        code ``invalid`` names (``request.invalid``) before any work; a ``DomainError`` becomes its refusal;
        anything unexpected is logged and answered ``internal_error``."""

        async def answer_of(body: bytes) -> bytes:
            try:
                parsed = request.model_validate_json(body)
            except ValidationError as error:
                answer = refusal(reply, invalid(error))
            else:
                try:
                    answer = await work(parsed)
                except DomainError as refused:
                    answer = refusal(reply, refused.code)
                except Exception:
                    log.exception("%s failed", subject)
                    answer = refusal(reply, "internal_error")
            return answer.model_dump_json().encode()

        self._answers.append((subject, queue, responders, answer_of))

    @property
    def connected(self) -> bool:
        """Started, and its connection is up (not lost and reconnecting)."""
        return self._nc is not None and self._nc.is_connected

    async def start(self) -> None:
        self._nc = await connect_nats(self.nats_url, self.name)
        for subject, queue, responders, answer_of in self._answers:
            for _ in range(responders):
                await self._nc.subscribe(subject, queue=queue, cb=_replying(answer_of))
        await self._nc.flush()

    async def stop(self) -> None:
        """Answers what is already in hand, takes nothing new."""
        if self._nc is not None:
            await self._nc.drain()
            self._nc = None


def _replying(answer_of: Callable[[bytes], Awaitable[bytes]]) -> Callable[[Msg], Awaitable[None]]:
    async def on_request(message: Msg) -> None:
        if message.reply:
            await message.respond(await answer_of(message.data))

    return on_request

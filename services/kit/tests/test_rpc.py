"""Request/reply typed on both sides, against a real NATS server."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import nats
import pytest
from nats.aio.client import Client as NATS
from nats.errors import NoRespondersError
from pydantic import BaseModel, ConfigDict, Field

from portal_kit.errors import DomainError
from portal_kit.messaging.rpc import Responder, accepted, ask
from portal_kit.testing.plugin import PortalServers


class DoubleRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int = Field(strict=True, ge=1)


class Doubled(BaseModel):
    n: int


class DoubleReply(BaseModel):
    success: bool
    value: Doubled | None
    errorCode: str | None
    message: str | None


async def answering(url: str, subjects: list[str], within: float = 10.0) -> None:
    """Wait until every subject has a responder the server knows of (the broker subscribes asynchronously)."""
    client = await nats.connect(url)
    try:
        deadline = time.monotonic() + within
        for subject in subjects:
            while True:
                try:
                    await client.request(subject, b"{}", timeout=1)
                    break
                except NoRespondersError:
                    assert time.monotonic() < deadline, f"nobody answers {subject}"
                    await asyncio.sleep(0.05)
    finally:
        await client.close()


@pytest.fixture
async def nc(portal_servers: PortalServers) -> AsyncIterator[NATS]:
    client = await nats.connect(portal_servers.nats_url)
    yield client
    await client.close()


@pytest.fixture
async def broker(portal_servers: PortalServers) -> AsyncIterator[Responder]:
    responder = Responder(portal_servers.nats_url, name="rpc-test")

    async def double(request: DoubleRequest) -> DoubleReply:
        if request.n == 13:
            raise DomainError("number.unlucky")
        if request.n == 99:
            raise RuntimeError("database gone")
        return accepted(DoubleReply, Doubled(n=request.n * 2))

    responder.answer("rpc.kittest.double", DoubleRequest, DoubleReply, double, queue="kittest", responders=4)

    async def liar(request: DoubleRequest) -> DoubleReply:  # answers what its contract forbids
        return DoubleReply.model_construct(success=True, value={"n": "many"}, errorCode=None, message=None)

    responder.answer("rpc.kittest.liar", DoubleRequest, DoubleReply, liar, queue="kittest")
    await responder.start()
    await answering(portal_servers.nats_url, ["rpc.kittest.double", "rpc.kittest.liar"])
    yield responder
    await responder.stop()


async def test_a_request_is_answered_with_its_reply_model(nc: NATS, broker: Responder) -> None:
    reply = await ask(nc, "rpc.kittest.double", DoubleRequest(n=21), DoubleReply)
    assert reply.success and reply.value == Doubled(n=42)


@pytest.mark.parametrize("body", [b"not json", b'{"n": 1.5}', b'{"n": "2"}', b'{"n": 0}', b'{"n": 2, "extra": 1}'])
async def test_a_request_breaking_its_contract_is_refused_before_any_work(
    nc: NATS, broker: Responder, body: bytes
) -> None:
    raw = await nc.request("rpc.kittest.double", body, timeout=5)
    reply = DoubleReply.model_validate_json(raw.data)
    assert (reply.success, reply.value, reply.errorCode) == (False, None, "request.invalid")


async def test_refusals_and_failures_answer_a_code(nc: NATS, broker: Responder) -> None:
    assert (await ask(nc, "rpc.kittest.double", DoubleRequest(n=13), DoubleReply)).errorCode == "number.unlucky"
    assert (await ask(nc, "rpc.kittest.double", DoubleRequest(n=99), DoubleReply)).errorCode == "internal_error"


@pytest.mark.filterwarnings("ignore::UserWarning")  # the liar's model warns as it serialises its lie
async def test_no_responder_or_a_reply_breaking_its_contract_is_service_unavailable(
    nc: NATS, broker: Responder
) -> None:
    with pytest.raises(DomainError) as nobody:
        await ask(nc, "rpc.kittest.nobody", DoubleRequest(n=1), DoubleReply, timeout=1)
    assert (nobody.value.code, nobody.value.status) == ("service_unavailable", 503)
    with pytest.raises(DomainError) as lie:
        await ask(nc, "rpc.kittest.liar", DoubleRequest(n=1), DoubleReply)
    assert lie.value.code == "service_unavailable"

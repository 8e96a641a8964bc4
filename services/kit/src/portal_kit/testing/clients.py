"""Clients a test calls through: an app in the same process (and the app calling itself where the gateway would
route its outgoing calls back to it), the run's NATS and Valkey, a service's NATS answers. Its HTTP client (httpx
through ASGI) is the test's, external to every service: it reaches only the app under test, never one service
calling another."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import httpx
import nats
from fastapi import FastAPI
from nats.aio.client import Client as NATS
from redis.asyncio import Redis

from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder


def asgi_client(app: FastAPI, base_url: str = "http://portal", **headers: str) -> httpx.AsyncClient:
    """A client calling ``app`` in this process (no socket), sending ``headers`` with every request."""
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=base_url, headers=headers)


async def loop_back(app: FastAPI, client: str, base_url: str) -> None:
    """The outgoing client ``app.state.<client>`` (made by the app's start-up) closed and replaced by one calling
    ``app`` itself at ``base_url``, as the gateway routes those calls back to the portal; the app's shutdown
    closes it."""
    await getattr(app.state, client).aclose()
    setattr(app.state, client, asgi_client(app, base_url))


@asynccontextmanager
async def nats_client(url: str) -> AsyncIterator[NATS]:
    """A plain connection to NATS at ``url``, closed after."""
    nc = await nats.connect(url)
    try:
        yield nc
    finally:
        await nc.close()


@asynccontextmanager
async def valkey_client(url: str) -> AsyncIterator[Redis]:
    """redis-py's client of Valkey at ``url``, replies decoded, closed after."""
    valkey = Redis.from_url(url, decode_responses=True)
    try:
        yield valkey
    finally:
        await valkey.aclose()


@asynccontextmanager
async def answering(
    nats_url: str, name: str, answers: Callable[[Responder, Database], None], db: Database
) -> AsyncIterator[Responder]:
    """A service's NATS answers (``answers(responder, db)``, as its worker registers them) on a ``Responder``
    named ``name``, answering until the block ends."""
    responder = Responder(nats_url, name=name)
    answers(responder, db)
    await responder.start()
    try:
        yield responder
    finally:
        await responder.stop()

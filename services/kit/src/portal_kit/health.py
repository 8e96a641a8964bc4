"""A worker's probes: ``GET /healthz`` and ``GET /readyz`` served by uvicorn inside the worker's own event loop.

A worker serves no HTTP of its own, so its Deployment had nothing to probe. ``HealthServer`` is a two-route
Starlette app on a uvicorn server that runs as one more task of the worker: ``/healthz`` is answered by the loop
itself (liveness: a loop stuck in blocking code answers nothing), ``/readyz`` runs the worker's readiness check
(503 when it raises or takes longer than ``timeout``). It binds ``0.0.0.0:<port>`` only when the worker's settings
give a port (``<PREFIX>HEALTH_PORT``): the local stack runs every worker on one machine and binds nothing for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Awaitable, Callable, Generator

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

log = logging.getLogger("portal_kit.health")

# Raises (anything) when the worker is not ready; the exception's text is logged.
ReadinessCheck = Callable[[], Awaitable[None]]


class _EmbeddedServer(uvicorn.Server):
    """uvicorn inside a loop it does not own: the worker keeps its SIGTERM/SIGINT handlers (uvicorn's own would
    replace them, then raise the signal again once it stopped)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        yield


def health_app(ready: ReadinessCheck, timeout: float) -> Starlette:
    async def healthz(_request: Request) -> JSONResponse:
        return JSONResponse({"status": "alive"})

    async def readyz(_request: Request) -> JSONResponse:
        try:
            async with asyncio.timeout(timeout):
                await ready()
        except Exception as exc:  # noqa: BLE001 - readiness reports any dependency failure
            log.warning("not ready: %s", exc or type(exc).__name__)
            return JSONResponse({"status": "unavailable"}, status_code=503)
        return JSONResponse({"status": "ready"})

    return Starlette(routes=[Route("/healthz", healthz), Route("/readyz", readyz)])


class HealthServer:
    """``start`` returns once it listens (a port taken raises ``OSError`` there); ``stop`` closes it."""

    def __init__(self, port: int, ready: ReadinessCheck, *, host: str = "0.0.0.0", timeout: float = 2.0) -> None:
        config = uvicorn.Config(
            health_app(ready, timeout),
            host=host,
            port=port,
            lifespan="off",
            ws="none",
            access_log=False,
            log_level="warning",  # its start and stop are the worker's, logged by the worker
            log_config=None,  # the worker's logging stays as configure_logging made it
            server_header=False,
            timeout_graceful_shutdown=1,
        )
        self.host, self.port = host, port
        self._server = _EmbeddedServer(config)
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        # Bound here, not by uvicorn: uvicorn answers a port taken with sys.exit from inside its task.
        listening = socket.create_server((self.host, self.port))
        self._task = asyncio.create_task(self._server.serve(sockets=[listening]))
        while not self._server.started:
            if self._task.done():
                listening.close()
                self._task.result()
                raise RuntimeError("the health server stopped before it started")
            await asyncio.sleep(0.01)
        log.info("probes served on port %d", self.port)

    async def stop(self) -> None:
        if self._task is None:
            return
        self._server.should_exit = True
        with contextlib.suppress(Exception):
            await self._task
        self._task = None

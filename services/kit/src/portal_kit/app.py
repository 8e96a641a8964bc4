"""The app factory: envelope, one error mapping, request id, tracing, health and readiness; and sockets served in
front of the middlewares (``create_app(sockets=...)``)."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from contextvars import Token
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from opentelemetry import context as otel_context
from opentelemetry import propagate, trace
from opentelemetry.context import Context
from opentelemetry.trace import NonRecordingSpan, SpanKind, StatusCode
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketState

from portal_kit.context import request_id_var
from portal_kit.db import Database
from portal_kit.envelope import Envelope, failure, ok
from portal_kit.errors import DomainError
from portal_kit.heap import startup_heap_frozen
from portal_kit.i18n import DEFAULT_LANGUAGE, Catalogue, Translator, resolve_language
from portal_kit.logging import configure_logging
from portal_kit.migrations import SchemaRevision, migrations_of
from portal_kit.openapi import document
from portal_kit.sessions import SessionCache, SessionStore
from portal_kit.settings import ServiceSettings
from portal_kit.telemetry import exporting, setup_telemetry, tracer
from portal_kit.valkey_link import ValkeyLink

log = logging.getLogger("portal_kit.app")

ReadinessCheck = Callable[[FastAPI], Awaitable[None]]
Hook = Callable[[FastAPI], Awaitable[None]]
SocketEndpoint = Callable[[WebSocket], Awaitable[None]]


class Health(BaseModel):
    status: Literal["alive", "ready"]


def language_of(request: Request) -> str:
    return resolve_language(request.headers.get("language")) or DEFAULT_LANGUAGE


async def request_language(request: Request) -> str:
    """Dependency: the request's language (the middleware already refused an unsupported one)."""
    return language_of(request)


async def request_database(request: Request) -> Database:
    """Dependency: the app's database (``create_app`` opens it in the lifespan)."""
    db: Database = request.app.state.db
    return db


async def request_valkey(request: Request) -> ValkeyLink:
    """Dependency: the app's link to Valkey (sessions, throttles, caches: every command a service sends)."""
    valkey: ValkeyLink = request.app.state.valkey
    return valkey


Db = Annotated[Database, Depends(request_database)]
Valkey = Annotated[ValkeyLink, Depends(request_valkey)]


def _envelope(request: Request, status: int, code: str, value: Any = None, **params: object) -> JSONResponse:
    translate: Translator = request.app.state.translate
    message = translate(code, language_of(request), **params)
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    return JSONResponse(failure(code, message, value), status_code=status)


async def _domain_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, DomainError)
    return _envelope(request, exc.status, exc.code, exc.value, **exc.params)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    problems = [
        {"field": ".".join(str(part) for part in error.get("loc", ()) if part != "body"), "reason": error.get("msg")}
        for error in exc.errors()
    ]
    first = problems[0] if problems else {"field": "", "reason": ""}
    return _envelope(request, 400, "validation.failed", problems, field=first["field"], reason=first["reason"])


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "not_found", 405: "method_not_allowed", 413: "request.too_large"}.get(exc.status_code, "bad_request")
    return _envelope(request, exc.status_code, code)


class RequestContextMiddleware:
    """Request id (``X-Request-Id`` in and out, and in every log line) and the last line of defence: anything
    unexpected is logged and answered with a 500 envelope that leaks nothing. The server span itself comes
    from FastAPI's native OpenTelemetry support, which continues the caller's ``traceparent``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]}
        request_id = headers.get("x-request-id") or uuid.uuid4().hex
        token = request_id_var.set(request_id)
        status_holder: dict[str, int] = {}

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                status_holder["status"] = message["status"]
                message.setdefault("headers", [])
                message["headers"].append((b"x-request-id", request_id.encode()))
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unexpected error on %s %s", scope["method"], scope["path"])
            if "status" in status_holder:
                raise
            await _internal_error(scope, headers)(scope, receive, send_with_id)
        finally:
            request_id_var.reset(token)


def _internal_error(scope: Scope, headers: dict[str, str]) -> JSONResponse:
    translate: Translator = scope["app"].state.translate
    language = resolve_language(headers.get("language")) or DEFAULT_LANGUAGE
    return JSONResponse(failure("internal_error", translate("internal_error", language)), status_code=500)


MAX_BODY_EXTENSION = "x-max-body-bytes"


def body_limit(size: int) -> dict[str, Any]:
    """``openapi_extra`` for a call that carries files: it accepts bodies up to ``size`` bytes instead of the
    service's ``max_body_bytes`` setting (and its OpenAPI operation says so)."""
    return {MAX_BODY_EXTENSION: size}


class BodyLimitMiddleware:
    """Every request body is counted as it arrives, chunked or not (a declared ``Content-Length`` first), against
    the call's limit: the ``max_body_bytes`` setting, or what the route declares with ``body_limit``. Over it, the read fails
    with 413 ``request.too_large`` before anything is parsed. (Starlette's own limiter answers plain text, not the
    envelope, so the kit keeps this one.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:  # only a route that reads its body gets here: reads pay nothing more
            nonlocal received
            route = scope.get("route")  # set by the router before the route reads its body
            extra = getattr(route, "openapi_extra", None) or {}
            limit = int(extra.get(MAX_BODY_EXTENSION, scope["app"].state.settings.max_body_bytes))
            declared = dict(scope["headers"]).get(b"content-length")
            if declared is not None and declared.isdigit() and int(declared) > limit:
                raise StarletteHTTPException(status_code=413)
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise StarletteHTTPException(status_code=413)
            return message

        await self.app(scope, counted, send)


class LanguageCheckMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            raw = dict(scope["headers"]).get(b"language")
            language = raw.decode("latin-1") if raw is not None else None
            if resolve_language(language) is None:
                translate: Translator = scope["app"].state.translate
                body = failure(
                    "language.unsupported",
                    translate("language.unsupported", DEFAULT_LANGUAGE, language=language),
                )
                await JSONResponse(body, status_code=400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class HandshakeSocket(WebSocket):
    """A socket served in front of the middlewares (``PortalApp``). Its handshake has a server span of its own,
    current until the handshake is answered (accepted, refused or answered over HTTP) and then ended; its ids stay
    in the socket's log lines. What the upgrade carried (its headers, the offered subprotocols: a session token) is
    not kept for the socket's life: whoever needs it reads it before the answer."""

    def __init__(self, scope: Scope, receive: Receive, send: Send) -> None:
        super().__init__(scope, receive, send)
        headers = {key.decode("latin-1"): value.decode("latin-1") for key, value in scope["headers"]}
        # The request id of every log line of the socket (its task's context), as RequestContextMiddleware does
        request_id_var.set(headers.get("x-request-id") or uuid.uuid4().hex)
        parent = propagate.extract(headers)
        span = tracer("portal_kit.app").start_span(
            f"WS {scope['path']}", context=parent, kind=SpanKind.SERVER,
            attributes={"url.scheme": scope.get("scheme", "ws"), "network.protocol.name": "websocket",
                        "http.route": scope["path"]},
        )  # fmt: skip
        self._handshake: tuple[trace.Span, Token[Context]] | None = (
            span,
            otel_context.attach(trace.set_span_in_context(span, parent)),
        )

    async def send(self, message: Message) -> None:
        await super().send(message)
        if self._handshake is not None and self.application_state is not WebSocketState.CONNECTING:
            self.end_handshake(failed=self.application_state is not WebSocketState.CONNECTED)

    def end_handshake(self, *, failed: bool) -> None:
        """End the handshake's span (``failed``: the socket was not accepted) and let go of what the upgrade
        carried; the span's ids stay current for the socket's log lines, the span itself is not kept."""
        if self._handshake is None:
            return
        span, token = self._handshake
        self._handshake = None
        recorded = span.is_recording()
        if failed:
            span.set_status(StatusCode.ERROR)
        span.end()
        if recorded:  # an unrecorded span is its ids only: it stays current, a recorded one gives way to its ids
            otel_context.detach(token)
            otel_context.attach(trace.set_span_in_context(NonRecordingSpan(span.get_span_context())))
        self.scope["headers"] = []
        self.scope["subprotocols"] = []


class PortalApp(FastAPI):
    """The kit's FastAPI app. A WebSocket at one of ``sockets``' paths goes straight to its endpoint, in front of
    the middlewares and FastAPI's telemetry: a socket's task lives as long as the socket, and through the stack it
    kept every middleware's frame and a server span for all that time (about 9 KiB an idle socket). None of the
    middlewares does anything for a WebSocket but the span: the socket gets one for its handshake only, and the
    request id (``HandshakeSocket``); the endpoint checks who may open it."""

    sockets: Mapping[str, SocketEndpoint] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        endpoint = self.sockets.get(scope["path"]) if scope["type"] == "websocket" else None
        if endpoint is None:
            await super().__call__(scope, receive, send)
            return
        scope["app"] = self
        socket = HandshakeSocket(scope, receive, send)
        try:
            await endpoint(socket)
        finally:
            socket.end_handshake(failed=True)  # the endpoint left (or failed) before it answered the handshake


def create_app(
    settings: ServiceSettings,
    *,
    routers: Sequence[APIRouter] = (),
    messages: Sequence[Catalogue] = (),
    on_startup: Sequence[Hook] = (),
    on_shutdown: Sequence[Hook] = (),
    readiness: Sequence[ReadinessCheck] = (),
    title: str | None = None,
    documented_models: Sequence[type[BaseModel]] = (),
    sockets: Mapping[str, SocketEndpoint] | None = None,
    migrations: Path | None = None,
) -> PortalApp:
    """Build a service's FastAPI app. ``app.state`` carries ``settings``, ``db``, ``valkey``, ``sessions`` and
    ``translate``.
    ``documented_models``: models that cross no HTTP call (WebSocket frames) but belong in the OpenAPI document's
    components, so the web's generated client has their types.
    ``sockets``: WebSocket endpoints by path, served in front of the middlewares (``PortalApp``).
    ``migrations``: the service's Alembic migrations, by default those of the package its settings class is in
    (``migrations_of``).

    ``/readyz`` answers 200 once the database answers and is at the head of those migrations (a database without
    the schema, or at an older revision, is not ready: 503), and every ``readiness`` check passes. It does not
    ask Valkey: Valkey is one server that every pod of every service shares, so a blip of it would take every API
    out of its Service at once, while the calls that need no session or throttle (brand config, game lists,
    health) still work and those that do answer their own errors; a pod's readiness says whether *this* pod can
    serve, which another pod could not do better while Valkey is away."""
    configure_logging(settings.service_name, settings.log_level)
    setup_telemetry(settings.service_name)
    migrations = migrations or migrations_of(type(settings).__module__)
    schema = SchemaRevision(migrations) if migrations is not None else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.db = Database(
            settings.database_url,
            pool_size=settings.database_pool_size,
            max_overflow=settings.database_max_overflow,
        )
        # Valkey's connections as many as the database's: the requests the process serves at once.
        app.state.valkey = ValkeyLink(
            settings.redis_url,
            connections=settings.database_pool_size + settings.database_max_overflow,
            client_name=settings.service_name,
        )
        session_cache = SessionCache(app.state.valkey, seconds=settings.session_cache_seconds)
        await session_cache.start()
        app.state.sessions = SessionStore(app.state.valkey, session_cache)
        for hook in on_startup:
            await hook(app)
        try:
            with startup_heap_frozen():
                yield
        finally:
            for hook in on_shutdown:
                await hook(app)
            await session_cache.stop()
            await app.state.valkey.aclose()
            await app.state.db.dispose()

    # FastAPI's native telemetry makes the server spans (named by route template) on the global provider; the
    # spans of each dependency, endpoint and serialisation only when spans are exported (unsampled, each is still
    # made on every request: three or four on a read with two dependencies).
    app = PortalApp(
        title=title or settings.service_name,
        lifespan=lifespan,
        telemetry={"metrics": False, "logs": False, "operation_spans": exporting()},
    )
    app.sockets = dict(sockets or {})
    app.state.settings = settings
    app.state.translate = Translator(*messages)
    app.state.documented_models = tuple(documented_models)
    app.add_exception_handler(DomainError, _domain_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(LanguageCheckMiddleware)
    app.add_middleware(RequestContextMiddleware)

    app.openapi = lambda: document(app)  # type: ignore[method-assign]

    alive = ok(Health(status="alive")).model_dump_json().encode()

    # Pre-encoded: /healthz is the baseline the benchmarks measure every other call against.
    @app.get("/healthz", operation_id="healthz", tags=["health"], response_model=Envelope[Health])
    async def healthz() -> Response:
        return Response(alive, media_type="application/json")

    @app.get("/readyz", operation_id="readyz", tags=["health"], response_model=Envelope[Health])
    async def readyz(request: Request) -> JSONResponse:
        try:
            await request.app.state.db.ping()
            if schema is not None:
                await schema.check(request.app.state.db)
            for check in readiness:
                await check(request.app)
        except Exception as exc:  # noqa: BLE001 - readiness reports any dependency failure
            log.warning("not ready: %s", exc)
            return _envelope(request, 503, "service_unavailable")
        return JSONResponse(ok(Health(status="ready")).model_dump())

    # The routes go into the app's own list, as FastAPI included routers before 0.150: an included router is now
    # a lazy branch that matches each request again at every level (two to three passes over a service's routes
    # per request). None of the kit's routers sets dependencies of its own.
    for router in routers:
        if router.dependencies:
            raise ValueError("a router's own dependencies would be lost: declare them on its routes")
        app.router.routes.extend(router.routes)
    return app

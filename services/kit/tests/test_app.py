"""The app factory: envelope, error mapping, request id, health, languages, sessions and roles; sockets served in
front of the middlewares."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated

import httpx
import pytest
from fastapi import APIRouter, Depends, FastAPI, Request, Response, WebSocket
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode
from pydantic import BaseModel, Field
from redis.asyncio import Redis
from starlette.types import Message

from portal_kit import app as kit_app
from portal_kit.app import body_limit, create_app
from portal_kit.client import ClientIp
from portal_kit.context import request_id_var
from portal_kit.envelope import Envelope, ok, ok_response
from portal_kit.errors import DomainError
from portal_kit.merchant import MerchantCode
from portal_kit.sessions import CurrentPrincipal, MemberPrincipal, OpsPrincipal, OpsRole, Principal, Role, SessionStore
from portal_kit.settings import ServiceSettings
from portal_kit.testing.plugin import PortalServers, issue_session
from portal_kit.valkey_link import ValkeyLink

router = APIRouter()


class Payload(BaseModel):
    name: str = Field(min_length=2, max_length=10)
    amount: int = Field(gt=0)


@router.get("/boom")
async def boom() -> None:
    raise RuntimeError("password=hunter2 at /srv/secret/module.py line 42")


@router.get("/refused")
async def refused() -> None:
    raise DomainError("demo.refused", status=409, limit=5)


@router.post("/payload")
async def payload(body: Payload) -> Envelope[Payload]:
    return ok(body)


@router.post("/upload", openapi_extra=body_limit(4 * 1024 * 1024))
async def upload(body: Payload) -> Envelope[Payload]:
    return ok(body)


@router.get("/trace")
async def current_trace() -> Envelope[str]:
    return ok(format(trace.get_current_span().get_span_context().trace_id, "032x"))


@router.get("/whoami")
async def whoami(principal: CurrentPrincipal, merchant: MerchantCode) -> Envelope[dict[str, str]]:
    return ok({"role": principal.role.value, "merchant": merchant})


@router.get("/member-only")
async def member_only(principal: MemberPrincipal) -> Envelope[str | None]:
    return ok(principal.account_id)


@router.get("/ops-only")
async def ops_only(principal: OpsPrincipal) -> Envelope[str | None]:
    return ok(principal.username)


@router.get("/items/{name}")
async def item(name: str) -> Envelope[str]:
    return ok(f"item {name}")


@router.get("/items/special")
async def special_item() -> Envelope[str]:
    return ok("special")  # never answers: the route above, declared first, takes its path


@router.get("/fixed")
async def fixed_read(request: Request) -> Envelope[str | None]:
    """Answers the route FastAPI's telemetry names the request's server span after."""
    return ok(getattr(request.scope.get("fastapi.telemetry"), "route", None))


@router.put("/fixed")
async def fixed_write() -> Envelope[str]:
    return ok("written")


class Greeting(BaseModel):
    text: str


async def brand_of(request: Request) -> str:
    return str(request.headers.get("merchant", "none"))


async def greeting_for(principal: MemberPrincipal) -> str:  # a dependency with one of its own
    return f"hello {principal.account_id}"


@router.get("/lean/member")
async def lean_member(
    request: Request, principal: MemberPrincipal, brand: Annotated[str, Depends(brand_of)]
) -> Response:
    return ok_response(Greeting(text=f"{principal.account_id} of {brand} at {request.url.path}"))


@router.get("/lean/refused")
async def lean_refused() -> Response:
    raise DomainError("demo.refused", status=409, limit=5)


@router.get("/lean/boom")
async def lean_boom() -> Response:
    raise RuntimeError("password=hunter2 at /srv/secret/module.py line 42")


@router.get("/full/query")
async def with_a_query(name: str) -> Response:
    return ok_response(Greeting(text=name))


@router.get("/full/nested")
async def with_a_nested_dependency(text: Annotated[str, Depends(greeting_for)]) -> Response:
    return ok_response(Greeting(text=text))


@router.get("/full/model")
async def with_a_model_answer(principal: MemberPrincipal) -> Envelope[Greeting]:
    return ok(Greeting(text=str(principal.account_id)))


MESSAGES = {
    "demo.refused": {
        "TR": "Reddedildi (sınır {limit}).",
        "EN": "Refused (limit {limit}).",
        "CN": "已拒绝（上限 {limit}）。",
    }
}


@pytest.fixture
async def app(portal_servers: PortalServers, kit_database_url: str) -> AsyncIterator[FastAPI]:
    settings = ServiceSettings(
        service_name="kit-test", database_url=kit_database_url, redis_url=portal_servers.redis_url
    )
    application = create_app(settings, routers=[router], messages=[MESSAGES])
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
        yield http


async def test_unexpected_exception_answers_500_envelope_without_internals(client: httpx.AsyncClient) -> None:
    response = await client.get("/boom", headers={"Language": "EN"})
    assert response.status_code == 500
    body = response.json()
    assert body == {
        "success": False,
        "value": None,
        "errorCode": "internal_error",
        "message": "System error, please try again later.",
    }
    assert "hunter2" not in response.text
    assert "Traceback" not in response.text
    assert "module.py" not in response.text


async def test_domain_error_keeps_its_status_code_and_translated_message(client: httpx.AsyncClient) -> None:
    tr = await client.get("/refused")
    cn = await client.get("/refused", headers={"Language": "cn"})
    assert tr.status_code == cn.status_code == 409
    assert tr.json()["errorCode"] == "demo.refused"
    assert tr.json()["message"] == "Reddedildi (sınır 5)."
    assert cn.json()["message"] == "已拒绝（上限 5）。"


async def test_validation_error_is_400_naming_the_field(client: httpx.AsyncClient) -> None:
    response = await client.post("/payload", json={"name": "ok", "amount": -3}, headers={"Language": "EN"})
    assert response.status_code == 400
    body = response.json()
    assert body["success"] is False
    assert body["errorCode"] == "validation.failed"
    assert body["value"][0]["field"] == "amount"
    assert body["message"].startswith("Invalid field: amount.")


async def test_unknown_route_and_wrong_method_answer_envelopes(client: httpx.AsyncClient) -> None:
    missing = await client.get("/nowhere")
    wrong = await client.delete("/payload")
    assert (missing.status_code, missing.json()["errorCode"]) == (404, "not_found")
    assert (wrong.status_code, wrong.json()["errorCode"]) == (405, "method_not_allowed")


async def test_routes_are_matched_in_their_order_and_the_server_span_is_named_after_the_route(
    client: httpx.AsyncClient,
) -> None:
    assert (await client.get("/fixed")).json()["value"] == "/fixed"  # the server span keeps the route's name
    assert (await client.put("/fixed")).json()["value"] == "written"
    assert (await client.get("/items/special")).json()["value"] == "item special"
    assert (await client.get("/items/other")).json()["value"] == "item other"
    wrong = await client.delete("/fixed")
    assert (wrong.status_code, wrong.json()["errorCode"]) == (405, "method_not_allowed")


async def test_a_route_reading_only_the_request_answers_with_the_apps_envelopes(
    client: httpx.AsyncClient, portal_servers: PortalServers
) -> None:
    member = await issue_session(
        portal_servers.redis_url, Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m1", account_type=0)
    )
    trial = await issue_session(
        portal_servers.redis_url, Principal(role=Role.TRIAL, merchant="turkeyf2", account_id="t1", account_type=4)
    )
    answer = await client.get("/lean/member", headers={"Authorization": member, "Merchant": "turkeyf2"})
    assert answer.json() == {
        "success": True, "value": {"text": "m1 of turkeyf2 at /lean/member"}, "errorCode": None, "message": None
    }  # fmt: skip
    assert len(answer.headers["x-request-id"]) == 32
    visitor = await client.get("/lean/member")
    assert (visitor.status_code, visitor.json()["errorCode"]) == (401, "login.not.session")
    refused_trial = await client.get("/lean/member", headers={"Authorization": trial})
    assert (refused_trial.status_code, refused_trial.json()["errorCode"]) == (403, "in_need_true_account")
    forged = await client.get("/lean/member", headers={"Authorization": "not-a-real-token"})
    assert (forged.status_code, forged.json()["errorCode"]) == (401, "user.or.token.invalid")
    refused = await client.get("/lean/refused", headers={"Language": "EN"})
    assert (refused.status_code, refused.json()["message"]) == (409, "Refused (limit 5).")
    boom = await client.get("/lean/boom")
    assert (boom.status_code, boom.json()["errorCode"]) == (500, "internal_error")
    assert "hunter2" not in boom.text
    assert (await client.get("/lean/member", headers={"Language": "XX"})).status_code == 400
    # routes with more to resolve validate what they read
    missing = await client.get("/full/query")
    assert (missing.status_code, missing.json()["errorCode"]) == (400, "validation.failed")
    nested = await client.get("/full/nested", headers={"Authorization": member})
    assert nested.json()["value"] == {"text": "hello m1"}


async def test_a_body_over_the_limit_is_refused_with_413_before_it_is_parsed(client: httpx.AsyncClient) -> None:
    headers = {"Language": "EN", "Content-Type": "application/json"}
    oversized = b'{"name": "ok", "amount": 1, "pad": "' + b"x" * (1024 * 1024) + b'"}'

    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: the bytes are counted as they arrive
        for start in range(0, len(oversized), 64 * 1024):
            yield oversized[start : start + 64 * 1024]

    for body in (oversized, chunks()):
        response = await client.post("/payload", content=body, headers=headers)
        assert response.status_code == 413
        assert response.json() == {
            "success": False,
            "value": None,
            "errorCode": "request.too_large",
            "message": "The request is too large.",
        }
    # a call that carries files sets its own limit; under the default, bodies pass as before
    assert (await client.post("/upload", content=oversized, headers=headers)).status_code == 200
    assert (await client.post("/payload", json={"name": "ok", "amount": 1})).status_code == 200


async def test_unsupported_language_is_refused(client: httpx.AsyncClient) -> None:
    response = await client.get("/whoami", headers={"Language": "XX"})
    assert response.status_code == 400
    assert response.json()["errorCode"] == "language.unsupported"


async def test_request_id_is_echoed_or_made(client: httpx.AsyncClient) -> None:
    given = await client.get("/healthz", headers={"X-Request-Id": "abc123"})
    made = await client.get("/healthz")
    assert given.headers["x-request-id"] == "abc123"
    assert len(made.headers["x-request-id"]) == 32


async def test_health_and_readiness(client: httpx.AsyncClient) -> None:
    assert (await client.get("/healthz")).json()["value"] == {"status": "alive"}
    ready = await client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["success"] is True


async def test_the_document_lists_the_headers_the_session_and_brand_are_read_from(client: httpx.AsyncClient) -> None:
    # The kit reads them from the request (not as FastAPI Header() parameters); the document must still say so.
    paths = (await client.get("/openapi.json")).json()["paths"]

    def headers(path: str) -> set[str]:
        return {p["name"] for p in paths[path]["get"].get("parameters", []) if p["in"] == "header"}

    assert headers("/whoami") == {"merchant", "authorization"}
    assert headers("/member-only") == {"merchant", "authorization"}
    assert headers("/healthz") == set()


async def test_merchant_defaults_and_bad_merchant_is_refused(client: httpx.AsyncClient) -> None:
    default = await client.get("/whoami")
    other = await client.get("/whoami", headers={"Merchant": "OtherBrand"})
    bad = await client.get("/whoami", headers={"Merchant": "bad merchant!"})
    assert default.json()["value"] == {"role": "visitor", "merchant": "turkeyf2"}
    assert other.json()["value"]["merchant"] == "otherbrand"
    assert (bad.status_code, bad.json()["errorCode"]) == (400, "merchant.invalid")


async def test_roles_are_enforced(client: httpx.AsyncClient, portal_servers: PortalServers) -> None:
    member = await issue_session(
        portal_servers.redis_url, Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m1", account_type=0)
    )
    trial = await issue_session(
        portal_servers.redis_url, Principal(role=Role.TRIAL, merchant="turkeyf2", account_id="t1", account_type=4)
    )
    ops = await issue_session(
        portal_servers.redis_url,
        Principal(role=Role.OPS, merchant="*", username="alice", ops_roles=frozenset({OpsRole.ADMIN})),
    )

    assert (await client.get("/member-only", headers={"Authorization": member})).json()["value"] == "m1"
    visitor = await client.get("/member-only")
    assert (visitor.status_code, visitor.json()["errorCode"]) == (401, "login.not.session")
    trial_answer = await client.get("/member-only", headers={"Authorization": trial})
    assert (trial_answer.status_code, trial_answer.json()["errorCode"]) == (403, "in_need_true_account")
    member_on_ops = await client.get("/ops-only", headers={"Authorization": member})
    assert (member_on_ops.status_code, member_on_ops.json()["errorCode"]) == (403, "access.denied")
    ops_answer = await client.get("/ops-only", headers={"Authorization": f"Bearer {ops}", "Merchant": "brand2"})
    assert ops_answer.json()["value"] == "alice"


async def test_unknown_token_and_token_of_another_brand_are_refused(
    client: httpx.AsyncClient, portal_servers: PortalServers
) -> None:
    member = await issue_session(
        portal_servers.redis_url, Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m1")
    )
    forged = await client.get("/whoami", headers={"Authorization": "not-a-real-token"})
    elsewhere = await client.get("/whoami", headers={"Authorization": member, "Merchant": "brand2"})
    assert (forged.status_code, forged.json()["errorCode"]) == (401, "user.or.token.invalid")
    assert (elsewhere.status_code, elsewhere.json()["errorCode"]) == (401, "user.or.token.invalid")


async def test_session_tokens_are_not_stored_in_clear(portal_servers: PortalServers) -> None:
    token = await issue_session(
        portal_servers.redis_url, Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m")
    )
    redis = Redis.from_url(portal_servers.redis_url, decode_responses=True)
    try:
        keys = await redis.keys("*")
    finally:
        await redis.aclose()
    assert keys
    assert all(token not in key for key in keys)


async def test_a_request_continues_the_callers_trace(client: httpx.AsyncClient) -> None:
    trace_id = "4bf92f3577b34da6a3ce929d0e0e4736"
    traceparent = f"00-{trace_id}-00f067aa0ba902b7-01"
    continued = await client.get("/trace", headers={"traceparent": traceparent})
    fresh = await client.get("/trace")
    assert continued.json()["value"] == trace_id
    assert fresh.json()["value"] not in (trace_id, "0" * 32)


async def test_password_change_ends_the_other_sessions_only(portal_servers: PortalServers) -> None:
    link = ValkeyLink(portal_servers.redis_url)
    try:
        store = SessionStore(link)
        member = Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m1")
        phone, laptop = await store.create(member, 60), await store.create(member, 60)
        other = await store.create(Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m2"), 60)
        kept = await store.load(laptop)
        assert kept is not None
        assert await store.revoke_account("turkeyf2", "m1", keep=kept.token_hash) == 1
        assert await store.load(phone) is None
        assert await store.load(laptop) is not None
        assert await store.load(other) is not None
    finally:
        await link.aclose()


async def test_a_session_that_must_change_its_password_is_held_back(
    client: httpx.AsyncClient, portal_servers: PortalServers
) -> None:
    token = await issue_session(
        portal_servers.redis_url,
        Principal(role=Role.MEMBER, merchant="turkeyf2", account_id="m1", must_change_password=True),
    )
    response = await client.get("/member-only", headers={"Authorization": token})
    assert (response.status_code, response.json()["errorCode"]) == (403, "password.change.required")


@router.get("/address")
async def address(ip: ClientIp) -> Envelope[str | None]:
    return ok(ip)


async def test_x_real_ip_is_believed_only_from_a_trusted_proxy(
    kit_database_url: str, portal_servers: PortalServers
) -> None:
    settings = ServiceSettings(
        service_name="addr-test", database_url=kit_database_url, redis_url=portal_servers.redis_url,
        trusted_proxies="10.0.0.5/32",
    )  # fmt: skip
    app = create_app(settings, routers=[router])
    spoof = {"X-Real-Ip": "198.51.100.7", "X-Forwarded-For": "198.51.100.8"}
    async with app.router.lifespan_context(app):
        for peer, expected in ((("203.0.113.9", 1000), "203.0.113.9"), (("10.0.0.5", 1000), "198.51.100.7")):
            transport = httpx.ASGITransport(app=app, client=peer)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                assert (await http.get("/address", headers=spoof)).json()["value"] == expected


@router.websocket_route("/through")
async def through_the_stack(ws: WebSocket) -> None:
    await ws.accept()
    await ws.send_json({"telemetry": "fastapi.telemetry" in ws.scope, "requestId": request_id_var.get()})
    await ws.close()


@pytest.fixture
def spans(monkeypatch: pytest.MonkeyPatch) -> InMemorySpanExporter:
    """The kit's own spans (the sockets' handshakes), every one recorded."""
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    monkeypatch.setattr(kit_app, "tracer", provider.get_tracer)
    return exporter


def socket_app(endpoint: kit_app.SocketEndpoint) -> FastAPI:
    return create_app(ServiceSettings(service_name="kit-test"), routers=[router], sockets={"/live": endpoint})


async def converse(
    app: FastAPI, path: str, frames: list[str], subprotocols: list[str], headers: dict[str, str]
) -> list[Message]:
    """A socket opened on ``path`` as the server hands it to the app (in a task of its own), which sends
    ``frames`` and leaves; what the app sent it."""
    scope = {
        "type": "websocket", "asgi": {"version": "3.0", "spec_version": "2.4"}, "http_version": "1.1",
        "scheme": "ws", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 50000), "root_path": "",
        "path": path, "raw_path": path.encode(), "query_string": b"", "subprotocols": subprotocols,
        "headers": [(name.encode(), value.encode()) for name, value in headers.items()], "state": {}, "extensions": {},
    }  # fmt: skip
    incoming: list[Message] = [{"type": "websocket.connect"}]
    incoming += [{"type": "websocket.receive", "text": frame} for frame in frames]
    incoming.append({"type": "websocket.disconnect", "code": 1000})
    sent: list[Message] = []

    async def receive() -> Message:
        return incoming.pop(0)

    async def send(message: Message) -> None:
        sent.append(message)

    await asyncio.create_task(app(scope, receive, send))
    return sent


async def test_a_socket_is_served_in_front_of_the_middlewares_with_a_span_for_its_handshake_only(
    spans: InMemorySpanExporter,
) -> None:
    seen: dict[str, object] = {}

    async def live(ws: WebSocket) -> None:
        handshake = trace.get_current_span().get_span_context()
        seen["in front"] = "fastapi.telemetry" not in ws.scope
        seen["request id"] = request_id_var.get()
        seen["offered"] = list(ws.scope["subprotocols"])
        await ws.accept(subprotocol="demo")
        after = trace.get_current_span().get_span_context()
        seen["ended at the accept"] = [span.name for span in spans.get_finished_spans()]
        seen["ids kept"] = (after.trace_id, after.span_id) == (handshake.trace_id, handshake.span_id)
        seen["upgrade kept"] = ws.scope["headers"] or ws.scope["subprotocols"]
        await ws.send_text(await ws.receive_text())

    trace_id = "4bf92f3577b34da6a3ce929d0e0e4736"
    headers = {"traceparent": f"00-{trace_id}-00f067aa0ba902b7-01", "x-request-id": "socket-1"}
    sent = await converse(socket_app(live), "/live", ["echo"], ["demo", "secret"], headers)
    assert [message["type"] for message in sent] == ["websocket.accept", "websocket.send"]
    assert (sent[0]["subprotocol"], sent[1]["text"]) == ("demo", "echo")
    assert seen == {
        "in front": True, "request id": "socket-1", "offered": ["demo", "secret"], "ended at the accept": ["WS /live"],
        "ids kept": True, "upgrade kept": [],
    }  # fmt: skip
    [span] = spans.get_finished_spans()
    assert format(span.context.trace_id, "032x") == trace_id  # continues the caller's trace
    assert span.status.status_code is not StatusCode.ERROR
    assert request_id_var.get() is None  # the socket's request id stayed in its own task


async def test_a_socket_refused_at_its_upgrade_ends_its_handshake_span_as_failed(spans: InMemorySpanExporter) -> None:
    async def refused(ws: WebSocket) -> None:
        await ws.close(4401)

    sent = await converse(socket_app(refused), "/live", [], ["demo"], {})
    assert sent == [{"type": "websocket.close", "code": 4401, "reason": ""}]
    [span] = spans.get_finished_spans()
    assert span.status.status_code is StatusCode.ERROR


async def test_a_socket_whose_endpoint_fails_before_answering_ends_its_span_and_fails(
    spans: InMemorySpanExporter,
) -> None:
    async def failing(ws: WebSocket) -> None:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):  # the server answers 500 and logs it
        await converse(socket_app(failing), "/live", [], [], {})
    [span] = spans.get_finished_spans()
    assert span.status.status_code is StatusCode.ERROR


async def test_other_sockets_go_through_the_middlewares(spans: InMemorySpanExporter) -> None:
    async def unused(ws: WebSocket) -> None:
        raise AssertionError("not this path")

    sent = await converse(socket_app(unused), "/through", [], [], {"x-request-id": "other"})
    assert sent[1] == {"type": "websocket.send", "text": '{"telemetry":true,"requestId":null}'}
    assert spans.get_finished_spans() == ()

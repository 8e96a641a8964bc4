"""Through Traefik on the real stack: routing, envelopes, security headers, rate limits, ops changes."""

from __future__ import annotations

import httpx
import pytest

from portal_stack.harness import Stack


def test_status_through_the_gateway(stack: Stack) -> None:
    response = httpx.get(f"{stack.url}/wps/system/status")
    assert response.status_code == 200
    body = response.json()
    assert body["success"] is True
    assert body["value"]["systemStatus"] == 0
    assert body["value"]["location"]["ip"] == "127.0.0.1"


def test_security_headers_and_request_id(stack: Stack) -> None:
    headers = httpx.get(f"{stack.url}/wps/system/config").headers
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "connect-src 'self';" in headers["content-security-policy"]  # no other host, no ws: of anyone
    assert len(headers["x-request-id"]) == 32
    assert "server" not in headers or headers["server"] == ""


@pytest.mark.parametrize(
    "path",
    [
        "/wps/relay/MCS2_processDividendReq",
        "/wps/relay/MCS2_processDailySalContract",
        "/wps/relay/MCS2_processContractHourSalary",
        "/wps/relay/MCSFE_processRealTimeSalaryContract",
    ],
)
def test_the_contract_calls_reach_agent_contracts_and_want_a_session(stack: Stack, path: str) -> None:
    response = httpx.get(f"{stack.url}{path}", headers={"Language": "EN"})
    assert response.status_code == 401
    assert response.json()["success"] is False
    assert response.json()["errorCode"] != "service_unavailable"


@pytest.mark.parametrize(
    "path",
    ["/wps/no/such/call", "/lgw/nothing", "/lotto/nothing/here", "/wps/relay/NOPE_x", "/vendor/NOBODY/user/info"],
)
def test_an_api_path_no_service_owns_is_not_found(stack: Stack, path: str) -> None:
    response = httpx.post(f"{stack.url}{path}", headers={"Language": "EN"})
    assert response.status_code == 404
    assert response.json()["errorCode"] == "not_found"
    assert response.json()["success"] is False


def test_login_calls_are_rate_limited_with_an_envelope(stack: Stack) -> None:
    with httpx.Client() as client:
        answers = [client.post(f"{stack.url}/wps/session/login", headers={"Language": "EN"}) for _ in range(40)]
    limited = [answer for answer in answers if answer.status_code == 429]
    assert limited, "a burst of 40 logins in well under a second must be limited"
    assert limited[0].json()["errorCode"] == "TOO_MANY_REQUESTS"


def test_service_health_is_reachable_through_the_gateway(stack: Stack) -> None:
    assert httpx.get(f"{stack.url}/_svc/site/healthz").json()["value"] == {"status": "alive"}
    assert httpx.get(f"{stack.url}/_svc/site/readyz").json()["value"] == {"status": "ready"}


def test_ops_change_through_the_gateway_is_visible_at_once(stack: Stack) -> None:
    token = stack.ops_token()
    headers = {"Authorization": token, "Language": "EN"}
    base = f"{stack.url}/wps/ops/site/merchants/turkeyf2"
    before = httpx.get(f"{stack.url}/wps/system/config").json()["value"]["copyright"]
    try:
        changed = httpx.patch(base, json={"copyright": "© 2026 E2E"}, headers=headers)
        assert changed.status_code == 200
        assert httpx.get(f"{stack.url}/wps/system/config").json()["value"]["copyright"] == "© 2026 E2E"
        refused = httpx.patch(base, json={"copyright": "x"}, headers={"Language": "EN"})
        assert (refused.status_code, refused.json()["errorCode"]) == (401, "login.not.session")
    finally:
        httpx.patch(base, json={"copyright": before}, headers=headers)

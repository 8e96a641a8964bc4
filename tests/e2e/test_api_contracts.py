"""Schemathesis against every running service's OpenAPI document, through the gateway, with a member's
session: no call answers a 5xx, and every answer matches the schema its operation declares (the success
envelope's model, or the error envelope). Inputs are generated from the documents themselves, so a route
that forgets to declare its answer, or declares it wrongly, fails here. Deterministic (derandomised), so CI
sees the same cases every run."""

from __future__ import annotations

import importlib
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from portal_client import registered_member
from schemathesis.checks import not_a_server_error, response_schema_conformance

from portal_stack.harness import Stack

SERVICES = ("site", "auth", "wallet", "games", "lottery", "agent_contracts", "points")
# Ending the session would leave every later call without one; logout has its own tests.
SKIPPED = {"logout"}
pytestmark = pytest.mark.own_stack  # on the module's stack (``fuzzed``)


def schema_of(service: str) -> Any:
    spec = importlib.import_module(f"{service}_service.main").build_app().openapi()
    return schemathesis.openapi.from_dict(spec)


@pytest.fixture(scope="module")
def fuzzed() -> Iterator[tuple[Stack, dict[str, str]]]:
    """A stack of its own: generated calls trip rate limits and throttles the other journeys should not see."""
    running = Stack()
    running.up()
    token = registered_member(running, "fuzzmember1", "127.0.0.1")
    yield running, {"Authorization": token, "Merchant": "turkeyf2", "Language": "EN"}
    running.stop()
    shutil.rmtree(running.data_dir, ignore_errors=True)


def check(case: schemathesis.Case, stack: Stack, headers: dict[str, str]) -> None:
    if case.operation.definition.raw.get("operationId") in SKIPPED:
        return
    case.call_and_validate(
        base_url=stack.url,
        headers={**headers, **(case.headers or {})},
        checks=[not_a_server_error, response_schema_conformance],
        timeout=30,
    )


def make_test(service: str) -> Any:
    schema = schema_of(service)

    @schema.parametrize()
    @settings(
        max_examples=12,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    def test(case: schemathesis.Case, fuzzed: tuple[Stack, dict[str, str]]) -> None:
        check(case, *fuzzed)

    test.__name__ = f"test_{service}_answers_as_its_openapi_declares"
    return test


test_site_answers_as_its_openapi_declares = make_test("site")
test_auth_answers_as_its_openapi_declares = make_test("auth")
test_wallet_answers_as_its_openapi_declares = make_test("wallet")
test_games_answers_as_its_openapi_declares = make_test("games")
test_lottery_answers_as_its_openapi_declares = make_test("lottery")
test_agent_contracts_answers_as_its_openapi_declares = make_test("agent_contracts")
test_points_answers_as_its_openapi_declares = make_test("points")

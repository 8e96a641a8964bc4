from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from ops_people import OpsTeam, make_team
from playwright.sync_api import Browser, Page, sync_playwright
from portal_client import Browser as HttpBrowser

from portal_stack.harness import Stack

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# The order of the suite's stages (unmarked tests first): a journey that must wait for something timed (the agents'
# 5-minute settlement window, a lottery issue's draw) starts the wait after the other journeys on the session stack,
# the tests on stacks of their own run meanwhile, and the journey checks the outcome at the end.
STAGES = {
    "starts_wait": "starts what a late test checks (a member's bets in a settlement window, a lottery bet), after "
    "the other journeys on the session stack",
    "own_stack": "runs on stacks of its own (not the session's), while the late tests' waits pass",
    "late": "runs after every other test: it checks what a starts_wait test began (a window paid, an issue drawn)",
}


def pytest_configure(config: pytest.Config) -> None:
    for name, what in STAGES.items():
        config.addinivalue_line("markers", f"{name}: {what}")


def stage(item: pytest.Item) -> int:
    return next((n for n, name in enumerate(STAGES, 1) if item.get_closest_marker(name) is not None), 0)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests in their stages (``STAGES``), each stage in its order: the tests on stacks of their own fill the
    timed waits (a late check rarely waits itself)."""
    items.sort(key=stage)


@pytest.fixture(scope="session")
def stack() -> Iterator[Stack]:
    running = Stack()
    # Agents' settlement ticks every 2 s and takes a window as final 3 s after its end (60 s by default), so the
    # salary journey waits for the spec's 5-minute window and little more.
    running.env.update({
        "AGENT_CONTRACTS_SETTLEMENT_INTERVAL_SECONDS": "2",
        "AGENT_CONTRACTS_SETTLEMENT_WINDOW_GRACE_SECONDS": "3",
    })  # fmt: skip
    running.up()
    yield running
    running.stop()
    shutil.rmtree(running.data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def ops_team(stack: Stack) -> OpsTeam:
    """The stack's ops people (founders, a finance maker and checker), made once: the bootstrap makes founders
    once."""
    return make_team(stack, HttpBrowser(stack, "127.0.0.20").http)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    yield opened
    SCREENSHOTS.mkdir(exist_ok=True)
    opened.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=True)
    context.close()

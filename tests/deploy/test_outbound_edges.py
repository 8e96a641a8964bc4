"""No service calls another over HTTP (ARCHITECTURE §2): data a service needs from another arrives by events
or a NATS request/reply. This walks every service's code for HTTP clients and for addresses of other
services; an HTTP client is allowed only where the other end is outside the portal, as listed here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SERVICES = Path(__file__).resolve().parents[2] / "services"
NAMES = sorted(path.name for path in SERVICES.iterdir() if (path / "src").is_dir() and path.name != "kit")
HTTP_CLIENTS = {"httpx", "requests", "aiohttp", "urllib.request", "http.client", "urllib3"}
# Module → the party outside the portal it talks to.
EXTERNAL_HTTP = {
    "wallet_service.deposits.sandbox_gateway": "the sandbox payment gateway calls the portal's public address back",
    "auth_service.twilio": "Twilio's Messages API (the SMS provider)",
    "games_service.aggregator.service": "Hub88's Games API (a game's address at the aggregator)",
    "games_service.aggregator.simulator": "the Hub88 simulator calls the portal's public address back (Wallet API)",
    "portal_kit.testing.clients": "the tests' client of the app under test (in process, through ASGI); no service",
    "portal_kit.testing.audit_lists": "the tests' check of an audit list reads the app under test's answers; no service",
}
SERVICE_ADDRESS = re.compile(r"https?://(" + "|".join(NAMES) + r")(-api)?\b|\b(" + "|".join(NAMES) + r")_url\b")


def modules() -> list[tuple[str, Path]]:
    found = []
    for source in sorted(SERVICES.glob("*/src/*")):
        for path in sorted(source.rglob("*.py")):
            dotted = ".".join(path.relative_to(source.parent).with_suffix("").parts)
            found.append((dotted.removesuffix(".__init__"), path))
    return found


def imported(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize(("module", "path"), modules(), ids=[name for name, _ in modules()])
def test_a_service_reaches_no_other_service_over_http(module: str, path: Path) -> None:
    text = path.read_text()
    clients = {name for name in imported(ast.parse(text)) if name.split(".")[0] in HTTP_CLIENTS or name in HTTP_CLIENTS}
    if clients:
        assert module in EXTERNAL_HTTP, f"{module} imports {sorted(clients)}: use an event or a NATS request/reply"
    assert not SERVICE_ADDRESS.search(text), f"{module} names another service's address: {SERVICE_ADDRESS.search(text)}"


def test_the_allowed_http_modules_exist() -> None:
    known = {name for name, _ in modules()}
    assert set(EXTERNAL_HTTP) <= known

"""The services the stack runs. A service added to the portal is one entry here (and its gateway upstream)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]


@dataclass(frozen=True)
class ServiceSpec:
    name: str  # as in ARCHITECTURE §2 and the gateway's PORTAL_UPSTREAM_<NAME>
    package: str  # the Python package under services/<name>/src
    env_prefix: str  # its settings prefix, e.g. SITE_
    port: int  # default local API port
    seed: bool = False  # has ``<package>.seed`` to run after migrations
    server_args: tuple[str, ...] = ()  # more uvicorn options of its API processes

    @property
    def folder(self) -> str:
        """Its folder under ``services/`` (a Python name: ``agent-contracts`` lives in ``services/agent_contracts``)."""
        return self.name.replace("-", "_")

    @property
    def migrations(self) -> Path:
        return REPO / "services" / self.folder / "migrations"

    @property
    def database(self) -> str:
        return self.name.replace("-", "_")

    @property
    def upstream_variable(self) -> str:
        return "PORTAL_UPSTREAM_" + self.name.upper().replace("-", "_")


# The member sockets' server options: the sans-I/O websockets protocol (no tasks of its own per socket), a
# browser frame over 4 KiB refused before it is read whole, no per-message compression (the frames are tiny,
# and a zlib context per socket would cost more than the socket).
WS_OPTIONS = ("--ws", "websockets-sansio", "--ws-max-size", "4096", "--ws-per-message-deflate", "false")

SERVICES: tuple[ServiceSpec, ...] = (
    ServiceSpec("site", "site_service", "SITE_", 8101, seed=True),
    ServiceSpec("auth", "auth_service", "AUTH_", 8102),
    ServiceSpec("wallet", "wallet_service", "WALLET_", 8103),
    ServiceSpec("games", "games_service", "GAMES_", 8104, seed=True),
    ServiceSpec("lottery", "lottery_service", "LOTTERY_", 8105),
    ServiceSpec("notifications", "notifications_service", "NOTIFICATIONS_", 8106, seed=True, server_args=WS_OPTIONS),
    ServiceSpec("points", "points_service", "POINTS_", 8107, seed=True),
    ServiceSpec("agent-contracts", "agent_contracts_service", "AGENT_CONTRACTS_", 8108),
)

"""A request for a path without parameters finds its route in a table instead of trying the routes in order.

The router tries a service's routes one by one: a hot read twenty routes down pays for twenty matches before its
first line. ``ExactRoutes``, put first in the app's list, answers for each (path, method) the
route the ordered search would choose, and only when no route before it could take that path (a parameter
or a mount that matches it): every other request, and a method the path does not have (405), falls through
to the search, whose answer is unchanged."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import routing
from fastapi.routing import APIRoute
from starlette._utils import get_route_path
from starlette.routing import BaseRoute, Match
from starlette.types import Receive, Scope, Send


class ExactRoutes(BaseRoute):
    def __init__(self, routes: Sequence[BaseRoute]) -> None:
        self.table: dict[tuple[str, str], APIRoute] = {}
        for index, route in enumerate(routes):
            if not isinstance(route, APIRoute) or route.param_convertors or not route.methods:
                continue
            if any(_may_take(earlier, route.path) for earlier in routes[:index]):
                continue
            for method in route.methods:
                self.table.setdefault((route.path, method), route)

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] == "http":
            route = self.table.get((get_route_path(scope), scope["method"]))
            if route is not None:
                return route.matches(scope)  # FULL, with the route, its endpoint and no path parameters
        return Match.NONE, {}

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        route: APIRoute = scope["route"]  # set from the match
        # FastAPI names the server span after the route it selected; a private call, as the search makes it.
        routing._route_selected(scope=scope, path=route.path_format)  # type: ignore[attr-defined]
        await route.handle(scope, receive, send)


def _may_take(earlier: BaseRoute, path: str) -> bool:
    """Whether ``earlier`` could answer a request for ``path`` (with some method): a route of the same path
    cannot take its methods from a later one, anything else that matches the path could."""
    if isinstance(earlier, APIRoute) and earlier.path == path:
        return False
    regex = getattr(earlier, "path_regex", None)
    return regex is None or regex.match(path) is not None

"""Routes whose every input is the request itself are called without FastAPI's per-request machinery.

A hot read such as member info declares its caller and context as dependencies that read only the request, and
answers a ``Response`` it has encoded itself. For such a route FastAPI still builds a dependency cache, an exit
stack and a validation pass per request, none of which it needs. ``make_lean`` gives
the route an ASGI app that calls the same dependencies with the request, in their declared order, and the same
endpoint with their answers; the route, its parameters and its OpenAPI document are unchanged. A route with
anything else to resolve (a path, query, header or body parameter, a dependency of a dependency, a dependency
that yields, an answer that FastAPI must serialise) keeps FastAPI's way, and so does every route while spans
are exported (FastAPI makes one per dependency then)."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any, get_type_hints

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

Call = Callable[..., Awaitable[Any]]
_LEAN = "__portal_lean__"


def is_lean(route: APIRoute) -> bool:
    return bool(getattr(route.app, _LEAN, False))


def make_lean(route: APIRoute) -> bool:
    """Give ``route`` the lean app when it qualifies; whether it did."""
    dependant = route.dependant
    endpoint = dependant.call
    if endpoint is None or not _reads_only_the_request(dependant) or not _answers_a_response(endpoint):
        return False
    if len({dependency.call for dependency in dependant.dependencies}) < len(dependant.dependencies):
        return False  # FastAPI would call a repeated dependency once: not worth the lean app's while
    steps: list[tuple[str, Call, str | None]] = []
    for dependency in dependant.dependencies:
        if dependency.dependencies or not _reads_only_the_request(dependency) or dependency.name is None:
            return False
        if not inspect.iscoroutinefunction(dependency.call):
            return False
        steps.append((dependency.name, dependency.call, dependency.request_param_name))
    route.app = _lean_app(steps, endpoint, dependant.request_param_name)
    return True


def _reads_only_the_request(dependant: Dependant) -> bool:
    return not (
        dependant.path_params
        or dependant.query_params
        or dependant.header_params
        or dependant.cookie_params
        or dependant.body_params
        or dependant.websocket_param_name
        or dependant.http_connection_param_name
        or dependant.response_param_name
        or dependant.background_tasks_param_name
        or dependant.security_scopes_param_name
    )


def _answers_a_response(endpoint: Callable[..., Any]) -> bool:
    if not inspect.iscoroutinefunction(endpoint):
        return False
    try:
        answer = get_type_hints(endpoint).get("return")
    except NameError:  # an annotation this module cannot resolve
        return False
    return inspect.isclass(answer) and issubclass(answer, Response)


def _lean_app(steps: list[tuple[str, Call, str | None]], endpoint: Call, request_name: str | None) -> ASGIApp:
    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive, send)
        values: dict[str, Any] = {request_name: request} if request_name else {}
        for name, call, takes_request in steps:
            values[name] = await (call(**{takes_request: request}) if takes_request else call())
        response: Response = await endpoint(**values)
        await response(scope, receive, send)

    setattr(app, _LEAN, True)
    return app

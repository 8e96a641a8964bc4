"""The gateway's fallback: a path whose service is not built yet answers 503 ``service_unavailable``; a path
under the API prefixes that no service owns arrives under ``/_unknown`` and answers 404 ``not_found``."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from portal_kit.envelope import failure
from portal_kit.i18n import DEFAULT_LANGUAGE, Translator, resolve_language

translate = Translator()


async def unavailable(request: Request) -> JSONResponse:
    language = resolve_language(request.headers.get("language")) or DEFAULT_LANGUAGE
    body = failure("service_unavailable", translate("service_unavailable", language))
    return JSONResponse(body, status_code=503)


async def unknown(request: Request) -> JSONResponse:
    language = resolve_language(request.headers.get("language")) or DEFAULT_LANGUAGE
    return JSONResponse(failure("not_found", translate("not_found", language)), status_code=404)


ERROR_CODES = {403: "access.denied", 429: "TOO_MANY_REQUESTS"}


async def gateway_error(request: Request) -> JSONResponse:
    """Error pages for the gateway's own refusals: a rate limit's 429 (the ``errors`` middleware), an ops path
    asked from outside the ops address ranges (403)."""
    status = int(request.path_params["status"])
    code = ERROR_CODES.get(status, "service_unavailable")
    language = resolve_language(request.headers.get("language")) or DEFAULT_LANGUAGE
    return JSONResponse(failure(code, translate(code, language)), status_code=status if status in ERROR_CODES else 503)


async def healthz(request: Request) -> JSONResponse:
    return JSONResponse({"success": True, "value": {"status": "alive"}, "errorCode": None, "message": None})


METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
app = Starlette(
    routes=[
        Route("/healthz", healthz),
        Route("/_errors/{status:int}", gateway_error, methods=METHODS),
        Route("/_unknown/{path:path}", unknown, methods=METHODS),
        Route("/{path:path}", unavailable, methods=METHODS),
    ],
)

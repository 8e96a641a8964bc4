"""The gateway's fallback: a path whose service is not built yet answers 503 ``service_unavailable``."""

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


async def healthz(request: Request) -> JSONResponse:
    return JSONResponse({"success": True, "value": {"status": "alive"}, "errorCode": None, "message": None})


METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
app = Starlette(
    routes=[Route("/healthz", healthz), Route("/{path:path}", unavailable, methods=METHODS)],
)

"""Serves the web builds: the shell at ``/`` (unknown paths get ``index.html`` for history-mode routes), each
member-site remote under ``/remotes/<name>/``, and ``/remotes.json``, the manifest the shell reads at run time (the
remotes built here, or the file named by ``PORTAL_REMOTES_MANIFEST``); the operators' console, a page of its own,
at ``/ops/`` (its client routes get its ``index.html``), never in the manifest nor under ``/remotes/`` (the gateway
answers ``/ops/`` only from the ops address ranges). Hashed assets are cached for a year, ``index.html``, the
remote entries and the manifest never. Text files go out gzip-compressed to a browser that accepts it (the shell's
410 KB of JavaScript is 135 KB so), each compressed once per version of the file and kept in memory."""

from __future__ import annotations

import gzip
import json
import mimetypes
import os
from functools import lru_cache
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from portal_stack.services import REPO

SHELL = Path(os.environ.get("PORTAL_WEB_SHELL_DIST", REPO / "web-shell" / "dist"))
WEB_REMOTES = REPO / "web-remotes"
# The remotes the member site may load: an allow-list, so a new folder under web-remotes/ is offered only once named.
MEMBER_REMOTES = ("member-centre", "agent-centre")
# The back-office console: built like a remote, but its own page at /ops/, never offered to the member site.
OPS_CONSOLE = "ops-console"
OPS_DIST = Path(os.environ.get("PORTAL_OPS_CONSOLE_DIST", WEB_REMOTES / OPS_CONSOLE / "dist"))


def built_remotes(root: Path) -> dict[str, Path]:
    """The member-site remotes built under ``root``, by folder name (the ops console never among them)."""
    return {
        name: root / name / "dist" for name in MEMBER_REMOTES if name != OPS_CONSOLE and (root / name / "dist").is_dir()
    }


REMOTES = built_remotes(WEB_REMOTES)
IMMUTABLE = "public, max-age=31536000, immutable"


COMPRESSIBLE = frozenset({".js", ".mjs", ".css", ".html", ".svg", ".json", ".map", ".txt"})
MIN_COMPRESSED_BYTES = 1024  # below this, the gzip header and the work cost more than they save


def quality(parameters: str) -> float:
    """The ``q`` of an Accept-Encoding entry's parameters (1 when absent, 0 when unreadable)."""
    for parameter in parameters.split(";"):
        key, _, value = parameter.strip().partition("=")
        if key.strip().lower() == "q":
            try:
                return float(value)
            except ValueError:
                return 0.0
    return 1.0


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header admits gzip: named with a weight above 0, or else through ``*``."""
    weights: dict[str, float] = {}
    for part in accept_encoding.split(","):
        name, _, parameters = part.partition(";")
        if name.strip():
            weights[name.strip().lower()] = quality(parameters)
    return weights.get("gzip", weights.get("*", 0.0)) > 0


@lru_cache(maxsize=512)
def gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """The file's gzip body; its modification time and size are in the key, so a rebuilt file is compressed anew."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=9, mtime=0)


def file_response(path: Path, headers: Headers, cache: str) -> Response:
    """The file, gzip-compressed when it is text worth compressing and the browser accepts it."""
    stat = path.stat()
    if path.suffix not in COMPRESSIBLE or stat.st_size < MIN_COMPRESSED_BYTES:
        return FileResponse(path, stat_result=stat, headers={"Cache-Control": cache})
    vary = {"Cache-Control": cache, "Vary": "Accept-Encoding"}
    if not accepts_gzip(headers.get("accept-encoding", "")):
        return FileResponse(path, stat_result=stat, headers=vary)
    body = gzipped(str(path), stat.st_mtime_ns, stat.st_size)
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}-gz"'
    return Response(body, media_type=media_type, headers={**vary, "Content-Encoding": "gzip", "ETag": etag})


class CachedStatic(StaticFiles):
    def file_response(
        self, full_path: os.PathLike[str] | str, stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        path = Path(full_path)
        if status_code != 200:
            return super().file_response(full_path, stat_result, scope, status_code)
        return file_response(path, Headers(scope=scope), IMMUTABLE if "/assets/" in str(path) else "no-cache")


def spa(request: Request) -> Response:
    """Any path that is not a file is a client-side route: answer the shell's index.html.
    (Synchronous: Starlette runs it in its thread pool, so the file checks never block the loop.)"""
    relative = request.path_params["path"]
    candidate = (SHELL / relative).resolve()
    if relative and candidate.is_file() and SHELL.resolve() in candidate.parents:
        cache = IMMUTABLE if relative.startswith("assets/") else "no-cache"
        return file_response(candidate, request.headers, cache)
    index = SHELL / "index.html"
    if not index.is_file():
        return PlainTextResponse("The web shell is not built: run ./portal up (or task web:build).", status_code=503)
    return file_response(index, request.headers, "no-cache")


def ops_redirect(request: Request) -> Response:
    """``/ops`` → ``/ops/``: the console's assets and routes are relative to its base."""
    query = request.url.query
    return RedirectResponse("/ops/" + (f"?{query}" if query else ""), status_code=308)


def ops_page(request: Request) -> Response:
    """The ops console: a file of its build as a file, any other path a client-side route (its ``index.html``);
    404 when the console is not built, or for a missing asset (a script must never get an HTML page).
    (Synchronous, as ``spa``: the file checks run in the thread pool.)"""
    relative = request.path_params["path"]
    root = OPS_DIST.resolve()
    candidate = (root / relative).resolve()
    if relative and candidate.is_file() and root in candidate.parents:
        cache = IMMUTABLE if relative.startswith("assets/") else "no-cache"
        return file_response(candidate, request.headers, cache)
    index = root / "index.html"
    if relative.startswith("assets/") or not index.is_file():
        return PlainTextResponse("Not Found", status_code=404)
    return file_response(index, request.headers, "no-cache")


def not_found(request: Request) -> Response:
    return PlainTextResponse("Not Found", status_code=404)


def federation_name(folder: str) -> str:
    """``member-centre`` → ``memberCentre``: the name a remote federates under."""
    first, *rest = folder.split("-")
    return first + "".join(part.title() for part in rest)


def manifest(request: Request) -> JSONResponse:
    override = os.environ.get("PORTAL_REMOTES_MANIFEST")
    if override:
        body = json.loads(Path(override).read_text())
    else:
        body = {federation_name(name): {"entry": f"/remotes/{name}/remoteEntry.js"} for name in REMOTES}
    return JSONResponse(body, headers={"Cache-Control": "no-cache"})


async def healthz(request: Request) -> JSONResponse:
    return JSONResponse({"success": True, "value": {"status": "alive"}, "errorCode": None, "message": None})


routes: list[Route | Mount] = [Route("/_static/healthz", healthz), Route("/remotes.json", manifest)]
routes += [Mount(f"/remotes/{name}", app=CachedStatic(directory=path), name=name) for name, path in REMOTES.items()]
routes += [
    Route("/remotes/{path:path}", not_found),  # a remote not built (or not offered): never the shell's page
    Route("/ops", ops_redirect),
    Route("/ops/{path:path}", ops_page),
    Route("/{path:path}", spa),
]
app = Starlette(routes=routes)

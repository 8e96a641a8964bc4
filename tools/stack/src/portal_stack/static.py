"""Serves the web builds: the shell at ``/`` (unknown paths get ``index.html`` for history-mode routes), each
remote under ``/remotes/<name>/``, and ``/remotes.json``, the manifest the shell reads at run time (the remotes
built here, or the file named by ``PORTAL_REMOTES_MANIFEST``). Hashed assets are cached for a year,
``index.html`` and the manifest never."""

from __future__ import annotations

import json
import os
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from portal_stack.services import REPO

SHELL = Path(os.environ.get("PORTAL_WEB_SHELL_DIST", REPO / "web-shell" / "dist"))
REMOTES = {
    name: REPO / "web-remotes" / name / "dist"
    for name in ("member-centre", "agent-centre")
    if (REPO / "web-remotes" / name / "dist").is_dir()
}
IMMUTABLE = "public, max-age=31536000, immutable"


class CachedStatic(StaticFiles):
    def file_response(
        self, full_path: os.PathLike[str] | str, stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        path = str(full_path)
        response.headers["Cache-Control"] = IMMUTABLE if "/assets/" in path else "no-cache"
        return response


def spa(request: Request) -> Response:
    """Any path that is not a file is a client-side route: answer the shell's index.html.
    (Synchronous: Starlette runs it in its thread pool, so the file checks never block the loop.)"""
    relative = request.path_params["path"]
    candidate = (SHELL / relative).resolve()
    if relative and candidate.is_file() and SHELL.resolve() in candidate.parents:
        cache = IMMUTABLE if relative.startswith("assets/") else "no-cache"
        return FileResponse(candidate, headers={"Cache-Control": cache})
    index = SHELL / "index.html"
    if not index.is_file():
        return PlainTextResponse("The web shell is not built: run ./portal up (or task web:build).", status_code=503)
    return FileResponse(index, headers={"Cache-Control": "no-cache"})


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
routes.append(Route("/{path:path}", spa))
app = Starlette(routes=routes)

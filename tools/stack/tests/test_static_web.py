"""The web builds as the browser gets them (``portal_stack.static``): text assets gzip-compressed when accepted,
the bytes unchanged once decompressed, a rebuilt file never answered from the old compression."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.types import ASGIApp

from portal_stack import static

SCRIPT = ("export const greeting = 'merhaba';\n" * 200).encode()


class Browser:
    """Requests to the ASGI app itself, as a browser sends them (httpx decodes a gzip body, as a browser does)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def get(self, path: str, headers: dict[str, str] | None = None) -> httpx.Response:
        async def fetch() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://portal.test") as client:
                return await client.get(path, headers=headers)

        return asyncio.run(fetch())


@pytest.fixture
def shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    (tmp_path / "assets" / "index-abc.js").write_bytes(SCRIPT)
    (tmp_path / "assets" / "tiny-abc.js").write_bytes(b"export {};\n")
    (tmp_path / "assets" / "icon-abc.png").write_bytes(bytes(range(256)) * 16)
    monkeypatch.setattr(static, "SHELL", tmp_path)
    return tmp_path


def test_a_browser_that_accepts_gzip_gets_the_script_compressed_and_cached_for_a_year(shell: Path) -> None:
    client = Browser(static.app)
    response = client.get("/assets/index-abc.js", headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.headers["cache-control"] == static.IMMUTABLE
    assert response.headers["content-type"].startswith("text/javascript")
    assert int(response.headers["content-length"]) < len(SCRIPT) / 10
    assert response.content == SCRIPT  # the client decompressed it: the same bytes


@pytest.mark.parametrize("accept", ["identity", "gzip;q=0", "br", "*;q=0", "*, gzip;q=0"])
def test_a_browser_that_refuses_gzip_gets_the_file_as_it_is(shell: Path, accept: str) -> None:
    response = Browser(static.app).get("/assets/index-abc.js", headers={"Accept-Encoding": accept})
    assert "content-encoding" not in response.headers
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.content == SCRIPT


def test_small_files_and_images_are_not_compressed(shell: Path) -> None:
    client = Browser(static.app)
    for path in ("/assets/tiny-abc.js", "/assets/icon-abc.png", "/", "/member/info"):
        response = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, path
        assert "content-encoding" not in response.headers, path
    assert client.get("/promotions").text.startswith("<!doctype html>")  # a client-side route: the shell


def test_a_rebuilt_file_is_compressed_anew_not_served_from_the_old_one(shell: Path) -> None:
    client = Browser(static.app)
    script = shell / "assets" / "index-abc.js"
    first = client.get("/assets/index-abc.js", headers={"Accept-Encoding": "gzip"})
    changed = SCRIPT.replace(b"merhaba", b"welcome")
    script.write_bytes(changed)
    stat = script.stat()
    os.utime(script, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    second = client.get("/assets/index-abc.js", headers={"Accept-Encoding": "gzip"})
    assert first.content == SCRIPT and second.content == changed
    assert first.headers["etag"] != second.headers["etag"]


def test_a_remote_build_is_compressed_the_same_way(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "remoteEntry-abc.js").write_bytes(SCRIPT)
    app = Starlette(routes=[Mount("/remotes/member-centre", app=static.CachedStatic(directory=tmp_path))])
    response = Browser(app).get("/remotes/member-centre/assets/remoteEntry-abc.js", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["cache-control"] == static.IMMUTABLE
    assert response.content == SCRIPT
    missing = Browser(app).get("/remotes/member-centre/assets/none.js", headers={"Accept-Encoding": "gzip"})
    assert missing.status_code == 404


@pytest.fixture
def ops_console(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A built ops console (``base: "/ops/"``): its page, its federation entry and hashed assets."""
    dist = tmp_path / "ops-console" / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text('<!doctype html><title>Ops console</title><script src="/ops/assets/index-abc.js">')
    (dist / "remoteEntry.js").write_bytes(SCRIPT)
    (dist / "assets" / "index-abc.js").write_bytes(SCRIPT)
    (tmp_path / "secret.txt").write_text("outside the build")
    monkeypatch.setattr(static, "OPS_DIST", dist)
    return dist


def test_the_ops_console_is_its_own_page_at_ops_and_its_client_routes_get_that_page(
    shell: Path, ops_console: Path
) -> None:
    client = Browser(static.app)
    redirected = client.get("/ops?next=%2Fops%2Ffinance")
    assert redirected.status_code == 308 and redirected.headers["location"] == "/ops/?next=%2Fops%2Ffinance"
    for path in ("/ops/", "/ops/login", "/ops/finance/withdrawals", "/ops/finance/withdrawals/"):
        page = client.get(path, headers={"Accept-Encoding": "gzip"})
        assert page.status_code == 200, path
        assert page.text.startswith("<!doctype html><title>Ops console</title>"), path
        assert page.headers["cache-control"] == "no-cache", path
        assert page.headers["content-type"].startswith("text/html"), path
    assert client.get("/member/info").text == "<!doctype html><div id=root></div>"  # the member site: the shell


def test_the_ops_console_files_are_served_as_files_cached_as_the_remotes_are(shell: Path, ops_console: Path) -> None:
    client = Browser(static.app)
    asset = client.get("/ops/assets/index-abc.js", headers={"Accept-Encoding": "gzip"})
    assert (asset.status_code, asset.headers["cache-control"]) == (200, static.IMMUTABLE)
    assert asset.headers["content-encoding"] == "gzip" and asset.content == SCRIPT
    assert asset.headers["content-type"].startswith("text/javascript")
    entry = client.get("/ops/remoteEntry.js")
    assert (entry.status_code, entry.headers["cache-control"], entry.content) == (200, "no-cache", SCRIPT)
    assert client.get("/ops/assets/missing-abc.js").status_code == 404  # never the page in place of a script
    assert client.get("/ops/%2e%2e/secret.txt").text.startswith("<!doctype html><title>Ops console")
    assert "outside the build" not in client.get("/ops/..%2fsecret.txt").text


def test_the_ops_console_not_built_is_a_clean_404_not_the_shell(
    shell: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(static, "OPS_DIST", tmp_path / "ops-console" / "dist")
    client = Browser(static.app)
    for path in ("/ops/", "/ops/login", "/ops/remoteEntry.js", "/ops/assets/index-abc.js"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "<div id=root>" not in response.text, path
    assert client.get("/ops").status_code == 308


def test_the_ops_console_is_never_offered_to_the_member_site_even_when_built(
    shell: Path, ops_console: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = ops_console.parent.parent
    for name in ("member-centre", "agent-centre"):
        (root / name / "dist").mkdir(parents=True)
    remotes = static.built_remotes(root)
    assert set(remotes) == {"member-centre", "agent-centre"}
    monkeypatch.setattr(static, "REMOTES", remotes)
    monkeypatch.delenv("PORTAL_REMOTES_MANIFEST", raising=False)
    client = Browser(static.app)
    manifest = client.get("/remotes.json").json()
    assert set(manifest) == {"memberCentre", "agentCentre"} and "opsConsole" not in manifest
    assert static.OPS_CONSOLE not in static.REMOTES and static.OPS_CONSOLE not in static.MEMBER_REMOTES
    for path in (
        "/remotes/ops-console/remoteEntry.js",
        "/remotes/ops-console/",
        "/remotes/ops-console/assets/index-abc.js",
    ):
        assert client.get(path).status_code == 404, path

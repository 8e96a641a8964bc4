"""A whole stack for end-to-end tests and benchmarks: ``python -m portal_stack up`` on free ports with its own
data directory, so it runs beside a developer's portal and leaves nothing behind."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import nats
from nats.errors import NoRespondersError, TimeoutError

from portal_kit.servers import ManagedProcess, free_port, free_ports, port_open
from portal_stack.access import ADMIN
from portal_stack.credentials import local_passwords
from portal_stack.services import REPO, SERVICES

OPS_RANGES = "127.0.0.0/9,::1/128"


class Stack:
    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir or Path(tempfile.mkdtemp(prefix="portal-e2e-"))
        os.chmod(self.data_dir, 0o755)  # noqa: S103 - the unprivileged PostgreSQL user must traverse it
        names = ["PORTAL_PORT", "PORTAL_PG_PORT", "PORTAL_NATS_PORT", "PORTAL_VALKEY_PORT", "PORTAL_WEB_PORT"]
        names += [
            "PORTAL_FALLBACK_PORT",
            "PORTAL_SMTP_PORT",
            *(f"PORTAL_{s.name.upper().replace('-', '_')}_PORT" for s in SERVICES),
        ]
        self.ports = dict(zip(names, free_ports(len(names)), strict=True))
        self.env = {**os.environ, **{k: str(v) for k, v in self.ports.items()}, "PORTAL_DATA_DIR": str(self.data_dir)}
        # Ops calls are answered from half of the loopback range, so a test can call from outside it (127.200.*).
        self.env["PORTAL_OPS_ALLOWED_RANGES"] = OPS_RANGES
        for external in (
            "PORTAL_DATABASE_URL",
            "NATS_URL",
            "REDIS_URL",
            *(f"{s.env_prefix}DATABASE_URL" for s in SERVICES),
        ):
            self.env.pop(external, None)
        self.process: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.ports['PORTAL_PORT']}"

    def _admin_password(self, server: str) -> str:
        """The administrator's password the supervisor made for ``server``."""
        return local_passwords(self.data_dir)[server][ADMIN]

    @property
    def redis_url(self) -> str:
        return f"redis://{ADMIN}:{self._admin_password('valkey')}@127.0.0.1:{self.ports['PORTAL_VALKEY_PORT']}/0"

    @property
    def nats_url(self) -> str:
        return f"nats://{ADMIN}:{self._admin_password('nats')}@127.0.0.1:{self.ports['PORTAL_NATS_PORT']}"

    def database_url(self, service: str) -> str:
        """The URL of ``service``'s database on the stack's PostgreSQL, as its superuser."""
        return f"postgresql://postgres@127.0.0.1:{self.ports['PORTAL_PG_PORT']}/{service}"

    def command(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(  # noqa: S603 - our own interpreter and module
            [sys.executable, "-m", *args],
            env=self.env,
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def up(self, timeout: float = 120) -> None:
        self.output = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "portal_stack", "up"],
            env=self.env,
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        for line in self.process.stdout:
            self.output.append(line)
            if "[portal] ready:" in line:
                return
            if time.monotonic() > deadline or "start-up failed" in line:
                break
        self.stop()
        raise RuntimeError("the stack did not start:\n" + "".join(self.output))

    def wait(self, timeout: float = 60) -> int:
        """Wait for the supervisor to exit on its own (after ``portal_stack down``, or a death)."""
        if self.process is None:
            return 0
        code = self.process.wait(timeout)
        if self.process.stdout is not None:
            self.output.extend(self.process.stdout.readlines())
        self.process = None
        return code

    def stop(self, sig: int = signal.SIGINT, timeout: float = 60) -> int:
        if self.process is None:
            return 0
        if self.process.poll() is None:
            self.process.send_signal(sig)
        code = self.process.wait(timeout)
        if self.process.stdout is not None:
            self.output.extend(self.process.stdout.readlines())
        self.process = None
        return code

    def open_ports(self) -> list[str]:
        return [name for name, port in self.ports.items() if port_open(port)]

    def ops_token(self, name: str = "e2e.ops", merchant: str = "*") -> str:
        result = self.command("portal_stack.ops_token", name, merchant)
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()


def site_process(database_url: str, redis_url: str, nats_url: str, log_dir: Path) -> ManagedProcess:
    """The real site API over HTTP on a free port (migrated and seeded beforehand by the caller), for tests
    that change a brand the way ops do."""
    port = free_port()
    return ManagedProcess(
        "site",
        [sys.executable, "-m", "uvicorn", "site_service.main:app", "--host", "127.0.0.1", "--port", str(port)],
        log_dir / f"site-{port}.log",
        lambda: port_open(port),
        env={"SITE_DATABASE_URL": database_url, "REDIS_URL": redis_url, "NATS_URL": nats_url},
        port=port,
    )


def site_worker_process(database_url: str, redis_url: str, nats_url: str, log_dir: Path) -> ManagedProcess:
    """The real site worker: it answers ``rpc.site.brand`` (the brand data other services cache) and relays
    ``site.config.changed.v1``; ready once it answers."""
    return ManagedProcess(
        "site-worker",
        [sys.executable, "-m", "site_service.worker"],
        log_dir / f"site-worker-{free_port()}.log",
        lambda: site_answers(nats_url),
        env={"SITE_DATABASE_URL": database_url, "REDIS_URL": redis_url, "NATS_URL": nats_url},
    )


@contextmanager
def running_site(database_url: str, redis_url: str, nats_url: str, log_dir: Path) -> Iterator[str]:
    """The real site API and worker over a migrated database, for the tests of services that ask the site for
    their brands; yields the API's address and stops both after."""
    arguments = (database_url, redis_url, nats_url, log_dir)
    api, worker = site_process(*arguments), site_worker_process(*arguments)
    for process in (api, worker):
        process.start()
    try:
        api.wait_ready(60)
        worker.wait_ready(60)
        yield f"http://127.0.0.1:{api.port}"
    finally:
        for process in (worker, api):
            process.stop()


def site_answers(nats_url: str) -> bool:
    """Whether a site worker answers ``rpc.site.brand`` on ``nats_url`` (any answer, a refusal included)."""

    async def probe() -> bool:
        nc = await nats.connect(nats_url, connect_timeout=1, max_reconnect_attempts=0, allow_reconnect=False)
        try:
            await nc.request("rpc.site.brand", b'{"merchant":"probe"}', timeout=1)
            return True
        except (NoRespondersError, TimeoutError):
            return False
        finally:
            await nc.close()

    with ThreadPoolExecutor(1) as pool:  # the caller may be inside a running event loop
        try:
            return pool.submit(asyncio.run, probe()).result()
        except OSError:
            return False

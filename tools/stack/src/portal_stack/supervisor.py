"""The supervisor behind ``./portal up``: starts every process in dependency order, waits for each to be
ready, watches them, reports a process that dies with its last log lines, and on exit (Ctrl-C, SIGTERM from
``./portal down``, or a death) stops them all in reverse order, leaving no process and no port behind."""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import sys
import time
from functools import partial
from typing import IO

import httpx
import yaml

from portal_kit.servers import (
    ManagedProcess,
    go_env,
    nats_authorization,
    nats_process,
    port_open,
    postgres_accepts,
    postgres_process,
    valkey_process,
    venv_bin,
)
from portal_stack.access import nats_users, valkey_users
from portal_stack.config import StackConfig
from portal_stack.harness import site_answers
from portal_stack.migrate import migrate_service
from portal_stack.services import REPO, SERVICES, ServiceSpec


class AlreadyRunning(RuntimeError):
    pass


class Stopped(Exception):
    """Raised inside the start sequence when a stop was requested."""


def say(message: str) -> None:
    print(f"[portal] {message}", flush=True)


def http_ready(url: str) -> bool:
    try:
        return httpx.get(url, timeout=1.0).status_code == 200
    except httpx.HTTPError:
        return False


class Supervisor:
    def __init__(self, config: StackConfig) -> None:
        self.config = config
        self.processes: list[ManagedProcess] = []
        self.stop_requested = False
        self._lock: IO[str] | None = None

    # -- single instance ------------------------------------------------------------------------------
    def acquire_lock(self) -> None:
        self.config.data_dir.mkdir(parents=True, exist_ok=True)
        handle = self.config.lock_file.open("a+")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            pid = self.config.pid_file.read_text().strip() if self.config.pid_file.exists() else "?"
            raise AlreadyRunning(pid) from None
        self._lock = handle
        self.config.pid_file.write_text(str(os.getpid()))

    def release_lock(self) -> None:
        if self._lock is not None:
            self.config.pid_file.unlink(missing_ok=True)
            fcntl.flock(self._lock, fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None

    # -- processes ------------------------------------------------------------------------------------
    def _start(self, process: ManagedProcess, timeout: float = 60.0) -> None:
        if self.stop_requested:
            raise Stopped
        if process.port is not None and port_open(process.port):
            raise RuntimeError(f"port {process.port} needed by {process.name} is already in use")
        say(f"starting {process.name}")
        process.start()
        self.processes.append(process)
        deadline = time.monotonic() + timeout
        while not process.ready():
            if self.stop_requested:
                raise Stopped
            if not process.alive:
                raise RuntimeError(f"{process.name} exited during start-up:\n{process.tail()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"{process.name} not ready after {timeout:.0f}s:\n{process.tail()}")
            time.sleep(0.1)

    def _python(self, name: str, args: list[str], env: dict[str, str], ready_url: str, port: int) -> ManagedProcess:
        return ManagedProcess(
            name,
            [sys.executable, *args],
            self.config.logs / f"{name}.log",
            lambda: http_ready(ready_url),
            env=env,
            cwd=str(REPO),
            port=port,
        )

    def _uvicorn(
        self, name: str, app: str, port: int, env: dict[str, str], ready_path: str, workers: int = 1,
        more: tuple[str, ...] = (),
    ) -> ManagedProcess:  # fmt: skip
        args = ["-m", "uvicorn", app, "--host", "127.0.0.1", "--port", str(port), "--loop", "uvloop"]
        args += ["--http", "httptools", "--no-access-log", "--timeout-graceful-shutdown", "5"]
        args += ["--workers", str(workers), *more]
        return self._python(name, args, env, f"http://127.0.0.1:{port}{ready_path}", port)

    def start_servers(self) -> None:
        cfg = self.config
        if cfg.external_database is None:
            self._start(postgres_process(cfg.data_dir / "postgres", cfg.pg_port, cfg.logs / "postgres.log"))
        elif not postgres_accepts(cfg.admin_database_url):
            raise RuntimeError("PORTAL_DATABASE_URL does not accept connections")
        services = [service.name for service in SERVICES]
        if cfg.external_nats is None:
            authorization = nats_authorization(nats_users(cfg.credentials["nats"], services))
            self._start(
                nats_process(cfg.nats_port, cfg.data_dir / "nats", cfg.logs / "nats.log", authorization=authorization)
            )
        if cfg.external_redis is None:
            users = valkey_users(cfg.credentials["valkey"], services)
            self._start(valkey_process(cfg.valkey_port, cfg.data_dir / "valkey", cfg.logs / "valkey.log", users=users))

    def migrate(self, service: ServiceSpec) -> None:
        if self.stop_requested:
            raise Stopped
        say(f"migrating {service.name}")
        say(migrate_service(self.config, service))

    def start_services(self) -> None:
        cfg = self.config
        self.start_mail_sink()
        for service in SERVICES:
            env = cfg.service_env(service)
            port = cfg.service_port(service)
            api = self._uvicorn(
                f"{service.name}-api",
                f"{service.package}.main:app",
                port,
                env,
                "/readyz",
                cfg.api_workers,
                service.server_args,
            )
            self._start(api)
            # The site worker answers rpc.site.brand, which every other service asks before it serves anyone.
            worker = ManagedProcess(
                f"{service.name}-worker",
                [sys.executable, "-m", f"{service.package}.worker"],
                cfg.logs / f"{service.name}-worker.log",
                partial(site_answers, cfg.nats_url()) if service.name == "site" else (lambda: True),
                env=env,
                cwd=str(REPO),
            )
            self._start(worker)
        self._start(self._uvicorn("fallback", "portal_stack.unavailable:app", cfg.fallback_port, {}, "/healthz"))
        self._start(self._uvicorn("web", "portal_stack.static:app", cfg.web_port, {}, "/_static/healthz"))

    def start_mail_sink(self) -> None:
        """The development SMTP sink (e-mails land in the development messages file)."""
        cfg = self.config
        self._start(
            ManagedProcess(
                "mail-sink",
                [
                    sys.executable,
                    "-m",
                    "portal_stack.mail_sink",
                    "--port",
                    str(cfg.smtp_port),
                    "--file",
                    str(cfg.data_dir / "dev-messages.jsonl"),
                ],
                cfg.logs / "mail-sink.log",
                lambda: port_open(cfg.smtp_port),
                cwd=str(REPO),
                port=cfg.smtp_port,
            )
        )

    def start_gateway(self) -> None:
        cfg = self.config
        gateway_dir = cfg.data_dir / "gateway"
        gateway_dir.mkdir(parents=True, exist_ok=True)
        static = yaml.safe_load((REPO / "gateway" / "traefik.yml").read_text())
        static["entryPoints"]["web"]["address"] = f"127.0.0.1:{cfg.port}"
        static["providers"]["file"]["directory"] = str(REPO / "gateway" / "dynamic")
        static["accessLog"]["filePath"] = str(cfg.logs / "gateway-access.log")
        config_file = gateway_dir / "traefik.yml"
        config_file.write_text(yaml.safe_dump(static))
        gateway = ManagedProcess(
            "gateway",
            [venv_bin("traefik"), f"--configFile={config_file}"],
            cfg.logs / "gateway.log",
            lambda: http_ready(f"{cfg.url}/wps/system/status"),
            env={**cfg.gateway_env(), **go_env()},
            port=cfg.port,
        )
        self._start(gateway, timeout=60)

    # -- lifecycle ------------------------------------------------------------------------------------
    def request_stop(self, *_: object) -> None:
        self.stop_requested = True

    def stop_all(self) -> None:
        for process in reversed(self.processes):
            if process.alive:
                say(f"stopping {process.name}")
            process.stop()
        self.processes.clear()

    def watch(self) -> int:
        while not self.stop_requested:
            for process in self.processes:
                if not process.alive:
                    code = process.process.returncode if process.process else "?"
                    say(f"{process.name} died (exit {code}); its last log lines:\n{process.tail(30)}")
                    say(f"full log: {process.log_path}")
                    return 1
            time.sleep(0.5)
        return 0

    def run(self) -> int:
        signal.signal(signal.SIGINT, self.request_stop)
        signal.signal(signal.SIGTERM, self.request_stop)
        try:
            self.acquire_lock()
        except AlreadyRunning as running:
            say(f"the portal is already running (pid {running}) at {self.config.url}; stop it with ./portal down")
            return 1
        code = 1
        try:
            self.config.logs.mkdir(parents=True, exist_ok=True)
            self.start_servers()
            for service in SERVICES:
                self.migrate(service)
            self.start_services()
            self.start_gateway()
            say(f"ready: {self.config.url}  (Ctrl-C or ./portal down stops everything)")
            code = self.watch()
        except Stopped:
            code = 0
        except Exception as error:  # noqa: BLE001 - report and clean up whatever failed
            say(f"start-up failed: {error}")
        finally:
            self.stop_all()
            self.release_lock()
            say("stopped")
        return code


def _lock_held(config: StackConfig) -> bool:
    """Whether a supervisor holds the lock; it releases it only after stopping every process."""
    if not config.lock_file.exists():
        return False
    with config.lock_file.open("a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


def down(config: StackConfig, timeout: float = 60.0) -> int:
    if not _lock_held(config):
        config.pid_file.unlink(missing_ok=True)
        say("the portal is not running")
        return 0
    pid = int(config.pid_file.read_text().strip() or 0)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not _lock_held(config):
            say("stopped")
            return 0
        time.sleep(0.2)
    say(f"the supervisor (pid {pid}) did not stop within {timeout:.0f}s")
    return 1


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "up"
    config = StackConfig()
    if command == "up":
        return Supervisor(config).run()
    if command == "down":
        return down(config)
    if command == "status":
        running = config.pid_file.exists() and http_ready(f"{config.url}/wps/system/status")
        say(f"running at {config.url}" if running else "not running")
        return 0 if running else 1
    print("usage: python -m portal_stack [up|down|status]", file=sys.stderr)
    return 2

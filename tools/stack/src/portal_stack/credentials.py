"""The local stack's passwords for NATS and Valkey: made at the first ``./portal up``, kept in
``.data/credentials.json`` (readable by its owner only) so a restart and the developer's tools use the same ones.
Nothing in the repository holds a password."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from pathlib import Path

from portal_kit.servers import write_private
from portal_stack.access import USERS

SERVERS = ("nats", "valkey")
FILE_NAME = "credentials.json"


def new_password() -> str:
    """A random password (256 bits) safe in a URL and as a NATS config variable: its leading letter keeps NATS
    from reading a value that starts with ``-`` as a number, which it then refuses."""
    return "p" + secrets.token_urlsafe(32)


def local_passwords(data_dir: Path) -> dict[str, dict[str, str]]:
    """``{"nats"|"valkey": {user: password}}`` of the stack whose data is in ``data_dir``."""
    return load_or_create(data_dir / FILE_NAME, USERS)


def load_or_create(path: Path, users: Iterable[str]) -> dict[str, dict[str, str]]:
    """``{server: {user: password}}`` for every user on both servers; a missing one is made and saved."""
    stored: dict[str, dict[str, str]] = json.loads(path.read_text()) if path.exists() else {}
    changed = False
    for server in SERVERS:
        passwords = stored.setdefault(server, {})
        for user in users:
            if user not in passwords:
                passwords[user] = new_password()
                changed = True
    if changed:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_private(path, json.dumps(stored, indent=2))
    return stored

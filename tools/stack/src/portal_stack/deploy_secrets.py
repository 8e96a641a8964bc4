"""The Kubernetes Secrets for authenticated NATS and Valkey, with fresh random passwords:
``python -m portal_stack.deploy_secrets [namespace (portal)] | kubectl apply -f -`` (or hand them to a secrets manager).

- ``nats-users``: ``<USER>_NATS_PASSWORD`` for each user; the NATS config in ``deploy/base`` reads them as
  ``$<USER>_NATS_PASSWORD`` (its users and permissions are rendered by ``nats_config_users``).
- ``valkey-users``: ``users.acl``, the Valkey ACL file (``portal_stack.access``), with the default user off.
- ``portal-service-urls``: ``<PREFIX>NATS_URL`` and ``<PREFIX>REDIS_URL`` of each service, its own user in each.

Run it once per installation; running it again makes new passwords for every user at once.
``--nats-config`` prints the NATS ``authorization`` block of ``deploy/base/data-services.yaml`` instead.

``--seed-keys [namespace]`` prints the Secret ``seed-keys`` instead, with fresh keys: ``LOTTERY_SEED_KEY``,
``LOTTERY_SEED_KEY_ID``, ``LOTTERY_OLD_SEED_KEYS`` (the lottery's draws), ``GAMES_SEED_KEY``, ``GAMES_SEED_KEY_ID``,
``GAMES_OLD_SEED_KEYS`` (the in-house games' server seeds) and ``POINTS_SEED_KEY``, ``POINTS_SEED_KEY_ID``,
``POINTS_OLD_SEED_KEYS`` (the raffles' seeds). Make it once: a new key changes every seed not yet revealed,
so keys are rotated as the lottery's, the games' and the points' READMEs say (the old key kept under its id), never by making this
Secret again. It is apart from the passwords' Secrets, so making those again never touches a seed key.
"""

from __future__ import annotations

import json
import secrets
import sys
from datetime import UTC, datetime
from typing import Any

import yaml

from portal_kit.servers import nats_authorization, valkey_acl
from portal_stack.access import USERS, nats_users, valkey_users
from portal_stack.credentials import new_password
from portal_stack.services import SERVICES

NATS_HOST = "nats:4222"
REDIS_HOST = "redis:6379"
# The seed keys' Secret, given key by key to the pods that derive seeds alone (deploy/base).
SEED_KEYS_SECRET = "seed-keys"  # noqa: S105 - a name, not a secret
SEED_KEY_BYTES = 32


def password_variable(user: str) -> str:
    return f"{user.upper().replace('-', '_')}_NATS_PASSWORD"


def nats_config_users() -> str:
    """The ``authorization`` block of ``deploy/base``'s NATS config: each password read from the environment."""
    return nats_authorization(nats_users({name: f"${password_variable(name)}" for name in USERS}, USERS[1:]))


def _secret(name: str, namespace: str, data: dict[str, str]) -> dict[str, Any]:
    metadata = {"name": name, "namespace": namespace}
    return {"apiVersion": "v1", "kind": "Secret", "metadata": metadata, "type": "Opaque", "stringData": data}


def secrets_manifest(namespace: str = "portal") -> list[dict[str, Any]]:
    nats_passwords = {name: new_password() for name in USERS}
    valkey_passwords = {name: new_password() for name in USERS}
    acl = valkey_acl(valkey_users(valkey_passwords, USERS[1:]))
    urls: dict[str, str] = {}
    for service in SERVICES:
        urls[f"{service.env_prefix}NATS_URL"] = f"nats://{service.name}:{nats_passwords[service.name]}@{NATS_HOST}"
        urls[f"{service.env_prefix}REDIS_URL"] = (
            f"redis://{service.name}:{valkey_passwords[service.name]}@{REDIS_HOST}/0"
        )
    return [
        _secret("nats-users", namespace, {password_variable(name): nats_passwords[name] for name in USERS}),
        _secret("valkey-users", namespace, {"users.acl": acl}),
        _secret("portal-service-urls", namespace, urls),
    ]


def seed_keys_manifest(namespace: str = "portal") -> list[dict[str, Any]]:
    """The Secret of the seed keys, each a fresh random key under an id naming when it was made."""
    key_id = f"k{datetime.now(UTC):%Y%m%d%H%M}"
    data: dict[str, str] = {}
    for service in ("LOTTERY", "GAMES", "POINTS"):
        data |= {
            f"{service}_SEED_KEY": secrets.token_hex(SEED_KEY_BYTES),
            f"{service}_SEED_KEY_ID": key_id,
            f"{service}_OLD_SEED_KEYS": json.dumps({}),
        }
    return [_secret(SEED_KEYS_SECRET, namespace, data)]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--nats-config"]:
        print(nats_config_users(), end="")
        return 0
    if args[:1] == ["--seed-keys"]:
        yaml.safe_dump_all(seed_keys_manifest(*args[1:2]), sys.stdout, sort_keys=False)
        return 0
    yaml.safe_dump_all(secrets_manifest(*args[:1]), sys.stdout, sort_keys=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The Kubernetes Secrets for authenticated NATS and Valkey, with fresh random passwords:
``python -m portal_stack.deploy_secrets [namespace (portal)] | kubectl apply -f -`` (or hand them to a secrets manager).

- ``nats-users``: ``<USER>_NATS_PASSWORD`` for each user; the NATS config in ``deploy/base`` reads them as
  ``$<USER>_NATS_PASSWORD`` (its users and permissions are rendered by ``nats_config_users``).
- ``valkey-users``: ``users.acl``, the Valkey ACL file (``portal_stack.access``), with the default user off.
- ``portal-service-urls``: ``<PREFIX>NATS_URL`` and ``<PREFIX>REDIS_URL`` of each service, its own user in each.

Run it once per installation; running it again makes new passwords for every user at once.
``--nats-config`` prints the NATS ``authorization`` block of ``deploy/base/data-services.yaml`` instead.
"""

from __future__ import annotations

import sys
from typing import Any

import yaml

from portal_kit.servers import nats_authorization, valkey_acl
from portal_stack.access import USERS, nats_users, valkey_users
from portal_stack.credentials import new_password
from portal_stack.services import SERVICES

NATS_HOST = "nats:4222"
REDIS_HOST = "redis:6379"


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


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--nats-config"]:
        print(nats_config_users(), end="")
        return 0
    yaml.safe_dump_all(secrets_manifest(*args[:1]), sys.stdout, sort_keys=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

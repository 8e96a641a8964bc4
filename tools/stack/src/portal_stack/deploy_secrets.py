"""The Kubernetes Secrets for authenticated NATS and Valkey, with fresh random passwords:
``python -m portal_stack.deploy_secrets [namespace (portal)] | kubectl apply -f -`` (or hand them to a secrets manager).

- ``nats-users``: ``<USER>_NATS_PASSWORD`` for each user; the NATS config in ``deploy/base`` reads them as
  ``$<USER>_NATS_PASSWORD`` (its users and permissions are rendered by ``nats_config_users``).
- ``valkey-users``: ``users.acl``, the Valkey ACL file (``portal_stack.access``), with the default user off.
- ``portal-service-urls``: ``<PREFIX>NATS_URL`` and ``<PREFIX>REDIS_URL`` of each service, its own user in each.
- ``portal-secrets``: each service's ``<PREFIX>SECRET_KEY`` and the shared ``PAYLOAD_SECRET`` (every service running as
  production refuses the development ones), and auth's Twilio credentials left empty, for the operator to fill in
  (``AUTH_TWILIO_ACCOUNT_SID``, ``AUTH_TWILIO_AUTH_TOKEN`` and ``AUTH_TWILIO_FROM`` or
  ``AUTH_TWILIO_MESSAGING_SERVICE_SID``), beside the ``<PREFIX>DATABASE_URL`` the database operator's roles give.

Run it once per installation; running it again makes new passwords for every user at once.
``--nats-config`` prints the NATS ``authorization`` block of ``deploy/base/data-services.yaml`` instead.

``--seed-keys [namespace]`` prints the Secret ``seed-keys`` instead, with fresh keys: ``LOTTERY_SEED_KEY``,
``LOTTERY_SEED_KEY_ID``, ``LOTTERY_OLD_SEED_KEYS`` (the lottery's draws), ``GAMES_SEED_KEY``, ``GAMES_SEED_KEY_ID``,
``GAMES_OLD_SEED_KEYS`` (the in-house games' server seeds) and ``POINTS_SEED_KEY``, ``POINTS_SEED_KEY_ID``,
``POINTS_OLD_SEED_KEYS`` (the raffles' seeds). Make it once: a new key changes every seed not yet revealed,
so keys are rotated as the lottery's, the games' and the points' READMEs say (the old key kept under its id), never by making this
Secret again. It is apart from the passwords' Secrets, so making those again never touches a seed key.

``--check FILE ...`` (``-`` for standard input) reads the rendered overlay and the Secrets as they will be applied
(``kubectl kustomize deploy/overlays/production``, this tool's output once filled in) and lists what a production
rollout still lacks, one line each: a service not running as production, a missing or development secret key, a
missing database, NATS or Valkey URL or seed key, Twilio's credentials, an address left to this machine or to
deploy/base's placeholder. It exits 1 when anything is missing (``rollout_gaps`` is the same check).
"""

from __future__ import annotations

import base64
import json
import secrets
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

import yaml

from auth_service.settings import local_address_problem
from portal_kit.servers import nats_authorization, valkey_acl
from portal_kit.settings import DEFAULT_SECRET, DEVELOPMENT_ENVIRONMENTS
from portal_stack.access import USERS, nats_users, valkey_users
from portal_stack.credentials import new_password
from portal_stack.services import SERVICES

NATS_HOST = "nats:4222"
REDIS_HOST = "redis:6379"
# The seed keys' Secret, given key by key to the pods that derive seeds alone (deploy/base).
SEED_KEYS_SECRET = "seed-keys"  # noqa: S105 - a name, not a secret
SEED_KEY_BYTES = 32
# The Secret every service's pods read their secret keys and database URLs from (deploy/base).
PORTAL_SECRETS = "portal-secrets"
SECRET_KEY_BYTES = 32
TWILIO_KEYS = (
    "AUTH_TWILIO_ACCOUNT_SID",
    "AUTH_TWILIO_AUTH_TOKEN",
    "AUTH_TWILIO_FROM",
    "AUTH_TWILIO_MESSAGING_SERVICE_SID",
)
SEED_KEY_SERVICES = ("LOTTERY", "GAMES", "POINTS")
# The addresses production refuses on this machine or at deploy/base's placeholder (auth's and games' settings).
ADDRESSES = {"auth": ("AUTH_PUBLIC_URL", "AUTH_SMTP_HOST"), "games": ("GAMES_PUBLIC_URL",)}


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
        _secret(PORTAL_SECRETS, namespace, service_secret_keys()),
    ]


def service_secret_keys() -> dict[str, str]:
    """Fresh secret keys for every service and the payload secret; Twilio's credentials empty, to be filled in."""
    keys = {f"{service.env_prefix}SECRET_KEY": secrets.token_urlsafe(SECRET_KEY_BYTES) for service in SERVICES}
    return {**keys, "PAYLOAD_SECRET": secrets.token_urlsafe(SECRET_KEY_BYTES)} | dict.fromkeys(TWILIO_KEYS, "")


def rollout_environment(documents: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Every variable the ConfigMaps and Secrets among ``documents`` give (a Secret's ``data`` decoded)."""
    values: dict[str, str] = {}
    for document in documents:
        if not isinstance(document, dict) or document.get("kind") not in ("ConfigMap", "Secret"):
            continue
        for key, value in (document.get("data") or {}).items():
            values[key] = base64.b64decode(value).decode() if document["kind"] == "Secret" else str(value)
        values |= {key: str(value) for key, value in (document.get("stringData") or {}).items()}
    return values


def rollout_gaps(documents: Iterable[dict[str, Any]]) -> list[str]:
    """What a production rollout of the rendered ConfigMaps and Secrets lacks, one sentence each (none: ready)."""
    env = rollout_environment(documents)

    def value(name: str, prefix: str) -> str:
        """The service's own variable, else the shared one (as its settings read them)."""
        return env.get(f"{prefix}{name}") or env.get(name, "")

    gaps: list[str] = []
    for service in SERVICES:
        prefix = service.env_prefix
        environment = value("ENVIRONMENT", prefix) or "development"
        if environment.strip().lower() in DEVELOPMENT_ENVIRONMENTS:
            gaps.append(f"{service.name}: runs as {environment} ({prefix}ENVIRONMENT=production)")
        for name in ("SECRET_KEY", "PAYLOAD_SECRET"):
            secret = env.get(f"{prefix}{name}", "") if name == "SECRET_KEY" else value(name, prefix)
            if not secret or secret == DEFAULT_SECRET:
                variable = f"{prefix}{name}" if name == "SECRET_KEY" else name
                gaps.append(f"{service.name}: {variable} is not set (python -m portal_stack.deploy_secrets)")
        if not env.get(f"{prefix}DATABASE_URL"):
            gaps.append(f"{service.name}: {prefix}DATABASE_URL is not set (its database role's URL)")
        for name in ("NATS_URL", "REDIS_URL"):
            if not value(name, prefix):
                gaps.append(f"{service.name}: {prefix}{name} is not set (python -m portal_stack.deploy_secrets)")
        for name in ADDRESSES.get(service.name, ()):
            problem = local_address_problem(name, env.get(name, ""))
            if problem:
                gaps.append(f"{service.name}: {problem}")
    if env.get("GAMES_HUB88_URL"):
        problem = local_address_problem("GAMES_HUB88_URL", env["GAMES_HUB88_URL"])
        gaps.extend([f"games: {problem}"] if problem else [])
    if env.get("AUTH_SMS_PROVIDER") != "twilio":
        gaps.append("auth: AUTH_SMS_PROVIDER is not twilio: no member gets an SMS code")
    else:
        missing = [key for key in TWILIO_KEYS[:2] if not env.get(key)]
        if not (env.get("AUTH_TWILIO_FROM") or env.get("AUTH_TWILIO_MESSAGING_SERVICE_SID")):
            missing.append("AUTH_TWILIO_FROM or AUTH_TWILIO_MESSAGING_SERVICE_SID")
        if missing:
            gaps.append(f"auth: Twilio's credentials are not filled in: {', '.join(missing)}")
    for owner in SEED_KEY_SERVICES:
        if not (env.get(f"{owner}_SEED_KEY") and env.get(f"{owner}_SEED_KEY_ID")):
            gaps.append(
                f"{owner.lower()}: {owner}_SEED_KEY is not set (python -m portal_stack.deploy_secrets --seed-keys)"
            )
    return gaps


def check(paths: list[str]) -> int:
    """``--check``: print what the rollout of the documents in ``paths`` lacks; 1 when anything is missing."""
    documents: list[dict[str, Any]] = []
    for path in paths:
        with open(path) if path != "-" else sys.stdin as stream:
            documents.extend(document for document in yaml.safe_load_all(stream) if document)
    gaps = rollout_gaps(documents)
    for gap in gaps:
        print(gap)
    print(f"{len(gaps)} missing for a production rollout" if gaps else "ready for a production rollout")
    return 1 if gaps else 0


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
    if args[:1] == ["--check"] and args[1:]:
        return check(args[1:])
    if args[:1] == ["--seed-keys"]:
        yaml.safe_dump_all(seed_keys_manifest(*args[1:2]), sys.stdout, sort_keys=False)
        return 0
    yaml.safe_dump_all(secrets_manifest(*args[:1]), sys.stdout, sort_keys=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())

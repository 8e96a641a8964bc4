"""The Kubernetes Secrets for authenticated NATS and Valkey, with fresh random passwords:
``python -m portal_stack.deploy_secrets [namespace (portal)] | kubectl apply -f -`` (or hand them to a secrets manager).

- ``nats-users``: ``<USER>_NATS_PASSWORD`` for each user; the NATS config in ``deploy/base`` reads them as
  ``$<USER>_NATS_PASSWORD`` (its users and permissions are rendered by ``nats_config_users``).
- ``valkey-users``: ``users.acl``, the Valkey ACL file (``portal_stack.access``), with the default user off.
- ``portal-service-urls``: ``<PREFIX>NATS_URL`` and ``<PREFIX>REDIS_URL`` of each service, its own user in each.
- ``portal-secrets``: each service's ``<PREFIX>SECRET_KEY`` and the shared ``PAYLOAD_SECRET`` (every service running as
  production refuses the development ones), and auth's Twilio credentials left empty, for the operator to fill in
  (``AUTH_TWILIO_ACCOUNT_SID``, ``AUTH_TWILIO_AUTH_TOKEN`` and ``AUTH_TWILIO_FROM`` or
  ``AUTH_TWILIO_MESSAGING_SERVICE_SID``).
- ``db-<service>`` and ``db-<service>-owner`` for each service (``DATABASE_LOGINS``): the passwords of its runtime
  role ``<db>`` and its migration role ``<db>_owner``, which CloudNativePG's ``managed.roles`` make and each pod puts
  into its ``postgresql+psycopg://`` URL (so URL-safe); type ``kubernetes.io/basic-auth``, label
  ``cnpg.io/reload: "true"`` so a new password reaches the role.
- ``postgres-backup-store``: the production overlay's backup bucket credentials (``ACCESS_KEY_ID``,
  ``ACCESS_SECRET_KEY``), left empty for the operator to fill in.

Run it once per installation; running it again makes new passwords for every user at once, and empties what the
operator filled in (Twilio's credentials, the backup store's keys): apply again only the Secrets being rotated.
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
missing NATS or Valkey URL or seed key, a missing or empty ``db-*`` Secret (or a password that cannot sit in a URL),
Twilio's credentials, the backup store's keys, an address left to this machine or to deploy/base's placeholder, and
any Secret the rendered pods or the database Cluster read that is not among the documents. It exits 1 when anything is missing (``rollout_gaps`` is the same check).
"""

from __future__ import annotations

import base64
import json
import secrets
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import yaml

from portal_kit.servers import nats_authorization, valkey_acl
from portal_kit.settings import DEFAULT_SECRET, DEVELOPMENT_ENVIRONMENTS, local_address_problem
from portal_stack.access import USERS, nats_users, valkey_users
from portal_stack.credentials import new_password
from portal_stack.services import SERVICES, ServiceSpec

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
# The database roles' Secrets, as CloudNativePG reads them (managed.roles' passwordSecret, bootstrap.initdb's secret).
DATABASE_SECRET_TYPE = "kubernetes.io/basic-auth"  # noqa: S105 - a type, not a secret
DATABASE_SECRET_LABELS = {"cnpg.io/reload": "true"}  # CloudNativePG re-reads the Secret when it changes
DATABASE_PASSWORD_BYTES = 32
URL_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
# The production overlay's backup bucket credentials (overlays/production: the Cluster's barmanObjectStore).
BACKUP_STORE_SECRET = "postgres-backup-store"  # noqa: S105 - a name, not a secret
BACKUP_STORE_KEYS = ("ACCESS_KEY_ID", "ACCESS_SECRET_KEY")
# The addresses production refuses on this machine or at deploy/base's placeholder (auth's and games' settings).
ADDRESSES = {"auth": ("AUTH_PUBLIC_URL", "AUTH_SMTP_HOST"), "games": ("GAMES_PUBLIC_URL",)}


@dataclass(frozen=True)
class DatabaseLogin:
    """One PostgreSQL login of a service: the Secret holding it and the role it names."""

    service: ServiceSpec
    secret: str
    username: str


def database_logins() -> Iterator[DatabaseLogin]:
    """Each service's migration role ``<db>_owner`` (Secret ``db-<service>-owner``) and runtime role ``<db>``
    (Secret ``db-<service>``): the one table the generator and ``--check`` use (tests/deploy holds it to the
    rendered production overlay's Cluster and pods)."""
    for service in SERVICES:
        yield DatabaseLogin(service, f"db-{service.name}-owner", f"{service.database}_owner")
        yield DatabaseLogin(service, f"db-{service.name}", service.database)


def password_variable(user: str) -> str:
    return f"{user.upper().replace('-', '_')}_NATS_PASSWORD"


def nats_config_users() -> str:
    """The ``authorization`` block of ``deploy/base``'s NATS config: each password read from the environment."""
    return nats_authorization(nats_users({name: f"${password_variable(name)}" for name in USERS}, USERS[1:]))


def _secret(
    name: str,
    namespace: str,
    data: dict[str, str],
    kind: str = "Opaque",
    labels: dict[str, str] | None = None,
) -> dict[str, Any]:
    metadata: dict[str, Any] = {"name": name, "namespace": namespace} | ({"labels": dict(labels)} if labels else {})
    return {"apiVersion": "v1", "kind": "Secret", "metadata": metadata, "type": kind, "stringData": data}


def database_secrets(namespace: str = "portal") -> list[dict[str, Any]]:
    """Every ``db-*`` Secret, each with a fresh URL-safe password (the pods put it into their database URL)."""
    return [
        _secret(
            login.secret,
            namespace,
            {"username": login.username, "password": secrets.token_urlsafe(DATABASE_PASSWORD_BYTES)},
            DATABASE_SECRET_TYPE,
            DATABASE_SECRET_LABELS,
        )
        for login in database_logins()
    ]


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
        *database_secrets(namespace),
        _secret(BACKUP_STORE_SECRET, namespace, dict.fromkeys(BACKUP_STORE_KEYS, "")),
    ]


def service_secret_keys() -> dict[str, str]:
    """Fresh secret keys for every service and the payload secret; Twilio's credentials empty, to be filled in."""
    keys = {f"{service.env_prefix}SECRET_KEY": secrets.token_urlsafe(SECRET_KEY_BYTES) for service in SERVICES}
    return {**keys, "PAYLOAD_SECRET": secrets.token_urlsafe(SECRET_KEY_BYTES)} | dict.fromkeys(TWILIO_KEYS, "")


def _values(document: dict[str, Any]) -> dict[str, str]:
    """A ConfigMap's or Secret's keys and values (a Secret's ``data`` decoded, its ``stringData`` over it)."""
    values: dict[str, str] = {}
    for key, value in (document.get("data") or {}).items():
        values[key] = base64.b64decode(value).decode() if document["kind"] == "Secret" else str(value)
    return values | {key: str(value) for key, value in (document.get("stringData") or {}).items()}


def _given_secrets(documents: Iterable[dict[str, Any]]) -> dict[str, dict[str, str]]:
    return {
        str(document.get("metadata", {}).get("name")): _values(document)
        for document in documents
        if isinstance(document, dict) and document.get("kind") == "Secret"
    }


def rollout_environment(documents: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Every variable the ConfigMaps and Secrets among ``documents`` give (a Secret's ``data`` decoded); the
    database logins' and the backup store's Secrets are not variables of any service and are left out."""
    apart = {login.secret for login in database_logins()} | {BACKUP_STORE_SECRET}
    values: dict[str, str] = {}
    for document in documents:
        if not isinstance(document, dict) or document.get("kind") not in ("ConfigMap", "Secret"):
            continue
        if document["kind"] == "Secret" and document.get("metadata", {}).get("name") in apart:
            continue
        values |= _values(document)
    return values


def _secret_references(node: Any, optional: bool = False) -> Iterator[tuple[str, bool]]:
    """``(name, optional)`` of every Secret a pod spec or a CloudNativePG Cluster below ``node`` reads."""
    if isinstance(node, list):
        for item in node:
            yield from _secret_references(item)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key in ("secretRef", "secretKeyRef") and isinstance(value, dict) and value.get("name"):
            yield value["name"], bool(value.get("optional"))
        elif key == "secret" and isinstance(value, dict) and value.get("secretName"):  # a volume
            yield value["secretName"], bool(value.get("optional"))
        elif key == "imagePullSecrets" and isinstance(value, list):
            yield from ((item["name"], False) for item in value if isinstance(item, dict) and item.get("name"))
        else:
            yield from _secret_references(value)


def referenced_secrets(documents: Iterable[dict[str, Any]]) -> dict[str, bool]:
    """The Secrets the rendered workloads and the database Cluster among ``documents`` read, each ``True`` when
    every reference to it is optional."""
    found: dict[str, bool] = {}
    for document in documents:
        if not isinstance(document, dict) or document.get("kind") in ("ConfigMap", "Secret"):
            continue
        cluster = document.get("kind") == "Cluster"
        for name, optional in _secret_references(document.get("spec", {})):
            found[name] = found.get(name, True) and optional
        if cluster:  # CloudNativePG's own references (not pod fields): names under passwordSecret, secret, ...
            for name in _cluster_secrets(document.get("spec", {})):
                found[name] = False
    return found


def _cluster_secrets(node: Any) -> Iterator[str]:
    """Secret names a CloudNativePG Cluster reads: every ``{name: ...}`` under a key naming a secret or credential."""
    if isinstance(node, list):
        for item in node:
            yield from _cluster_secrets(item)
    elif isinstance(node, dict):
        for key, value in node.items():
            lowered = key.lower()
            named = isinstance(value, dict) and isinstance(value.get("name"), str)
            if named and ("secret" in lowered or lowered in ("accesskeyid", "sessiontoken", "region")):
                yield value["name"]
            else:
                yield from _cluster_secrets(value)


def database_gaps(documents: Iterable[dict[str, Any]]) -> list[str]:
    """A missing or empty ``db-*`` Secret, a username not its role's, a password that cannot sit in a URL."""
    given = _given_secrets(documents)
    gaps: list[str] = []
    for login in database_logins():
        values = given.get(login.secret)
        where = f"{login.service.name}: Secret {login.secret}"
        if values is None:
            gaps.append(f"{where} is missing (python -m portal_stack.deploy_secrets)")
        elif not values.get("password") or not values.get("username"):
            gaps.append(f"{where} has no username or password (python -m portal_stack.deploy_secrets)")
        elif values["username"] != login.username:
            gaps.append(f"{where}: username is {values['username']!r}, not its role {login.username!r}")
        elif not set(values["password"]) <= URL_SAFE:
            gaps.append(f"{where}: the password is not URL-safe (letters, digits, - and _), yet goes into a URL")
    return gaps


def rollout_gaps(documents: Iterable[dict[str, Any]]) -> list[str]:
    """What a production rollout of the rendered overlay and its Secrets lacks, one sentence each (none: ready)."""
    documents = list(documents)
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
    gaps.extend(database_gaps(documents))
    given = _given_secrets(documents)
    referenced = referenced_secrets(documents)
    if BACKUP_STORE_SECRET in given or BACKUP_STORE_SECRET in referenced:
        empty = [key for key in BACKUP_STORE_KEYS if not given.get(BACKUP_STORE_SECRET, {}).get(key)]
        if empty:
            gaps.append(
                f"postgres: {BACKUP_STORE_SECRET}'s {', '.join(empty)} not filled in (the backup bucket's credentials)"
            )
    reported = {login.secret for login in database_logins()} | {BACKUP_STORE_SECRET}
    for name, optional in sorted(referenced.items()):
        if not optional and name not in given and name not in reported:
            gaps.append(f"Secret {name} is read by the rendered overlay but is not among the documents")
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

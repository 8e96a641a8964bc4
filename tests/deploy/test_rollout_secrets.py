"""The secrets generator makes every secret key the services require in production, and its ``--check`` says what a
production rollout of the rendered ConfigMap and Secrets still lacks (Twilio's credentials, the backup store's keys,
the addresses deploy/base leaves as placeholders)."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
import yaml

from portal_kit.settings import DEFAULT_SECRET, ServiceSettings
from portal_stack import deploy_secrets
from portal_stack.deploy_secrets import rollout_gaps, secrets_manifest, seed_keys_manifest
from portal_stack.services import SERVICES

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "base" / "config.yaml"
FILLED = {
    "AUTH_TWILIO_ACCOUNT_SID": "AC" + "1" * 32,
    "AUTH_TWILIO_AUTH_TOKEN": "t" * 32,
    "AUTH_TWILIO_MESSAGING_SERVICE_SID": "MG" + "2" * 32,
}
BACKUP_STORE = {"ACCESS_KEY_ID": "AKIA" + "3" * 16, "ACCESS_SECRET_KEY": "s" * 40}
ADDRESSES = {
    "GAMES_PUBLIC_URL": "https://play.brand.com",
    "GAMES_HUB88_URL": "https://api.hub88.io",
    "AUTH_PUBLIC_URL": "https://play.brand.com",
    "AUTH_SMTP_HOST": "smtp.brand.com",
}


def config_map(**changes: str) -> dict[str, Any]:
    document = next(d for d in yaml.safe_load_all(CONFIG.read_text()) if d and d["kind"] == "ConfigMap")
    document["data"] |= changes
    return dict(document)


def generated() -> list[dict[str, Any]]:
    return [*secrets_manifest(), *seed_keys_manifest()]


def filled(
    documents: list[dict[str, Any]], values: dict[str, str], backup_store: dict[str, str] = BACKUP_STORE
) -> list[dict[str, Any]]:
    """The operator's edit of the generated ``portal-secrets`` and ``postgres-backup-store``, kept as ``data``
    (base64) as the API returns it."""
    edits = {deploy_secrets.PORTAL_SECRETS: values, deploy_secrets.BACKUP_STORE_SECRET: backup_store}
    out = []
    for document in documents:
        if document["metadata"]["name"] in edits:
            data = {**document["stringData"], **edits[document["metadata"]["name"]]}
            encoded = {key: base64.b64encode(value.encode()).decode() for key, value in data.items()}
            document = {**{k: v for k, v in document.items() if k != "stringData"}, "data": encoded}
        out.append(document)
    return out


def test_the_generator_makes_every_services_secret_key_and_the_payload_secret() -> None:
    made = {d["metadata"]["name"]: d["stringData"] for d in secrets_manifest()}[deploy_secrets.PORTAL_SECRETS]
    for service in SERVICES:
        key = made[f"{service.env_prefix}SECRET_KEY"]
        assert key != DEFAULT_SECRET and len(key) >= 32, service.name
        # what the service's settings refuse in production, taken: its key and the shared payload secret
        ServiceSettings(environment="production", secret_key=key, payload_secret=made["PAYLOAD_SECRET"])
    keys = [made[f"{service.env_prefix}SECRET_KEY"] for service in SERVICES]
    assert len(set(keys)) == len(keys), "each service its own key"
    assert all(made[key] == "" for key in deploy_secrets.TWILIO_KEYS), "Twilio's credentials are the operator's"
    again = {d["metadata"]["name"]: d["stringData"] for d in secrets_manifest()}[deploy_secrets.PORTAL_SECRETS]
    assert again["AUTH_SECRET_KEY"] != made["AUTH_SECRET_KEY"]


def test_without_the_secrets_every_required_key_is_named() -> None:
    gaps = "\n".join(rollout_gaps([config_map()]))
    for service in SERVICES:
        for variable in ("SECRET_KEY", "NATS_URL", "REDIS_URL"):
            assert f"{service.name}: {service.env_prefix}{variable} is not set" in gaps
        for secret in (f"db-{service.name}", f"db-{service.name}-owner"):
            assert f"{service.name}: Secret {secret} is missing" in gaps
    assert "PAYLOAD_SECRET is not set" in gaps
    for owner in ("LOTTERY", "GAMES", "POINTS"):
        assert f"{owner}_SEED_KEY is not set" in gaps


def test_the_generated_secrets_leave_twilio_the_backup_store_and_the_addresses_to_the_operator() -> None:
    gaps = rollout_gaps([config_map(), *generated()])
    assert "auth: Twilio's credentials are not filled in: AUTH_TWILIO_ACCOUNT_SID, AUTH_TWILIO_AUTH_TOKEN, " \
        "AUTH_TWILIO_FROM or AUTH_TWILIO_MESSAGING_SERVICE_SID" in gaps  # fmt: skip
    assert "postgres: postgres-backup-store's ACCESS_KEY_ID, ACCESS_SECRET_KEY not filled in" in "\n".join(gaps)
    for name in ADDRESSES:
        assert any(name in gap and "placeholder" in gap for gap in gaps), name
    assert not [gap for gap in gaps if "SECRET_KEY is" in gap or "NATS_URL" in gap or "SEED_KEY" in gap], gaps
    assert not [gap for gap in gaps if "db-" in gap], "the generator makes every database login"
    assert len(gaps) == 1 + 1 + len(ADDRESSES), gaps


def test_a_filled_in_rollout_lacks_nothing() -> None:
    assert rollout_gaps([config_map(**ADDRESSES), *filled(generated(), FILLED)]) == []


@pytest.mark.parametrize(
    ("changes", "secret_changes", "gap"),
    [
        ({"AUTH_ENVIRONMENT": "development"}, {}, "auth: runs as development"),
        ({}, {"AUTH_TWILIO_AUTH_TOKEN": ""}, "auth: Twilio's credentials are not filled in: AUTH_TWILIO_AUTH_TOKEN"),
        ({"AUTH_SMS_PROVIDER": "dev"}, {}, "auth: AUTH_SMS_PROVIDER is not twilio"),
        ({"AUTH_SMTP_HOST": "127.0.0.1"}, {}, "auth: AUTH_SMTP_HOST is '127.0.0.1', this machine"),
        ({"GAMES_PUBLIC_URL": "http://localhost:8080"}, {}, "games: GAMES_PUBLIC_URL is 'http://localhost:8080'"),
        ({}, {"WALLET_SECRET_KEY": DEFAULT_SECRET}, "wallet: WALLET_SECRET_KEY is not set"),
        ({}, {"ACCESS_SECRET_KEY": ""}, "postgres: postgres-backup-store's ACCESS_SECRET_KEY not filled in"),
    ],
)
def test_each_gap_is_named(changes: dict[str, str], secret_changes: dict[str, str], gap: str) -> None:
    backup_store = BACKUP_STORE | {k: v for k, v in secret_changes.items() if k in BACKUP_STORE}
    documents = filled(generated(), FILLED | secret_changes, backup_store)
    gaps = rollout_gaps([config_map(**(ADDRESSES | changes)), *documents])
    assert len(gaps) == 1 and gaps[0].startswith(gap), gaps


def test_the_check_command_reads_the_rendered_files_and_fails_until_the_rollout_is_complete(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rendered, secret_file = tmp_path / "rendered.yaml", tmp_path / "secrets.yaml"
    rendered.write_text(yaml.safe_dump_all([config_map(**ADDRESSES)]))
    secret_file.write_text(yaml.safe_dump_all(generated()))
    assert deploy_secrets.main(["--check", str(rendered), str(secret_file)]) == 1
    printed = capsys.readouterr().out
    assert "auth: Twilio's credentials are not filled in" in printed
    assert "postgres: postgres-backup-store's ACCESS_KEY_ID, ACCESS_SECRET_KEY not filled in" in printed
    assert printed.rstrip().endswith("2 missing for a production rollout")
    secret_file.write_text(yaml.safe_dump_all(filled(generated(), FILLED)))
    assert deploy_secrets.main(["--check", str(rendered), str(secret_file)]) == 0
    assert capsys.readouterr().out == "ready for a production rollout\n"

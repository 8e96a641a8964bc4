"""Password-reset and invitation mail in production: never through a mail server on the machine itself, never with
links to it. A loopback, ``localhost`` or placeholder AUTH_PUBLIC_URL or AUTH_SMTP_HOST is refused when the settings
load, as default secrets are; development and tests keep the local defaults."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from auth_service.settings import AuthSettings

PRODUCTION = {"environment": "production", "secret_key": "s" * 40, "payload_secret": "p" * 40}
REAL = {"public_url": "https://portal.example.com", "smtp_host": "smtp.example.com"}
DEPLOY_CONFIG = Path(__file__).resolve().parents[3] / "deploy" / "base" / "config.yaml"
LOCAL = ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "https://app.localhost"]


def test_production_refuses_the_local_defaults() -> None:
    with pytest.raises(ValueError, match="AUTH_PUBLIC_URL"):
        AuthSettings(**PRODUCTION)
    with pytest.raises(ValueError, match="AUTH_SMTP_HOST"):
        AuthSettings(**PRODUCTION, public_url=REAL["public_url"])


@pytest.mark.parametrize("url", [*LOCAL, "https://set-me.invalid/"])
def test_production_refuses_a_local_or_placeholder_public_url(url: str) -> None:
    with pytest.raises(ValueError, match="AUTH_PUBLIC_URL"):
        AuthSettings(**PRODUCTION, **{**REAL, "public_url": url})


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "0.0.0.0", "mail.localhost", "smtp.set-me.invalid"])
def test_production_refuses_a_local_or_placeholder_mail_server(host: str) -> None:
    with pytest.raises(ValueError, match="AUTH_SMTP_HOST"):
        AuthSettings(**PRODUCTION, **{**REAL, "smtp_host": host})


def test_production_takes_real_addresses_and_development_keeps_the_local_defaults() -> None:
    settings = AuthSettings(**PRODUCTION, **REAL)
    assert (settings.public_url, settings.smtp_host) == (REAL["public_url"], REAL["smtp_host"])
    for environment in ("development", "test"):
        local = AuthSettings(environment=environment)
        assert (local.public_url, local.smtp_host) == ("http://127.0.0.1:8080", "127.0.0.1")


def test_the_deployment_names_the_addresses_for_the_operator_to_set() -> None:
    """deploy/base's values are placeholders that production refuses until the operator sets the real ones."""
    config = next(doc for doc in yaml.safe_load_all(DEPLOY_CONFIG.read_text()) if doc["kind"] == "ConfigMap")["data"]
    for key in ("AUTH_PUBLIC_URL", "AUTH_SMTP_HOST"):
        with pytest.raises(ValueError, match="placeholder"):
            AuthSettings(**PRODUCTION, **{**REAL, key.removeprefix("AUTH_").lower(): config[key]})
    assert int(config["AUTH_SMTP_PORT"]) in (25, 465, 587)

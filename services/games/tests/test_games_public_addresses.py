"""Production launches never point at the machine itself: a loopback, ``localhost`` or placeholder public URL or
Hub88 address is refused when the settings load, as default secrets are; development and tests keep the local
defaults."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from games_service.settings import GamesSettings

PRODUCTION = {"environment": "production", "secret_key": "s" * 40, "payload_secret": "p" * 40, "seed_key": "5e" * 32}
DEPLOY_CONFIG = Path(__file__).resolve().parents[3] / "deploy" / "base" / "config.yaml"
LOCAL = ["http://127.0.0.1:8080", "http://localhost:8080", "https://LOCALHOST.", "http://[::1]/", "http://0.0.0.0"]


def test_production_refuses_the_default_public_url() -> None:
    with pytest.raises(ValueError, match="GAMES_PUBLIC_URL"):
        GamesSettings(**PRODUCTION)


@pytest.mark.parametrize("url", [*LOCAL, "http://127.8.0.1", "https://portal.localhost", "https://set-me.invalid"])
def test_production_refuses_a_local_or_placeholder_public_url(url: str) -> None:
    with pytest.raises(ValueError, match="GAMES_PUBLIC_URL"):
        GamesSettings(**PRODUCTION, public_url=url)


@pytest.mark.parametrize("url", LOCAL)
def test_production_refuses_a_local_hub88_url(url: str) -> None:
    with pytest.raises(ValueError, match="GAMES_HUB88_URL"):
        GamesSettings(**PRODUCTION, public_url="https://portal.example.com", hub88_url=url)


def test_production_with_hub88_keys_needs_hub88_s_address_not_the_simulator_s() -> None:
    with pytest.raises(ValueError, match="GAMES_HUB88_URL is not set"):
        GamesSettings(**PRODUCTION, public_url="https://portal.example.com", hub88_operator_private_key="PEM")
    settings = GamesSettings(
        **PRODUCTION, public_url="https://portal.example.com", hub88_operator_private_key="PEM",
        hub88_url="https://api.hub88.example.com/operator/generic/v2",
    )  # fmt: skip
    assert settings.hub88_url == "https://api.hub88.example.com/operator/generic/v2"
    assert settings.hub88_simulator_enabled is False


def test_production_takes_real_addresses_and_development_keeps_the_local_defaults() -> None:
    assert GamesSettings(**PRODUCTION, public_url="https://portal.example.com").public_url.startswith("https://portal")
    for environment in ("development", "test"):
        settings = GamesSettings(environment=environment)
        assert settings.public_url == "http://127.0.0.1:8080"
        assert settings.hub88_url == "http://127.0.0.1:8080/wps/games/hub88-sim"


def test_the_deployment_names_the_addresses_for_the_operator_to_set() -> None:
    """deploy/base's values are placeholders that production refuses until the operator sets the real ones."""
    config = next(doc for doc in yaml.safe_load_all(DEPLOY_CONFIG.read_text()) if doc["kind"] == "ConfigMap")["data"]
    with pytest.raises(ValueError, match="placeholder"):
        GamesSettings(**PRODUCTION, public_url=config["GAMES_PUBLIC_URL"])
    with pytest.raises(ValueError, match="placeholder"):
        GamesSettings(**PRODUCTION, public_url="https://portal.example.com", hub88_url=config["GAMES_HUB88_URL"])

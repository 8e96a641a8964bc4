"""Settings: shared variables and the refusal of default secrets in production (pure, no I/O)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from pydantic_settings import SettingsConfigDict

from portal_kit.i18n import Translator, resolve_language
from portal_kit.messaging.consumer import backoff_delay
from portal_kit.settings import ServiceSettings


class DemoSettings(ServiceSettings):
    model_config = SettingsConfigDict(env_prefix="DEMO_", extra="ignore")


def test_production_refuses_the_default_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEMO_ENVIRONMENT", "production")
    with pytest.raises(ValidationError, match="secret_key and payload_secret must be set"):
        DemoSettings()
    monkeypatch.setenv("DEMO_SECRET_KEY", "a-real-secret")
    with pytest.raises(ValidationError, match="payload_secret must be set"):
        DemoSettings()
    monkeypatch.setenv("PAYLOAD_SECRET", "another-real-secret")
    assert DemoSettings().is_production


@pytest.mark.parametrize("name", ["prod", "Production", "staging", "live", " PRODUCTION "])
def test_any_environment_but_development_or_test_is_guarded_as_production(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setenv("DEMO_ENVIRONMENT", name)
    with pytest.raises(ValidationError, match="must be set in production"):
        DemoSettings()


@pytest.mark.parametrize("name", ["development", "test"])
def test_development_and_test_keep_their_defaults(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv("DEMO_ENVIRONMENT", name)
    assert not DemoSettings().is_production


def test_shared_variables_apply_unless_the_service_overrides_them(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NATS_URL", "nats://shared:4222")
    monkeypatch.setenv("DEMO_DATABASE_URL", "postgresql://db/demo")
    settings = DemoSettings()
    assert settings.nats_url == "nats://shared:4222"
    assert settings.database_url == "postgresql://db/demo"
    monkeypatch.setenv("DEMO_NATS_URL", "nats://own:4222")
    assert DemoSettings().nats_url == "nats://own:4222"


def test_language_resolution() -> None:
    assert resolve_language(None) == "TR"
    assert resolve_language(" en ") == "EN"
    assert resolve_language("JA") is None


def test_translator_falls_back_to_turkish_and_fills_parameters() -> None:
    translate = Translator({"x.y": {"TR": "Sınır {n}", "EN": "Limit {n}"}})
    assert translate("x.y", "CN", n=3) == "Sınır 3"
    assert translate("x.y", "EN", n=3) == "Limit 3"
    assert translate("unknown.code", "EN") == "unknown.code"


def test_backoff_grows_and_then_repeats_its_last_step() -> None:
    steps = (1.0, 5.0, 30.0)
    assert [backoff_delay(n, steps) for n in (1, 2, 3, 4, 9)] == [1.0, 5.0, 30.0, 30.0, 30.0]

"""The raffles' pure rules without I/O: the UTC days a turnover condition counts, the sum and the shortfall, and the
seed keys' settings (a malformed key refused wherever the settings are read; the development key refused outside
development and tests, as the lottery's)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from pydantic import ValidationError

from points_service.raffles.domain import shown_amount, turnover_days, turnover_in, turnover_short
from points_service.raffles.keys import SeedKeys, SeedKeysRefused, seed_label
from points_service.settings import DEVELOPMENT_SEED_KEY, PointsSettings
from portal_kit.fairness import commitment, derive_seed

PRODUCTION = {"environment": "production", "secret_key": "s" * 40, "payload_secret": "p" * 40}
KEY = "ab" * 32


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def test_the_days_counted_run_from_the_opening_day_through_today_and_no_later_than_the_close() -> None:
    opens, closes = at("2026-11-20T23:30:00+00:00"), at("2026-11-30T00:00:00+00:00")
    assert turnover_days(opens, closes, at("2026-11-27T10:00:00+00:00")) == (date(2026, 11, 20), date(2026, 11, 27))
    # The close excluded: a close at midnight ends the day before; a later "now" does not go past it.
    assert turnover_days(opens, closes, at("2026-12-05T10:00:00+00:00")) == (date(2026, 11, 20), date(2026, 11, 29))
    # Days are UTC days, whatever the time zone the times are given in.
    istanbul = timezone(timedelta(hours=3))
    assert turnover_days(at("2026-11-21T01:00:00+03:00"), closes, datetime(2026, 11, 21, 2, tzinfo=istanbul)) == (
        date(2026, 11, 20), date(2026, 11, 20)
    )  # fmt: skip
    first, last = turnover_days(opens, closes, at("2026-11-19T10:00:00+00:00"))  # before the opening: no day
    assert first > last and turnover_in({date(2026, 11, 19): 5, date(2026, 11, 20): 7}, first, last) == 0


def test_the_turnover_sums_the_days_in_range_and_is_short_below_the_minimum() -> None:
    stakes = {date(2026, 11, 19): 90_000, date(2026, 11, 20): 30_000, date(2026, 11, 22): 15_000}
    assert turnover_in(stakes, date(2026, 11, 20), date(2026, 11, 22)) == 45_000
    assert turnover_in({}, date(2026, 11, 20), date(2026, 11, 22)) == 0
    assert turnover_short(50_000, 45_000) and not turnover_short(45_000, 45_000) and not turnover_short(0, 0)
    assert (shown_amount(50_000), shown_amount(123_456_705), shown_amount(0)) == ("500.00", "1,234,567.05", "0.00")


def test_a_raffles_seed_is_derived_from_its_id_under_the_key_and_checked_against_its_hash() -> None:
    keys = SeedKeys.of(PointsSettings(**PRODUCTION, seed_key=KEY, seed_key_id="k1", old_seed_keys={"k0": "cd" * 32}))
    assert keys.held == ["k0", "k1"] and seed_label(7) == "points:raffle:7"
    seed = keys.new_seed(7)
    assert seed == derive_seed(bytes.fromhex(KEY), "points:raffle:7") and len(seed) == 32
    assert keys.seed("k1", 7, commitment(seed)) == seed
    old = derive_seed(bytes.fromhex("cd" * 32), "points:raffle:3")
    assert keys.seed("k0", 3, commitment(old)) == old  # a retired key still draws its raffles
    assert keys.seed("k1", 3, commitment(old)) is None  # another key than the raffle's
    assert keys.seed("k9", 7, commitment(seed)) is None  # a key not held


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seed_key": "zz" * 32}, "is not hexadecimal"),
        ({"seed_key": "ab" * 16}, "shorter than 32 bytes"),
        ({"old_seed_keys": {"k0": "abc"}}, "is not hexadecimal"),
        ({"seed_key_id": ""}, "1 to 16 characters"),
        ({"seed_key_id": "k" * 17}, "1 to 16 characters"),
        ({"seed_key_id": "k1", "old_seed_keys": {"k1": "cd" * 32}}, "names two different keys"),
    ],
)
def test_malformed_seed_keys_are_refused_wherever_the_settings_are_read(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        PointsSettings(**{"seed_key": KEY, **changes})


def test_the_development_key_is_refused_outside_development_and_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ENVIRONMENT", "POINTS_ENVIRONMENT"):
        monkeypatch.delenv(name, raising=False)
    for settings in (
        PointsSettings(**PRODUCTION),  # unset: the development key
        PointsSettings(**PRODUCTION, seed_key=DEVELOPMENT_SEED_KEY),
        PointsSettings(**PRODUCTION, seed_key=KEY, seed_key_id="k1", old_seed_keys={"dev": DEVELOPMENT_SEED_KEY}),
        PointsSettings(**{**PRODUCTION, "environment": "staging"}),
        PointsSettings(),  # an environment nobody named: refused too (a deployment that forgot POINTS_ENVIRONMENT)
    ):
        with pytest.raises(SeedKeysRefused, match="POINTS_SEED_KEY must be set"):
            SeedKeys.of(settings)
    assert SeedKeys.of(PointsSettings(environment="development")).current_id == "dev"
    assert SeedKeys.of(PointsSettings(environment="test")).keys == {"dev": bytes.fromhex(DEVELOPMENT_SEED_KEY)}
    assert SeedKeys.of(PointsSettings(**PRODUCTION, seed_key=KEY, seed_key_id="k1")).held == ["k1"]
    assert datetime.now(UTC)  # the rules above read no clock

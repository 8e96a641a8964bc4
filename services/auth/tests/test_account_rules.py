"""Pure rules of accounts and challenges (no I/O)."""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, date, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from auth_service.accounts.domain import check_fields, is_adult, parse_birthday, password_expired
from auth_service.challenges import leading_zero_bits, solve, solves
from auth_service.i18n import rule_text
from site_service.config.domain import PATTERNS

RULES = {
    "username": {
        "enabled": True,
        "required": True,
        "patternId": 1,
        "acceptedPattern": r"^[A-Za-z][A-Za-z0-9]*$",
        "minLength": 6,
        "maxLength": 16,
    },
    "password": {
        "enabled": True,
        "required": True,
        "patternId": 5,
        "acceptedPattern": r"^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$",
        "minLength": 6,
        "maxLength": 20,
    },
    "confirmPassword": {
        "enabled": True,
        "required": True,
        "patternId": 5,
        "acceptedPattern": r"^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$",
        "minLength": 6,
        "maxLength": 20,
    },
    "qqNum": {
        "enabled": False,
        "required": True,
        "patternId": 6,
        "acceptedPattern": r"^[0-9]+$",
        "minLength": 5,
        "maxLength": 12,
    },
    "birthday": {
        "enabled": True,
        "required": False,
        "patternId": 11,
        "acceptedPattern": r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$",
        "minLength": 10,
        "maxLength": 10,
    },
    "captcha": {
        "enabled": True,
        "required": True,
        "patternId": 4,
        "acceptedPattern": r"^[A-Za-z0-9]+$",
        "minLength": 4,
        "maxLength": 4,
    },
}
TODAY = date(2026, 11, 22)


def codes(values: dict[str, str]) -> list[tuple[str, str]]:
    return [(problem.field, problem.code) for problem in check_fields(RULES, values, TODAY)]


def test_a_good_registration_has_no_problem() -> None:
    assert (
        codes({"username": "ayse1990", "password": "abc123", "confirmPassword": "abc123", "birthday": "1990-01-01"})
        == []
    )


def test_required_invalid_mismatch_and_disabled_fields() -> None:
    assert codes({"password": "abc123", "confirmPassword": "abc124"}) == [
        ("username", "register.field.required"),
        ("confirmPassword", "register.password.mismatch"),
    ]
    assert codes({"username": "1ayse", "password": "abcdef", "confirmPassword": "abcdef"}) == [
        ("username", "register.field.invalid"),
        ("password", "register.field.invalid"),
        ("confirmPassword", "register.field.invalid"),
    ]
    # qqNum is required by its rule but not enabled: ignored; the captcha is a flow of its own.
    assert codes({"username": "ayse1990", "password": "abc123", "confirmPassword": "abc123", "qqNum": "x"}) == []


def test_length_bounds_are_inclusive() -> None:
    assert codes({"username": "abcdef", "password": "abc123", "confirmPassword": "abc123"}) == []
    assert codes({"username": "abcde", "password": "abc123", "confirmPassword": "abc123"}) == [
        ("username", "register.field.invalid")
    ]
    assert codes({"username": "a" * 17, "password": "abc123", "confirmPassword": "abc123"}) == [
        ("username", "register.field.invalid")
    ]


def test_age_is_18_or_over_on_the_day() -> None:
    assert is_adult(date(2008, 11, 22), TODAY)
    assert not is_adult(date(2008, 11, 23), TODAY)
    assert codes(
        {"username": "ayse1990", "password": "abc123", "confirmPassword": "abc123", "birthday": "2010-01-01"}
    ) == [("birthday", "register.age")]
    assert parse_birthday("02-29-2000") == date(2000, 2, 29)
    assert parse_birthday("2001-02-29") is None


def test_rule_text_names_a_single_length_when_min_equals_max() -> None:
    assert rule_text(6, 6, 6, "EN") == "6 characters, digits only"
    assert rule_text(1, 6, 16, "EN") == "6-16 characters, starts with a letter, letters and digits only"
    assert rule_text(6, 6, 6, "TR") == "6 karakter, yalnızca rakam"


def test_password_age() -> None:
    now = datetime(2026, 11, 22, tzinfo=UTC)
    assert password_expired(now - timedelta(days=91), now, 90)
    assert not password_expired(now - timedelta(days=89), now, 90)


@given(st.binary(min_size=32, max_size=32))
def test_leading_zero_bits_counts_bits(digest: bytes) -> None:
    value = int.from_bytes(digest, "big")
    assert leading_zero_bits(digest) == 256 - value.bit_length()


def test_proof_of_work_is_solvable_and_checked() -> None:
    nonce = solve("abc", 10)
    assert solves("abc", nonce, 10)
    assert leading_zero_bits(hashlib.sha256(("abc" + nonce).encode()).digest()) >= 10
    assert not solves("abd", nonce, 40)


PATTERN_RULES = {
    pattern_id: {
        "enabled": True,
        "required": False,
        "patternId": pattern_id,
        "acceptedPattern": pattern,
        "minLength": 0,
        "maxLength": 30,
    }
    for pattern_id, pattern in PATTERNS.items()
}


@given(st.sampled_from(sorted(PATTERNS)), st.text(max_size=40))
def test_every_pattern_id_is_applied_exactly_as_its_regular_expression(pattern_id: int, value: str) -> None:
    rules = {"nickname": PATTERN_RULES[pattern_id]}
    problems = check_fields(rules, {"nickname": value}, TODAY)
    expected_ok = value == "" or (len(value) <= 30 and re.fullmatch(PATTERNS[pattern_id], value) is not None)
    assert (problems == []) == expected_ok

"""Pure rules: registration patterns (spec §5), system status, notice audiences. No I/O."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portal_kit.sessions import Role
from portal_kit.site import StatusInputs, SystemStatus, system_status
from site_service.config.domain import PATTERNS, matches_pattern
from site_service.content.domain import NoticeType, PopupExecution, parse_types, popup_audience

CASES: dict[int, tuple[list[str], list[str]]] = {
    0: (["anything goes 1!", "", "çğış 中文"], []),
    1: (["ali123", "Zed"], ["1ali", "ali_1", "ali 1", "阿里"]),
    2: (["Ali", "李雷", "Li雷"], ["Ali1", "Ali Veli", "a-b"]),
    3: (["ayse@example.com", "a.b+c@mail.co.uk"], ["ayse@", "@example.com", "a b@example.com", "ayse@example"]),
    4: (["abc123", "ABC", "123"], ["abc 123", "abc_1", "abc中"]),
    5: (["abc123", "1a"], ["abcdef", "123456", "abc-123"]),
    6: (["0123456789"], ["12a", "", "１２３"]),
    7: (["Abc123", "1A"], ["abc123", "ABCDEF", "Abc-123"]),
    8: (["Ali Veli", "abc"], ["Ali1", "Ali-Veli", "阿里"]),
    9: (["a-b_c!", "x"], ["a b", "", "a\tb"]),
    10: (["中文！", "李雷,韩梅梅"], ["abc", "中文abc"]),
    11: (["2000-02-29", "1999-12-31"], ["1999-13-01", "31-12-1999", "1999-1-1"]),
    12: (["Al", "A B", "Ali Veli"], ["A", "A1", "A "]),
    13: (["12-31-1999"], ["1999-12-31", "13-01-1999"]),
    14: (["abc123", "A1"], ["123abc", "abc", "123", "a1b"]),
    15: (["한국어", "안녕"], ["hangul", "中文", "한국 어"]),
}


@pytest.mark.parametrize("pattern_id", sorted(PATTERNS))
def test_every_pattern_accepts_and_refuses_what_spec_5_says(pattern_id: int) -> None:
    accepted, refused = CASES[pattern_id]
    for value in accepted:
        assert matches_pattern(pattern_id, value), (pattern_id, value)
    for value in refused:
        assert not matches_pattern(pattern_id, value), (pattern_id, value)


def test_patterns_cover_ids_0_to_15_and_stay_javascript_compatible() -> None:
    assert sorted(PATTERNS) == list(range(16))
    for pattern in PATTERNS.values():
        # Constructs JavaScript reads differently are kept out: named groups, possessive quantifiers, \A \Z.
        assert not re.search(r"\(\?P|\\A|\\Z|\+\+|\*\+", pattern), pattern


@given(st.text(alphabet=st.characters(categories=["Nd"]), min_size=1))
def test_digits_only_refuses_non_ascii_digits(value: str) -> None:
    assert matches_pattern(6, value) == all("0" <= char <= "9" for char in value)


@given(st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,20}", fullmatch=True))
def test_pattern_1_accepts_every_letter_led_alphanumeric(value: str) -> None:
    assert matches_pattern(1, value)


NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def test_maintenance_wins_until_its_end_time_passes() -> None:
    open_ended = StatusInputs(maintenance=True, maintenance_end=None, blocked_networks=("10.0.0.0/8",))
    ending = StatusInputs(maintenance=True, maintenance_end=NOW + timedelta(hours=1), blocked_networks=())
    ended = StatusInputs(maintenance=True, maintenance_end=NOW - timedelta(seconds=1), blocked_networks=())
    assert system_status(open_ended, "10.1.2.3", NOW) is SystemStatus.MAINTENANCE
    assert system_status(ending, None, NOW) is SystemStatus.MAINTENANCE
    assert system_status(ended, None, NOW) is SystemStatus.NORMAL


def test_region_restriction_by_network() -> None:
    inputs = StatusInputs(maintenance=False, maintenance_end=None, blocked_networks=("203.0.113.0/24", "2001:db8::/32"))
    assert system_status(inputs, "203.0.113.9", NOW) is SystemStatus.REGION_RESTRICTED
    assert system_status(inputs, "2001:db8::1", NOW) is SystemStatus.REGION_RESTRICTED
    assert system_status(inputs, "198.51.100.1", NOW) is SystemStatus.NORMAL
    assert system_status(inputs, "not-an-ip", NOW) is SystemStatus.NORMAL


def test_popup_audiences() -> None:
    assert popup_audience(Role.VISITOR, first_login=True) == {PopupExecution.ANONYMOUS}
    assert popup_audience(Role.MEMBER, first_login=False) == {PopupExecution.SIGNED_IN}
    assert popup_audience(Role.AGENT, first_login=True) == {PopupExecution.SIGNED_IN, PopupExecution.FIRST_LOGIN}


def test_notice_types_parse() -> None:
    assert parse_types("b, pl") == [NoticeType.BROADCAST, NoticeType.PLATFORM]
    assert parse_types(None) == list(NoticeType)
    assert parse_types("B,XX") is None

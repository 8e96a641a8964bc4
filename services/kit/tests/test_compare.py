from __future__ import annotations

import pytest

from portal_kit.compare import same_secret


@pytest.mark.parametrize("given", ["123456", "12345", "１２３４５６", "ğüşıöç", "\x00", "", "🎰🎰🎰"])
def test_any_text_is_compared_without_raising(given: str) -> None:
    assert same_secret("123456", given) is (given == "123456")


def test_bytes_and_text_compare_alike() -> None:
    assert same_secret(b"abc", "abc") and not same_secret("abc", b"abd")

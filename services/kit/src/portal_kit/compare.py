"""Comparing a secret with what a caller sent, in constant time, whatever the caller sent: the standard
library's ``compare_digest`` raises on text outside ASCII, which would turn a guess into a 500."""

from __future__ import annotations

import hmac


def same_secret(expected: str | bytes, given: str | bytes) -> bool:
    left = expected.encode() if isinstance(expected, str) else expected
    right = given.encode() if isinstance(given, str) else given
    return hmac.compare_digest(left, right)

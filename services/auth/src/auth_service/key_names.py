"""Personal data in Valkey key names only as a keyed hash: the rule lives in the kit (``portal_kit.key_names``),
shared with the other services that name counters after people or addresses."""

from __future__ import annotations

from portal_kit.key_names import hidden

__all__ = ["hidden"]

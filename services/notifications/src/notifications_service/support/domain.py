"""The rule of a chat address: an absolute https URL to someone else's chat page, nothing a browser would run."""

from __future__ import annotations

from urllib.parse import urlsplit


def checked_chat_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme != "https" or not parts.hostname or parts.username or parts.password:
        raise ValueError("an https address of the chat page")
    return url

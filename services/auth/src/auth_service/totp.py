"""Time-based one-time passwords (RFC 6238, SHA-1, 6 digits, 30 s steps), as authenticator apps use them.

The shared secret is stored encrypted (AES-GCM under a key derived from ``AUTH_SECRET_KEY``), so a database
dump alone does not give anyone the codes."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import struct
from urllib.parse import quote

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from portal_kit.compare import same_secret

STEP_SECONDS = 30
DIGITS = 6


def new_secret() -> str:
    return base64.b32encode(secrets.token_bytes(20)).decode().rstrip("=")


def code_at(secret: str, unix_time: float, digits: int = DIGITS) -> str:
    key = base64.b32decode(secret + "=" * (-len(secret) % 8), casefold=True)
    counter = struct.pack(">Q", int(unix_time // STEP_SECONDS))
    digest = hmac.new(key, counter, hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    number = struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF
    return str(number % 10**digits).zfill(digits)


def matching_step(secret: str, code: str, unix_time: float, window: int = 1) -> int | None:
    """The time step whose code ``code`` is (this one or ``window`` either side), or None. A caller that
    remembers the last step used can refuse a code seen before (a replay within its window)."""
    code = code.strip()
    for offset in range(-window, window + 1):
        at = unix_time + offset * STEP_SECONDS
        if same_secret(code_at(secret, at), code):
            return int(at // STEP_SECONDS)
    return None


def provisioning_uri(secret: str, account: str, issuer: str) -> str:
    return f"otpauth://totp/{quote(issuer)}:{quote(account)}?secret={secret}&issuer={quote(issuer)}&digits={DIGITS}&period={STEP_SECONDS}"


def _key(app_secret: str) -> bytes:
    return hashlib.sha256(b"portal-totp:" + app_secret.encode()).digest()


def seal(secret: str, app_secret: str) -> str:
    nonce = os.urandom(12)
    return base64.b64encode(nonce + AESGCM(_key(app_secret)).encrypt(nonce, secret.encode(), None)).decode()


def unseal(sealed: str, app_secret: str) -> str:
    raw = base64.b64decode(sealed)
    return AESGCM(_key(app_secret)).decrypt(raw[:12], raw[12:], None).decode()

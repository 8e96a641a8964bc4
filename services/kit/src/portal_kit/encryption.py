"""Encrypted request bodies (ARCHITECTURE §3, calls marked (E) in the spec).

``GET /wps/session/key/rsa`` gives ``{keyId, publicKey}`` (PEM, RSA 2048). The client sends
``{"value": base64(N || AES-256-GCM(K, N, plaintext, aad))}`` with headers ``Encryption: base64(RSA-OAEP-SHA256(K))``
and ``Encryption-Key-Id``; K is 32 bytes; the plaintext is the JSON payload plus ``ts`` (ms since the epoch) and
``nonce`` (16+ characters); the additional authenticated data ``aad`` is the call's method and path
(``"POST /wps/session/login"``), so a sealed body cannot be replayed to another call. Refused with a 400 envelope: a body that does not decrypt (``payload.invalid``), a ``ts``
more than 60 s away (``payload.stale``), a nonce seen in the last 120 s (``payload.replayed``).

Keys live in Valkey so every replica and every service that opens sealed bodies shares them, each private key
encrypted under the shared ``payload_secret`` (whoever reads Valkey does not get the keys); the current key rotates
daily and the previous one keeps working for an hour. Only auth, which hands the public key out, makes and rotates
them (``rsa:current``, ``rsa:key:<id>``); the other services that open sealed bodies only read them (their Valkey
users may not write there: ``portal_stack.access``).

Each service claims the nonces it saw under its own prefix (``<service>:payload-nonce:<nonce>``), inside the keys
its Valkey user owns. A sealed body is bound to its call's method and path, and one service serves each call, so a
body replayed anywhere else does not even decrypt: a nonce set per service refuses every replay a shared set did.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from fastapi import Request
from pydantic import BaseModel, ValidationError
from redis.asyncio import Redis

from portal_kit.errors import DomainError
from portal_kit.valkey_link import as_int, as_str

MAX_SKEW_MS = 60_000
NONCE_TTL_SECONDS = 120
ROTATE_SECONDS = 24 * 3600
GRACE_SECONDS = 3600
_OAEP = padding.OAEP(mgf=padding.MGF1(algorithm=hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
Model = TypeVar("Model", bound=BaseModel)


class PayloadKeys:
    def __init__(
        self,
        valkey: Redis,
        secret: str,
        service: str,
        rotate_seconds: int = ROTATE_SECONDS,
        grace_seconds: int = GRACE_SECONDS,
    ) -> None:
        """``service``: the prefix of the nonces this service claims (its own keys in Valkey)."""
        self.valkey = valkey
        self._secret = secret.encode()
        self.service = service
        self.rotate_seconds = rotate_seconds
        self.grace_seconds = grace_seconds
        self._loaded: dict[str, rsa.RSAPrivateKey] = {}
        self._loading = asyncio.Lock()

    async def current(self) -> tuple[str, str]:
        """The current key id and public key (PEM), making a new key when the last one is due: auth's alone (it
        hands the key out; no other service's Valkey user may write the keys)."""
        key_id = as_str(await self.valkey.get("rsa:current"))
        if key_id is None:
            candidate = secrets.token_hex(8)
            private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            pem = private.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.BestAvailableEncryption(self._secret),
            ).decode()
            await self.valkey.set(_key_name(candidate), pem, ex=self.rotate_seconds + self.grace_seconds)
            # Only one replica's key becomes current; the others adopt it.
            if await self.valkey.set("rsa:current", candidate, ex=self.rotate_seconds, nx=True):
                key_id = candidate
            else:
                key_id = as_str(await self.valkey.get("rsa:current")) or candidate
        private_key = await self.private_key(key_id)
        if private_key is None:
            await self.valkey.delete("rsa:current")
            return await self.current()
        public = private_key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
        return key_id, public.decode()

    async def private_key(self, key_id: str, *, confirm: bool = True) -> rsa.RSAPrivateKey | None:
        """The private key of ``key_id`` while it is live in Valkey. With ``confirm=False`` a key this process
        has already unsealed is returned without asking Valkey: the caller confirms it with ``claim`` (one
        round trip for both)."""
        if key_id in self._loaded:
            if not confirm or await self.valkey.exists(_key_name(key_id)):
                return self._loaded[key_id]
            self._loaded.pop(key_id, None)
            return None
        # Unsealing a key is a deliberately slow key derivation: the calls that arrive together after a start or a
        # rotation wait for one unsealing (in a thread, so the loop keeps serving) instead of each doing it.
        async with self._loading:
            if key_id in self._loaded:
                return self._loaded[key_id]
            pem = as_str(await self.valkey.get(_key_name(key_id)))
            if pem is None:
                return None
            try:
                key = await asyncio.to_thread(
                    serialization.load_pem_private_key,
                    pem.encode(),
                    password=self._secret,
                )
            except (ValueError, TypeError):  # not ours (another secret, or a key stored before keys were sealed)
                return None
            assert isinstance(key, rsa.RSAPrivateKey)
            self._loaded[key_id] = key
            return key

    async def claim(self, key_id: str, nonce: str) -> None:
        """Confirm that ``key_id`` is still live and claim ``nonce`` for ``NONCE_TTL_SECONDS``, in one round trip
        (a pipeline, not a script: a script's keys count as written, and only auth may write the keys):
        ``payload.invalid`` once the key is gone (it is forgotten here too), ``payload.replayed`` for a nonce
        already claimed. A nonce sent with a key that is gone stays claimed: its body is refused either way."""
        async with self.valkey.pipeline(transaction=False) as pipe:
            pipe.exists(_key_name(key_id))
            pipe.set(nonce_key(self.service, nonce), "1", ex=NONCE_TTL_SECONDS, nx=True)
            live, claimed = await pipe.execute()
        if not as_int(live):
            self._loaded.pop(key_id, None)
            raise DomainError("payload.invalid")
        if claimed is None:
            raise DomainError("payload.replayed")


def _key_name(key_id: str) -> str:
    return f"rsa:key:{key_id}"


def nonce_key(service: str, nonce: str) -> str:
    """Where ``service`` claims a sealed body's nonce: under its own prefix."""
    return f"{service}:payload-nonce:{nonce}"


def binding(method: str, path: str) -> bytes:
    """What a sealed body is bound to: its call's method and path."""
    return f"{method.upper()} {path}".encode()


async def decrypt(
    keys: PayloadKeys, body: Any, encrypted_key: str | None, key_id: str | None, bound_to: bytes
) -> dict[str, Any]:
    if not isinstance(body, dict) or not isinstance(body.get("value"), str) or not encrypted_key or not key_id:
        raise DomainError("payload.invalid")
    private_key = await keys.private_key(key_id, confirm=False)
    if private_key is None:
        raise DomainError("payload.invalid")
    try:
        aes_key = private_key.decrypt(base64.b64decode(encrypted_key, validate=True), _OAEP)
        if len(aes_key) != 32:  # AES-256 only: a 16- or 24-byte key is refused, never used
            raise ValueError("not an AES-256 key")
        sealed = base64.b64decode(body["value"], validate=True)
        plaintext = AESGCM(aes_key).decrypt(sealed[:12], sealed[12:], bound_to)
        payload = json.loads(plaintext)
    except (ValueError, InvalidTag, binascii.Error, json.JSONDecodeError):
        raise DomainError("payload.invalid") from None
    if not isinstance(payload, dict):
        raise DomainError("payload.invalid")
    ts, nonce = payload.pop("ts", None), payload.pop("nonce", None)
    if not isinstance(ts, int) or abs(time.time() * 1000 - ts) > MAX_SKEW_MS:
        raise DomainError("payload.stale")
    if not isinstance(nonce, str) or len(nonce) < 16 or len(nonce) > 128:
        raise DomainError("payload.invalid")
    await keys.claim(key_id, nonce)
    return payload


class SealedBody(BaseModel):
    """The wire form of an (E) body: ``base64(N || AES-256-GCM(K, N, plaintext))``; the plaintext is the
    operation's ``x-encrypted-payload`` model plus ``ts`` and ``nonce``."""

    value: str


ENCRYPTED_MODEL_ATTRIBUTE = "encrypted_model"


def encrypted_body(model: type[Model]) -> Callable[[Request], Awaitable[Model]]:
    """A dependency: decrypt the request body and validate it as ``model`` (400 ``validation.failed`` naming
    the first bad field). The app's OpenAPI document shows the body as ``SealedBody`` and names ``model`` as
    the operation's ``x-encrypted-payload``."""

    async def dependency(request: Request) -> Model:
        try:
            body = await request.json()
        except ValueError:
            raise DomainError("payload.invalid") from None
        payload = await decrypt(
            request.app.state.payload_keys,
            body,
            request.headers.get("encryption"),
            request.headers.get("encryption-key-id"),
            binding(request.method, request.url.path),
        )
        try:
            return model.model_validate(payload)
        except ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(part) for part in first["loc"])
            raise DomainError("validation.failed", field=field, reason=first["msg"]) from None

    setattr(dependency, ENCRYPTED_MODEL_ATTRIBUTE, model)
    return dependency


def encrypt(
    public_pem: str, key_id: str, payload: dict[str, Any], *, method: str, path: str, ts: int | None = None
) -> tuple[dict[str, str], dict[str, str]]:
    """What a client does (used by Python clients and tests): the body and the headers of an (E) call."""
    public_key = serialization.load_pem_public_key(public_pem.encode())
    assert isinstance(public_key, rsa.RSAPublicKey)
    aes_key, nonce = AESGCM.generate_key(bit_length=256), os.urandom(12)
    plaintext = {**payload, "ts": ts if ts is not None else int(time.time() * 1000), "nonce": secrets.token_urlsafe(16)}
    sealed = nonce + AESGCM(aes_key).encrypt(nonce, json.dumps(plaintext).encode(), binding(method, path))
    headers = {
        "Encryption": base64.b64encode(public_key.encrypt(aes_key, _OAEP)).decode(),
        "Encryption-Key-Id": key_id,
    }
    return {"value": base64.b64encode(sealed).decode()}, headers

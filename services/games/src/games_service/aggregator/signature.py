"""The ``X-Hub88-Signature`` header: RSA-SHA256 (PKCS#1 v1.5) over the raw request body, base64-encoded,
made with the aggregator's private key and checked with its public key before anything else is read."""

from __future__ import annotations

import base64
import binascii

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa


def load_public_key(pem: str) -> rsa.RSAPublicKey | None:
    """The configured public key, or None when there is none (then every call is refused)."""
    if not pem.strip():
        return None
    key = serialization.load_pem_public_key(pem.encode())
    if not isinstance(key, rsa.RSAPublicKey):
        raise ValueError("the aggregator's public key must be an RSA key")
    return key


def verified(key: rsa.RSAPublicKey | None, body: bytes, header: str | None) -> bool:
    if key is None or not header:
        return False
    try:
        signature = base64.b64decode(header, validate=True)
        key.verify(signature, body, padding.PKCS1v15(), hashes.SHA256())
    except (InvalidSignature, binascii.Error, ValueError):
        return False
    return True


def sign(private_key: rsa.RSAPrivateKey, body: bytes) -> str:
    """What the aggregator (and its simulator) puts in the header."""
    return base64.b64encode(private_key.sign(body, padding.PKCS1v15(), hashes.SHA256())).decode()


def load_private_key(pem: str) -> rsa.RSAPrivateKey | None:
    """The simulator's signing key, or None when there is none."""
    if not pem.strip():
        return None
    key = serialization.load_pem_private_key(pem.encode(), password=None)
    if not isinstance(key, rsa.RSAPrivateKey):
        raise ValueError("the aggregator's private key must be an RSA key")
    return key

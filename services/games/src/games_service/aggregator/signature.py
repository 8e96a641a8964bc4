"""The ``X-Hub88-Signature`` header: RSA-SHA256 (PKCS#1 v1.5) over the raw request body, base64-encoded. Both
ways: the aggregator signs its Wallet API calls with its private key and the operator checks them with its
public key before anything else is read; the operator signs its Games API calls with its own private key and
the aggregator checks them with the operator's public key."""

from __future__ import annotations

import base64
import binascii

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa


def load_public_key(pem: str) -> rsa.RSAPublicKey | None:
    """A configured public key, or None when there is none (then every call it would check is refused)."""
    if not pem.strip():
        return None
    key = serialization.load_pem_public_key(pem.encode())
    if not isinstance(key, rsa.RSAPublicKey):
        raise ValueError("a Hub88 signature key must be an RSA key")
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
    """What the signer puts in the header."""
    return base64.b64encode(private_key.sign(body, padding.PKCS1v15(), hashes.SHA256())).decode()


def load_private_key(pem: str) -> rsa.RSAPrivateKey | None:
    """A configured signing key, or None when there is none."""
    if not pem.strip():
        return None
    key = serialization.load_pem_private_key(pem.encode(), password=None)
    if not isinstance(key, rsa.RSAPrivateKey):
        raise ValueError("a Hub88 signature key must be an RSA key")
    return key

"""Images members send with a request (a withdrawal's proofs of non-receipt, an activity application's screenshots):
base64 or data URLs in the JSON body, png or jpg by their first bytes, each under 5 MB, at most three. One rule for
every service; each names its refusals by its own prefix (``<prefix>.too_many``, ``.too_large``, ``.type_invalid``)."""

from __future__ import annotations

import base64
import binascii

from portal_kit.errors import DomainError

MAX_IMAGES = 3
MAX_IMAGE_BYTES = 5 * 1024 * 1024
_SIGNATURES = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg"}


def body_bytes(count: int = MAX_IMAGES, size: int = MAX_IMAGE_BYTES) -> int:
    """The largest body carrying ``count`` images of ``size`` in base64 (4 characters per 3 bytes), with room for the
    rest of it (for ``portal_kit.app.body_limit``)."""
    return count * (size + 2) // 3 * 4 + 16 * 1024


def image_type(data: bytes, *, prefix: str, max_bytes: int = MAX_IMAGE_BYTES) -> str:
    """The type of an image, from its first bytes: png or jpg, under ``max_bytes``."""
    if len(data) >= max_bytes:
        raise DomainError(f"{prefix}.too_large")
    for signature, content_type in _SIGNATURES.items():
        if data.startswith(signature):
            return content_type
    raise DomainError(f"{prefix}.type_invalid")


def decoded_images(raw: list[str], *, prefix: str, max_count: int = MAX_IMAGES) -> list[tuple[str, bytes]]:
    """Each image's type and bytes, or the refusal of the first that is not an image the portal takes."""
    if len(raw) > max_count:
        raise DomainError(f"{prefix}.too_many")
    images = []
    for item in raw:
        try:
            data = base64.b64decode(item.split(",", 1)[-1], validate=True)  # a data URL or bare base64
        except (binascii.Error, ValueError):
            raise DomainError(f"{prefix}.type_invalid") from None
        images.append((image_type(data, prefix=prefix), data))
    return images

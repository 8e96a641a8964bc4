"""Generated game icons: an SVG tile per game (a gradient from the game code's hash, the game's initials)."""

from __future__ import annotations

import hashlib
from html import escape


def icon_svg(game_code: str, name: str) -> str:
    digest = hashlib.sha256(game_code.encode()).digest()
    hue, shift = digest[0] * 360 // 256, 40 + digest[1] % 80
    initials = escape("".join(word[0] for word in name.split()[:2]).upper() or "?")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">'
        f'<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl({hue},70%,45%)"/>'
        f'<stop offset="1" stop-color="hsl({(hue + shift) % 360},75%,30%)"/></linearGradient></defs>'
        '<rect width="240" height="240" rx="28" fill="url(#g)"/>'
        f'<text x="120" y="140" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff" '
        f'text-anchor="middle">{initials}</text></svg>'
    )

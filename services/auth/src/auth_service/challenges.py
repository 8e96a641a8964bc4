"""Captcha images and the proof-of-work bot check, both one-time and kept in Redis.

Captcha: ``GET /wps/captcha`` gives ``{captchaId, image}`` (a base64 PNG data URI, 4 characters, valid 5
minutes, refresh at most once a second per address). Bot check: ``GET /wps/botcheck/challenge`` gives
``{challengeId, prefix, difficulty}``; the client finds a ``nonce`` such that SHA-256(prefix + nonce) starts
with ``difficulty`` zero bits and sends ``botCheckId`` and ``botCheckNonce`` with register, SMS and password
login. Each challenge is consumed by its first check, right or wrong.
"""

from __future__ import annotations

import base64
import hashlib
import io
import secrets
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFilter, ImageFont
from redis.asyncio import Redis

from portal_kit.compare import same_secret
from portal_kit.valkey_link import as_str

CAPTCHA_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I look-alikes
CAPTCHA_TTL = 300
BOTCHECK_TTL = 300
ALGORITHM = "SHA-256"


class Captcha(NamedTuple):
    captcha_id: str
    image: str  # a base64 PNG data URI


class BotCheck(NamedTuple):
    challenge_id: str
    prefix: str
    difficulty: int


def captcha_image(text: str) -> str:
    width, height = 120, 44
    image = Image.new("RGB", (width, height), (246, 244, 240))
    draw = ImageDraw.Draw(image)
    rng = secrets.SystemRandom()
    for _ in range(6):
        draw.line(
            [(rng.randint(0, width), rng.randint(0, height)), (rng.randint(0, width), rng.randint(0, height))],
            fill=(rng.randint(120, 200), rng.randint(120, 200), rng.randint(120, 200)),
            width=1,
        )
    font = ImageFont.load_default(size=28)
    for index, char in enumerate(text):
        draw.text(
            (10 + index * 26, rng.randint(2, 10)), char, font=font, fill=(rng.randint(20, 90), 30, rng.randint(60, 140))
        )
    image = image.filter(ImageFilter.SMOOTH)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


async def new_captcha(valkey: Redis) -> Captcha:
    captcha_id = secrets.token_urlsafe(12)
    text = "".join(secrets.choice(CAPTCHA_ALPHABET) for _ in range(4))
    await valkey.set(f"captcha:{captcha_id}", text, ex=CAPTCHA_TTL)
    return Captcha(captcha_id, captcha_image(text))


async def captcha_matches(valkey: Redis, captcha_id: str | None, answer: str | None) -> bool:
    if not captcha_id or not answer:
        return False
    expected = as_str(await valkey.getdel(f"captcha:{captcha_id}"))
    return expected is not None and same_secret(expected, answer.strip().upper())


async def new_bot_check(valkey: Redis, difficulty: int) -> BotCheck:
    challenge_id, prefix = secrets.token_urlsafe(12), secrets.token_hex(16)
    await valkey.set(f"botcheck:{challenge_id}", f"{prefix}:{difficulty}", ex=BOTCHECK_TTL)
    return BotCheck(challenge_id, prefix, difficulty)


def leading_zero_bits(digest: bytes) -> int:
    bits = 0
    for byte in digest:
        if byte == 0:
            bits += 8
            continue
        return bits + 8 - byte.bit_length()
    return bits


def solves(prefix: str, nonce: str, difficulty: int) -> bool:
    return leading_zero_bits(hashlib.sha256((prefix + nonce).encode()).digest()) >= difficulty


async def bot_check_passes(valkey: Redis, challenge_id: str | None, nonce: str | None) -> bool:
    if not challenge_id or not nonce or len(nonce) > 64:
        return False
    stored = as_str(await valkey.getdel(f"botcheck:{challenge_id}"))
    if stored is None:
        return False
    prefix, difficulty = stored.rsplit(":", 1)
    return solves(prefix, nonce, int(difficulty))


def solve(prefix: str, difficulty: int) -> str:
    """What the browser does (used by Python clients and tests)."""
    counter = 0
    while not solves(prefix, str(counter), difficulty):
        counter += 1
    return str(counter)

"""The help centre's provably fair page: its worked examples recomputed from the rule it states, in each language,
and the page served to anyone (brands seeded before it was written get it at their next seed)."""

from __future__ import annotations

import hashlib
import hmac

import httpx
import pytest
from sqlalchemy import delete

from portal_kit.db import Database
from site_service.content import fairness_help
from site_service.content.models import HelpTopic
from site_service.seed import seed

LOTTERY_SEED = bytes(range(32))
DICE_SEED = bytes.fromhex("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")


def words(seed: bytes, context: str, block: int = 0) -> list[int]:
    """A reader's own arithmetic: the block's HMAC read as eight big-endian 32-bit words."""
    digest = hmac.new(seed, f"{context}:{block}".encode(), hashlib.sha256).digest()
    return [int.from_bytes(digest[at : at + 4], "big") for at in range(0, 32, 4)]


def below(word: int, n: int) -> int:
    assert word < 2**32 - 2**32 % n  # the examples' words are none of those skipped, as the page says
    return word % n


@pytest.mark.parametrize("language", ["TR", "EN", "CN"])
def test_the_pages_worked_examples_are_the_rules_arithmetic(language: str) -> None:
    page = fairness_help.CONTENT[language]
    assert LOTTERY_SEED.hex() in page
    assert hashlib.sha256(LOTTERY_SEED).hexdigest() in page
    first_five = words(LOTTERY_SEED, "SSC_1M:202611230721")[:5]
    assert all(str(word) in page for word in first_five)
    assert str(2**32 - 2**32 % 10) in page
    digits = [below(word, 10) for word in first_five]
    separator = "、" if language == "CN" else ", "
    assert separator.join(map(str, digits)) in page

    roll_word = words(DICE_SEED, "lucky-31:2")[0]
    roll = below(roll_word, 10_000)
    assert DICE_SEED.hex() in page
    assert f"{roll_word} mod 10000 = {roll}" in page
    shown = f"{roll // 100},{roll % 100:02d}" if language == "TR" else f"{roll // 100}.{roll % 100:02d}"
    assert shown in page


async def test_anyone_reads_the_page_in_their_language(client: httpx.AsyncClient) -> None:
    for language, title in fairness_help.TITLE.items():
        topics = (await client.get("/wps/system/helpCenter", params={"lang": language})).json()["value"]
        page = next(topic for topic in topics if topic["key"] == fairness_help.KEY)
        assert page["title"] == title
        assert "HMAC-SHA256" in page["content"] and "<ol>" in page["content"]


async def test_a_brand_seeded_before_the_page_gets_it_at_its_next_seed(site_db: Database, demo_brand: None) -> None:
    async with site_db.transaction() as session:
        await session.execute(delete(HelpTopic).where(HelpTopic.key.in_([fairness_help.KEY, "faq"])))

    assert await seed(site_db) is False  # the brand exists: nothing else is seeded again

    async with site_db.reader() as session:
        keys = set((await session.scalars(HelpTopic.__table__.select().with_only_columns(HelpTopic.key))).all())
    assert fairness_help.KEY in keys
    assert "faq" not in keys  # a topic ops removed stays removed

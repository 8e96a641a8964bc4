"""The fairness construction as its docstring states it: an outside verifier's arithmetic, word by word."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portal_kit.fairness import WORD, FairStream, commitment, derive_seed, seed_from_hex

SEED = bytes(range(32))  # published as 000102...1f
CONTEXT = "SSC_1M:202611260001"


def verifier_words(seed: bytes, context: str, blocks: int) -> list[int]:
    """What a player computes from the written rule alone."""
    words = []
    for block in range(blocks):
        digest = hmac.new(seed, f"{context}:{block}".encode(), hashlib.sha256).digest()
        words += [int.from_bytes(digest[at : at + 4], "big") for at in range(0, 32, 4)]
    return words


def test_the_worked_example() -> None:
    assert seed_from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f") == SEED
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    words = verifier_words(SEED, CONTEXT, 1)
    assert words[:3] == [4288250651, 1292498322, 3002802613]
    # five digits 0-9: no word is at or above 2**32 - 6, so each is its word mod 10
    stream = FairStream(SEED, CONTEXT)
    assert [stream.below(10) for _ in range(5)] == [w % 10 for w in words[:5]] == [1, 2, 3, 5, 7]
    # five distinct balls of 01-11: each word picks an index in what is left
    assert FairStream(SEED, CONTEXT).draw(list(range(1, 12)), 5) == [4, 3, 10, 8, 6]


def test_blocks_follow_one_counter_for_the_whole_outcome() -> None:
    stream = FairStream(SEED, CONTEXT)
    assert [stream.below(WORD) for _ in range(20)] == verifier_words(SEED, CONTEXT, 3)[:20]


def test_words_in_the_biased_top_are_skipped() -> None:
    words = verifier_words(SEED, CONTEXT, 4)
    n = 3 * (1 << 30)  # limit = 2**32 - 2**30: about a quarter of the words are skipped
    limit = WORD - WORD % n
    expected = [w % n for w in words if w < limit][:5]
    assert any(w >= limit for w in words[:12])
    stream = FairStream(SEED, CONTEXT)
    assert [stream.below(n) for _ in range(5)] == expected


def test_drawing_without_replacement_indexes_what_is_left() -> None:
    words = verifier_words(SEED, CONTEXT, 1)
    left, drawn = list(range(1, 50)), []
    for word in words[:7]:
        bound = len(left)
        assert word < WORD - WORD % bound  # none of these is skipped, so the index is the word mod the count
        drawn.append(left.pop(word % bound))
    assert FairStream(SEED, CONTEXT).draw(range(1, 50), 7) == drawn


@given(st.integers(min_value=1, max_value=WORD), st.binary(min_size=32, max_size=32), st.text(max_size=30))
def test_every_number_is_below_its_bound(n: int, seed: bytes, context: str) -> None:
    stream = FairStream(seed, context)
    assert all(0 <= stream.below(n) < n for _ in range(10))


def test_bounds_and_counts_outside_the_rule_are_refused() -> None:
    with pytest.raises(ValueError, match="between"):
        FairStream(SEED, CONTEXT).below(0)
    with pytest.raises(ValueError, match="between"):
        FairStream(SEED, CONTEXT).below(WORD + 1)
    with pytest.raises(ValueError, match="more values"):
        FairStream(SEED, CONTEXT).draw([1, 2], 3)
    with pytest.raises(ValueError, match="64 hex"):
        seed_from_hex("00")


def test_derived_seeds_depend_on_the_key_and_the_label() -> None:
    key = b"k" * 32
    assert (
        derive_seed(key, "lottery:turkeyf2:SSC_1M:202611260001")
        == hmac.new(key, b"lottery:turkeyf2:SSC_1M:202611260001", hashlib.sha256).digest()
    )
    assert derive_seed(key, "a") != derive_seed(key, "b") != derive_seed(b"j" * 32, "b")
    assert len(derive_seed(key, "a")) == 32

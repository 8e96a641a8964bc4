"""The pure rules of raffles and red envelopes: the README's worked draw word for word, and a red envelope's split."""

from __future__ import annotations

import hashlib
import hmac
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from points_service.envelopes.domain import split
from points_service.raffles.domain import context, winning_tickets
from portal_kit.fairness import commitment

SEED = bytes(range(32))  # 000102...1f, as in the README


def test_the_readme_worked_example() -> None:
    assert commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    assert context(7) == "raffle:7"
    block = hmac.new(SEED, b"raffle:7:0", hashlib.sha256).digest()
    assert block.hex() == "af98de58b18e21905ea6f55e4f10c906630ec3a695daf9ad2ec4ae8bfc5672f4"
    words = [int.from_bytes(block[at : at + 4], "big") for at in range(0, 32, 4)]
    assert words[:3] == [2946031192, 2978881936, 1588000094]
    # Ten tickets, three prizes: index 2946031192 mod 10 = 2 of 1..10 (ticket 3), then 2978881936 mod 9 = 7 of what
    # is left (ticket 9), then 1588000094 mod 8 = 6 (ticket 8).
    assert winning_tickets(SEED, 7, 10, 3) == [3, 9, 8]


def test_a_draw_gives_at_most_the_tickets_and_never_one_twice() -> None:
    assert winning_tickets(SEED, 7, 0, 3) == []
    assert winning_tickets(SEED, 7, 2, 3) in ([1, 2], [2, 1])
    assert sorted(winning_tickets(SEED, 8, 50, 50)) == list(range(1, 51))


@given(pool=st.integers(1, 10**11), count=st.integers(1, 2_000), seed=st.integers(0, 2**32))
def test_a_split_sums_to_the_pool_in_shares_of_at_least_one_unit(pool: int, count: int, seed: int) -> None:
    count = min(count, pool)
    shares = split(pool, count, random.Random(seed))
    assert (len(shares), sum(shares), min(shares) >= 1) == (count, pool, True)


def test_a_pool_smaller_than_its_shares_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one unit a share"):
        split(9, 10, random.Random(1))
    assert split(10, 10, random.Random(1)) == [1] * 10

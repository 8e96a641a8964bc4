"""The README's derivation of every game's draw, checked two ways without I/O: an outside verifier written from the
README alone (HMAC-SHA256 words, rejection, drawing without replacement, game by game) gets the README's worked
example, and so does the service's own draw; the numbers are the README's own text. Also: the VN structures and the
exact returns of their bet types, and that every draw of the data is one the README describes."""

from __future__ import annotations

import hashlib
import hmac
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lottery_service.catalogue.domain import catalogue
from lottery_service.draws import domain as draws
from portal_kit.fairness import commitment, derive_seed

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
DATA = catalogue()
SEED = bytes(range(32))
SEED_HEX = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
SEED_HASH = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
SSC_BLOCK_0 = "5a7c7a918e76bdcae15788417765c573a1cfe0c1efef4db200963712e2afc2ad"
SSC_WORDS = [1518107281, 2390146506, 3780610113, 2003158387, 2714755265]
ELEVEN_WORDS = [4222562906, 282755233, 3357898265, 1384088352, 4075792978]

# The README's worked example: every game's draw from SEED, for the issue drawn at 12:00 UTC on 23 November 2026
# (the daily VN draws: that day's issue).
WORKED = {
    "SSC_1M": ("202611230721", [1, 6, 3, 7, 5]),
    "SSC_5M": ("202611230145", [5, 2, 6, 1, 7]),
    "11X5_3M": ("202611230241", [2, 5, 4, 1, 10]),
    "K3_1M": ("202611230721", [5, 4, 1]),
    "PK10_3M": ("202611230241", [8, 7, 1, 5, 2, 10, 9, 3, 4, 6]),
    "LHC_5M": ("202611230145", [31, 11, 41, 28, 42, 46, 33]),
    "PCB_3M": ("202611230241", [7, 4, 4]),
    "LF_5M": ("202611230145", [2, 5, 9]),
    "SEA_5M": ("202611230145", [2, 2, 8, 3, 6, 3, 9, 9]),
    "VN_NORTH": ("202611230001", [7059, 18118, 77026, 98203, 87517, 89995, 6287, 70233, 21864, 51213, 7675, 6342,
                                  4683, 4311, 7791, 6369, 7332, 4242, 8846, 1169, 1, 974, 728, 54, 19, 58, 22]),
    "VN_SOUTH": ("202611230001", [783741, 14084, 92758, 89796, 84767, 83712, 11199, 78396, 28121, 91786, 29323,
                                  85209, 2997, 2643, 8067, 6243, 848, 47]),
}  # fmt: skip

# How the README says each game's balls come out of the stream: ("digits", [count of values per ball]) draws each
# ball as its low value plus a number below its count; ("distinct", low, high, count) draws without replacement.
README_DRAWS: dict[str, tuple[str, list[int] | tuple[int, int, int]]] = {
    "SSC_1M": ("each", [10] * 5), "SSC_5M": ("each", [10] * 5), "K3_1M": ("each", [6] * 3),
    "PCB_3M": ("each", [10] * 3), "LF_5M": ("each", [10] * 3), "SEA_5M": ("each", [10] * 8),
    "VN_NORTH": ("each", [10**5] * 10 + [10**4] * 10 + [10**3] * 3 + [10**2] * 4),
    "VN_SOUTH": ("each", [10**6] + [10**5] * 11 + [10**4] * 4 + [10**3] + [10**2]),
    "11X5_3M": ("distinct", (1, 11, 5)), "PK10_3M": ("distinct", (1, 10, 10)), "LHC_5M": ("distinct", (1, 49, 7)),
}  # fmt: skip


class Verifier:
    """An outside verifier, written from the README alone."""

    def __init__(self, seed_hex: str, context: str) -> None:
        self.key, self.context, self.block, self.words = bytes.fromhex(seed_hex), context, 0, list[int]()

    def word(self) -> int:
        if not self.words:
            digest = hmac.new(self.key, f"{self.context}:{self.block}".encode(), hashlib.sha256).digest()
            self.words = [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4)]
            self.block += 1
        return self.words.pop(0)

    def below(self, n: int) -> int:
        while True:
            w = self.word()
            if w < 2**32 - 2**32 % n:
                return w % n


def verify(game: str, seed_hex: str, issue: str) -> list[int]:
    rule, shape = README_DRAWS[game]
    stream = Verifier(seed_hex, f"{game}:{issue}")
    if rule == "each":
        assert isinstance(shape, list)
        low = 1 if game.startswith("K3") else 0
        return [low + stream.below(count) for count in shape]
    assert isinstance(shape, tuple)
    low, high, count = shape
    left = list(range(low, high + 1))
    return [left.pop(stream.below(len(left))) for _ in range(count)]


def numbers_in_readme(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("game", sorted(WORKED))
def test_the_readme_worked_example_is_what_a_verifier_and_the_draw_get(game: str) -> None:
    issue, balls = WORKED[game]
    assert verify(game, SEED_HEX, issue) == balls
    assert draws.draw(DATA.games[game].category.draw, SEED, draws.context(game, issue)) == balls
    readme = numbers_in_readme(README)
    assert f"`{game}:{issue}`" in readme
    assert ", ".join(str(ball) for ball in balls) in readme


def test_the_readme_shows_the_first_words_and_the_commitment() -> None:
    readme = numbers_in_readme(README)
    assert SEED_HEX in readme and SEED_HASH in readme and SSC_BLOCK_0 in readme
    assert commitment(SEED) == SEED_HASH
    assert hmac.new(SEED, b"SSC_1M:202611230721:0", hashlib.sha256).hexdigest() == SSC_BLOCK_0
    stream = Verifier(SEED_HEX, "SSC_1M:202611230721")
    assert [stream.word() for _ in range(5)] == SSC_WORDS
    assert all(str(word) in readme for word in SSC_WORDS + ELEVEN_WORDS)
    eleven = Verifier(SEED_HEX, "11X5_3M:202611230241")
    assert [eleven.word() for _ in range(5)] == ELEVEN_WORDS


def test_the_readme_names_how_seeds_are_derived() -> None:
    key = bytes.fromhex("5eed" * 16)
    assert (
        derive_seed(key, "lottery:SSC_1M:202611230721")
        == hmac.new(key, b"lottery:SSC_1M:202611230721", hashlib.sha256).digest()
    )
    assert "`lottery:<game code>:<issue>`" in README


def test_every_game_of_the_data_is_one_the_readme_derives() -> None:
    assert set(DATA.games) == set(README_DRAWS) == set(WORKED)
    for code, game in DATA.games.items():
        rule, shape = README_DRAWS[code]
        ranges = game.category.draw.ranges
        if rule == "each":
            assert isinstance(shape, list) and not game.category.draw.distinct
            assert [high - low + 1 for low, high in ranges] == shape
        else:
            assert isinstance(shape, tuple) and game.category.draw.distinct
            assert (ranges[0][0], ranges[0][1], len(ranges)) == shape


@given(st.binary(min_size=32, max_size=32), st.sampled_from(sorted(WORKED)), st.integers(1, 9999))
def test_any_seed_gives_the_verifier_the_drawn_balls(seed: bytes, game: str, sequence: int) -> None:
    issue = f"20261123{sequence:04d}"
    assert verify(game, seed.hex(), issue) == draws.draw(
        DATA.games[game].category.draw, seed, draws.context(game, issue)
    )


# --- the VN draws ----------------------------------------------------------------------------------------------------


def test_the_northern_and_southern_draws_have_their_real_structures() -> None:
    north, south = DATA.games["VN_NORTH"].category, DATA.games["VN_SOUTH"].category
    assert [(p.name, p.count, p.digits) for p in north.prizes] == [
        ("SPECIAL", 1, 5), ("FIRST", 1, 5), ("SECOND", 2, 5), ("THIRD", 6, 5), ("FOURTH", 4, 4), ("FIFTH", 6, 4),
        ("SIXTH", 3, 3), ("SEVENTH", 4, 2),
    ]  # fmt: skip
    assert [(p.name, p.count, p.digits) for p in south.prizes] == [
        ("SPECIAL", 1, 6), ("FIRST", 1, 5), ("SECOND", 1, 5), ("THIRD", 2, 5), ("FOURTH", 7, 5), ("FIFTH", 1, 4),
        ("SIXTH", 3, 4), ("SEVENTH", 1, 3), ("EIGHTH", 1, 2),
    ]  # fmt: skip
    assert (north.draw.count, south.draw.count) == (27, 18)
    assert north.family == south.family == "vn"


@pytest.mark.parametrize(
    ("game", "code", "expected"),
    [
        ("VN_NORTH", "DE", Fraction(95, 100)), ("VN_NORTH", "DE3", Fraction(900, 1000)),
        ("VN_NORTH", "LO", Fraction(27, 100) * Fraction(35, 10)),
        ("VN_SOUTH", "DE", Fraction(95, 100)), ("VN_SOUTH", "DAU", Fraction(95, 100)),
        ("VN_SOUTH", "DE3", Fraction(900, 1000)), ("VN_SOUTH", "LO", Fraction(18, 100) * Fraction(525, 100)),
    ],
)  # fmt: skip
def test_each_vn_bet_type_returns_below_the_stake(game: str, code: str, expected: Fraction) -> None:
    """Each ball's last ``d`` digits are uniform over 10**d values (every ball has at least ``d`` digits), so a tail
    bet's return is the odds times the balls it looks at over 10**d."""
    bet_type = DATA.games[game].category.bet_types[code]
    ranges = DATA.games[game].category.draw.ranges
    assert all(ranges[p][1] + 1 >= 10**bet_type.digits for p in bet_type.positions)
    exact = Fraction(bet_type.odds_milli, 1000) * len(bet_type.positions) / 10**bet_type.digits
    assert exact == expected and Fraction(90, 100) <= exact < 1

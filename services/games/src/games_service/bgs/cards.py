"""The in-house card game ``BGS_DRAGON_TIGER``: one card to Dragon, one to Tiger, from one shuffled 52-card
deck; the higher rank wins (ace low, king high). A bet on Dragon or Tiger pays 1:1 and gets half back on a
tie; a bet on the tie pays 15:1. The two cards are drawn without replacement from the deck in its order (card
``i`` is rank ``i // 4``, suit ``i % 4``: AS AH AD AC 2S ... KC) by the round's fair stream: Dragon's is the next
number below 52 as an index into the deck, Tiger's the next number below 51 as an index into the 51 left.

Exact returns: a tie (same rank) has probability 3/51, so a side bet returns 2 x 24/51 + 1/2 x 3/51 = 99/102
(97.06 %) and the tie bet 16 x 3/51 = 48/51 (94.12 %)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from portal_kit.fairness import FairStream

GAME_CODE = "BGS_DRAGON_TIGER"


class Side(StrEnum):
    """What a Dragon Tiger bet backs."""

    DRAGON = "DRAGON"
    TIGER = "TIGER"
    TIE = "TIE"


DRAGON, TIGER, TIE = Side
SIDES = (DRAGON, TIGER, TIE)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
# What a bet returns, in halves of the stake, by (bet, winner).
RETURN_HALVES: dict[tuple[str, str], int] = {
    (DRAGON, DRAGON): 4, (TIGER, TIGER): 4, (DRAGON, TIE): 1, (TIGER, TIE): 1, (TIE, TIE): 32,
}  # fmt: skip


@dataclass(frozen=True)
class Deal:
    dragon: int  # card index 0..51: rank = index // 4, suit = index % 4
    tiger: int

    @property
    def winner(self) -> str:
        dragon, tiger = self.dragon // 4, self.tiger // 4
        return TIE if dragon == tiger else (DRAGON if dragon > tiger else TIGER)


def card_name(index: int) -> str:
    return RANKS[index // 4] + SUITS[index % 4]


def deal(stream: FairStream) -> Deal:
    deck = list(range(52))
    dragon = stream.take(deck)
    return Deal(dragon, stream.take(deck))


def payout(stake: int, side: str, winner: str) -> int:
    """What the bet returns (stake included), rounded down to a minor unit."""
    return stake * RETURN_HALVES.get((side, winner), 0) // 2


def exact_rtp(side: str) -> Fraction:
    """By enumerating every ordered pair of distinct cards."""
    halves = sum(RETURN_HALVES.get((side, Deal(a, b).winner), 0) for a in range(52) for b in range(52) if a != b)
    return Fraction(halves, 2 * 52 * 51)


def capped_rtp(side: str, stake: int, cap: int) -> Fraction:
    """The return of a bet of ``stake`` whose win is at most ``cap`` (the game's maximum win a round), exactly."""
    paid = sum(min(payout(stake, side, Deal(a, b).winner), cap) for a in range(52) for b in range(52) if a != b)
    return Fraction(paid, 52 * 51 * stake)

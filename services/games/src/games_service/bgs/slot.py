"""The in-house video slot ``BGS_FRUIT5``: 5 reels, 3 rows, 10 fixed paylines, a wild that stands for every
symbol and pays itself. A line pays the longest run of one symbol from the left reel (wilds count as that
symbol), or the run of wilds alone when that pays more; pays are multiples of the line bet (stake / 10).

Each reel stops at a provably fair position on its strip; the three rows show the strip from there. Each
line takes one row per reel and the reels are independent, so a line's symbols are independent draws from
the strip's symbol frequencies, and the return to player is exactly the expected multiplier of one line
(``exact_rtp``, by enumerating every line); the simulation checks the engine against it."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

from games_service.bgs import fair

GAME_CODE = "BGS_FRUIT5"
REELS, ROWS = 5, 3
WILD = "W"
# How many of each symbol the strip holds; every reel uses the same 29-stop strip.
COUNTS = {"LEMON": 6, "CHERRY": 5, "PLUM": 5, "BAR": 4, "BELL": 4, "7": 3, WILD: 2}
# Multiplier of the line bet for a run of 1..5 (index 0 is one symbol).
PAYS: dict[str, tuple[int, int, int, int, int]] = {
    WILD: (0, 2, 25, 80, 250),
    "7": (0, 1, 16, 40, 120),
    "BAR": (0, 1, 12, 30, 80),
    "BELL": (0, 1, 8, 20, 60),
    "CHERRY": (0, 1, 6, 15, 40),
    "PLUM": (0, 1, 5, 12, 30),
    "LEMON": (0, 1, 4, 9, 20),
}
# Row of each reel that a payline takes (0 top, 1 middle, 2 bottom).
LINES: tuple[tuple[int, int, int, int, int], ...] = (
    (1, 1, 1, 1, 1),
    (0, 0, 0, 0, 0),
    (2, 2, 2, 2, 2),
    (0, 1, 2, 1, 0),
    (2, 1, 0, 1, 2),
    (0, 0, 1, 2, 2),
    (2, 2, 1, 0, 0),
    (1, 0, 0, 0, 1),
    (1, 2, 2, 2, 1),
    (1, 0, 1, 2, 1),
)


def _spread(counts: dict[str, int]) -> tuple[str, ...]:
    """The strip: symbols dealt round-robin (most frequent first), so neighbouring rows rarely repeat."""
    left, strip = dict(counts), []
    while any(left.values()):
        for symbol in sorted(left, key=lambda name: (-left[name], name)):
            if left[symbol]:
                strip.append(symbol)
                left[symbol] -= 1
    return tuple(strip)


STRIP = _spread(COUNTS)


@dataclass(frozen=True)
class LineWin:
    line: int  # 1-based, as the game shows it
    symbol: str
    count: int
    multiplier: int


@dataclass(frozen=True)
class Spin:
    stops: tuple[int, ...]
    grid: tuple[tuple[str, ...], ...]  # grid[reel][row]
    wins: tuple[LineWin, ...]

    @property
    def multiplier(self) -> int:
        """The spin's total in line bets."""
        return sum(win.multiplier for win in self.wins)


def line_pay(symbols: tuple[str, ...] | list[str]) -> tuple[str, int, int]:
    """(symbol, run, multiplier) of the best pay of one line, (``""``, 0, 0) when it pays nothing."""
    wilds = 0
    while wilds < len(symbols) and symbols[wilds] == WILD:
        wilds += 1
    best = (WILD, wilds, PAYS[WILD][wilds - 1]) if wilds else ("", 0, 0)
    if wilds < len(symbols):
        symbol, run = symbols[wilds], wilds
        while run < len(symbols) and symbols[run] in (symbol, WILD):
            run += 1
        if PAYS[symbol][run - 1] > best[2]:
            best = (symbol, run, PAYS[symbol][run - 1])
    return best if best[2] else ("", 0, 0)


def evaluate(stops: tuple[int, ...]) -> Spin:
    grid = tuple(tuple(STRIP[(stop + row) % len(STRIP)] for row in range(ROWS)) for stop in stops)
    wins = []
    for number, rows in enumerate(LINES, start=1):
        symbol, run, multiplier = line_pay([grid[reel][row] for reel, row in enumerate(rows)])
        if multiplier:
            wins.append(LineWin(number, symbol, run, multiplier))
    return Spin(stops, grid, tuple(wins))


def play(server_seed: str, client_seed: str, nonce: int) -> Spin:
    return evaluate(tuple(fair.integers(server_seed, client_seed, nonce, [len(STRIP)] * REELS)))


def exact_rtp() -> Fraction:
    """The expected line multiplier over every combination of five symbols, weighted by the strip."""
    total = sum(COUNTS.values())
    expected = Fraction(0)
    for line in itertools.product(COUNTS, repeat=REELS):
        weight = 1
        for symbol in line:
            weight *= COUNTS[symbol]
        expected += weight * line_pay(line)[2]
    return expected / Fraction(total**REELS)

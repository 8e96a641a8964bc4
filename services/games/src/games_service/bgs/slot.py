"""The in-house video slot ``BGS_FRUIT5``: 5 reels, 3 rows, 10 fixed paylines, a wild that stands for every
symbol and pays itself. A line pays the longest run of one symbol from the left reel (wilds count as that
symbol), or the run of wilds alone when that pays more; pays are multiples of the line bet (stake / 10).

Each reel stops at a provably fair position on its strip (the round's first five numbers below 29, reel 1 to 5);
the three rows show the strip from there. Each line takes one row per reel and the reels are independent, so a
line's symbols are independent draws from the strip's symbol frequencies, and the return to player is exactly the
expected multiplier of one line (``exact_rtp``, by enumerating every line); the simulation checks the engine
against it. A round's win is capped per game (``games.MAX_WIN``): ``capped_rtp`` counts what the cap takes at a
stake, exactly, from the combinations that pay more (``tail``)."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from portal_kit.fairness import FairStream

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


def stops(stream: FairStream) -> tuple[int, ...]:
    """The reels' stops: the round's next five numbers below the strip's length, reel 1 to 5."""
    return tuple(stream.below(len(STRIP)) for _ in range(REELS))


def play(stream: FairStream) -> Spin:
    return evaluate(stops(stream))


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


BEST_PAY = max(pays[-1] for pays in PAYS.values())
MOST = len(LINES) * BEST_PAY  # the most a spin pays, in line bets


@functools.cache
def _bound(prefix: tuple[str, ...]) -> int:
    if len(prefix) == REELS:
        return line_pay(prefix)[2]
    wilds = 0
    while wilds < len(prefix) and prefix[wilds] == WILD:
        wilds += 1
    if wilds == len(prefix):  # wilds so far (or nothing): any symbol may follow
        return BEST_PAY
    symbol, run = prefix[wilds], wilds
    while run < len(prefix) and prefix[run] in (symbol, WILD):
        run += 1
    wild_pay = PAYS[WILD][wilds - 1] if wilds else 0
    return max(wild_pay, PAYS[symbol][REELS - 1] if run == len(prefix) else PAYS[symbol][run - 1])


def line_bound(prefix: tuple[str, ...] | list[str]) -> int:
    """The most a line can pay once its first reels show ``prefix``, whatever the others show."""
    return _bound(tuple(prefix))


WINDOWS = tuple(tuple(STRIP[(stop + row) % len(STRIP)] for row in range(ROWS)) for stop in range(len(STRIP)))


@functools.cache
def tail(threshold: int) -> dict[int, int]:
    """How many of the strip's 29**5 stop combinations pay more than ``threshold`` line bets in all, by that total.
    The search leaves a branch as soon as its lines' bounds (``line_bound``) cannot add up to more."""
    found: Counter[int] = Counter()

    def search(lines: tuple[tuple[str, ...], ...]) -> None:
        reel = len(lines[0])
        for window in WINDOWS:
            grown = tuple((*line, window[rows[reel]]) for line, rows in zip(lines, LINES, strict=True))
            if sum(_bound(line) for line in grown) > threshold:
                if reel + 1 == REELS:
                    found[sum(_bound(line) for line in grown)] += 1
                else:
                    search(grown)

    search(((),) * len(LINES))
    return dict(found)


def capped_rtp(stake: int, cap: int) -> Fraction:
    """The return of a spin of ``stake`` (a multiple of the lines) whose win is at most ``cap``: the exact return
    less what the cap takes from the combinations that pay more."""
    line_bet = stake // len(LINES)
    threshold = cap // line_bet
    if threshold >= MOST:
        return exact_rtp()
    cut = sum(count * (total * line_bet - cap) for total, count in tail(threshold).items())
    return exact_rtp() - Fraction(cut, len(STRIP) ** REELS * stake)

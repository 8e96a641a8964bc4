"""Draw frequencies: many draws of every game from random seeds, each ball's values (or, for the wide VN
prizes, each of their digits) against the uniform frequency they must have. ``./portal lottery:draws`` runs one
million draws per game; the test suite a smaller sample with the same check."""

from __future__ import annotations

import math
import secrets
import sys
from collections import Counter
from datetime import date

from lottery_service.catalogue.domain import Game, catalogue
from lottery_service.draws.domain import context, draw, issue_number

# A cell further than this many standard errors from its expected count fails: over the few thousand cells of
# a run, a fair draw fails about once in a thousand runs.
TOLERANCE_SE = 5.5
WIDE = 100  # balls with more values than this are checked digit by digit


def _cells(game: Game, balls: list[int]) -> list[tuple[int, int, int]]:
    """(ball, digit or -1, value) for each checked cell of one draw."""
    cells = []
    for position, (value, (low, high)) in enumerate(zip(balls, game.category.draw.ranges, strict=True)):
        if high - low + 1 > WIDE:
            width = len(str(high))
            cells += [(position, digit, int(char)) for digit, char in enumerate(f"{value:0{width}d}")]
        else:
            cells.append((position, -1, value))
    return cells


def frequencies(game: Game, draws: int) -> list[str]:
    """The cells whose count is off by more than ``TOLERANCE_SE`` standard errors (empty: the draw is fair)."""
    counts: Counter[tuple[int, int, int]] = Counter()
    for n in range(draws):
        seed = secrets.token_bytes(32)
        counts.update(_cells(game, draw(game.category.draw, seed, context(game.code, issue_number_of(n)))))
    failures = []
    for position, (low, high) in enumerate(game.category.draw.ranges):
        if high - low + 1 > WIDE:
            cells = [((position, d, v), 0.1) for d in range(len(str(high))) for v in range(10)]
        else:
            cells = [((position, -1, v), 1 / (high - low + 1)) for v in range(low, high + 1)]
        for cell, p in cells:
            expected, se = draws * p, math.sqrt(draws * p * (1 - p))
            if abs(counts[cell] - expected) > TOLERANCE_SE * se:
                failures.append(f"{game.code} ball {position + 1} {cell}: {counts[cell]} vs {expected:.0f}")
    return failures


def issue_number_of(n: int) -> str:
    return issue_number(date(2026, 1, 1), n % 10_000)


def main() -> None:
    draws = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    failed = False
    for game in catalogue().games.values():
        failures = frequencies(game, draws)
        print(f"{game.code}: {draws} draws, {'ok' if not failures else f'{len(failures)} cell(s) off'}")
        for failure in failures:
            print("  " + failure)
        failed = failed or bool(failures)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

"""The full return-to-player simulation of the in-house games (``task games:rtp``): one million rounds of the
slot and of each Dragon Tiger bet, played by the engine itself (provably fair numbers from fresh seeds), each
checked against its exact return within ±0.5 %. The test suite runs a smaller sample."""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from games_service.bgs import cards, fair, slot

TOLERANCE = 0.005


def simulate(rounds: int) -> float:
    """The slot's measured return."""
    server, client = fair.new_server_seed(), fair.new_client_seed()
    paid = sum(slot.play(server, client, nonce).multiplier for nonce in range(1, rounds + 1))
    return paid / (rounds * len(slot.LINES))


def simulate_dragon_tiger(side: str, rounds: int) -> float:
    """A bet's measured return, in stakes of 2 (the game pays halves)."""
    server, client = fair.new_server_seed(), fair.new_client_seed()
    paid = sum(cards.payout(2, side, cards.deal(server, client, nonce).winner) for nonce in range(1, rounds + 1))
    return paid / (2 * rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    rounds = parser.parse_args().rounds
    checks: list[tuple[str, float, Fraction]] = [(slot.GAME_CODE, simulate(rounds), slot.exact_rtp())]
    checks += [
        (f"{cards.GAME_CODE} {side}", simulate_dragon_tiger(side, rounds), cards.exact_rtp(side))
        for side in cards.SIDES
    ]
    within = True
    for name, measured, stated in checks:
        ok = abs(measured - float(stated)) <= TOLERANCE
        within &= ok
        print(
            f"{name}: {rounds:,} rounds returned {measured:.4%}; stated {float(stated):.4%} {'ok' if ok else 'OUT OF RANGE'}"
        )
    sys.exit(0 if within else 1)


if __name__ == "__main__":
    main()

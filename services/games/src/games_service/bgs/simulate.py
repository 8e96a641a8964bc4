"""The full return-to-player simulation of the in-house games (``task games:rtp``): one million rounds of the
slot and of each Dragon Tiger bet, played by the engine itself (provably fair numbers from fresh seeds), each
checked against its exact return: the slot and Dragon Tiger's own bets (the game's stated RTP) within
±0.5 %; the tie side bet (pays 16x one time in 17: a standard error of 0.38 % over a million rounds, so
±0.5 % would fail one run in five) within four standard errors. The test suite runs a smaller sample."""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from games_service.bgs import cards, fair, slot

TOLERANCE = 0.005
# The tie pays 16 (in stakes) with probability 3/51: its standard deviation per round, in stakes.
TIE_DEVIATION = 16 * (3 / 51 * 48 / 51) ** 0.5


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
        tolerance = 4 * TIE_DEVIATION / rounds**0.5 if name.endswith(cards.TIE) else TOLERANCE
        ok = abs(measured - float(stated)) <= tolerance
        within &= ok
        verdict = "ok" if ok else "OUT OF RANGE"
        print(
            f"{name}: {rounds:,} rounds returned {measured:.4%}; stated {float(stated):.4%} (±{tolerance:.2%}) {verdict}"
        )
    sys.exit(0 if within else 1)


if __name__ == "__main__":
    main()

"""The full return-to-player simulation of the in-house games (``./portal games:rtp``): one million rounds each,
played by the engine itself (fair streams of fresh seeds), each checked against its exact return:

- the slot at its smallest stake (1.00: ten lines of 0.10, the seeded minimum bet): the base game against its exact return, ±0.5 % (a hit
  there is one in 20 million spins: the jackpot's share at that stake is stated exactly, not measured);
- the slot at the largest stake (100,000.00), where the jackpot hits about once in 200 spins: the base game
  (capped at the game's maximum win) and the jackpot together, the pool fed, capped and paid as the service does,
  against the capped exact return plus the jackpot's long-run share, ±0.5 %;
- Dragon Tiger's own bets (the game's stated RTP) within ±0.5 %; the tie side bet (pays 16x one time in 17: a
  standard error of 0.38 % over a million rounds, so ±0.5 % would fail one run in five) within four standard
  errors.

The test suite runs a smaller sample (``simulate_slot`` at the largest stake)."""

from __future__ import annotations

import argparse
import secrets
import sys
from dataclasses import dataclass

from games_service.bgs import cards, fair, games, jackpot, slot

TOLERANCE = 0.005
# The tie pays 16 (in stakes) with probability 3/51: its standard deviation per round, in stakes.
TIE_DEVIATION = 16 * (3 / 51 * 48 / 51) ** 0.5
SMALLEST_STAKE = 100  # BGS_FRUIT5's seeded minimum bet (1.00)


@dataclass(frozen=True)
class Measured:
    """What a run of spins returned, as shares of what was staked."""

    base: float
    jackpot: float
    hits: int
    standard_error: float  # of ``total``, from the spread of the spins' returns

    @property
    def total(self) -> float:
        return self.base + self.jackpot


def simulate_slot(rounds: int, stake: int) -> Measured:
    """``rounds`` spins of ``stake`` from fresh seeds, with the brand's pool as the service keeps it: each spin's
    contribution added while the pool is below its cap, a hit paid the pool (at most the cap), which starts
    again from its seed (the hitting spin's own contribution goes to the next pool)."""
    seed, client = secrets.token_bytes(32), fair.new_client_seed()
    base = paid_jackpots = hits = 0
    squares = 0.0
    contributions = 0
    for nonce in range(1, rounds + 1):
        round_ = games.slot_round(stake, fair.stream(seed, client, nonce))
        won = 0
        if round_.outcome["jackpot"]:
            won = jackpot.payable(jackpot.SEED + contributions)
            contributions, hits = 0, hits + 1
        if jackpot.SEED + contributions < jackpot.CAP:
            contributions += jackpot.contribution(stake)
        base += round_.win
        paid_jackpots += won
        squares += ((round_.win + won) / stake) ** 2
    mean = (base + paid_jackpots) / (rounds * stake)
    deviation = max(squares / rounds - mean**2, 0.0) ** 0.5
    return Measured(base / (rounds * stake), paid_jackpots / (rounds * stake), hits, deviation / rounds**0.5)


def simulate_dragon_tiger(side: str, rounds: int) -> float:
    """A bet's measured return, in stakes of 2 (the game pays halves)."""
    seed, client = secrets.token_bytes(32), fair.new_client_seed()
    paid = sum(
        cards.payout(2, side, cards.deal(fair.stream(seed, client, nonce)).winner) for nonce in range(1, rounds + 1)
    )
    return paid / (2 * rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1_000_000)
    rounds = parser.parse_args().rounds
    cap = games.MAX_WIN[slot.GAME_CODE]
    smallest = simulate_slot(rounds, SMALLEST_STAKE)
    largest = simulate_slot(rounds, games.MAX_STAKE)
    stated_largest = float(slot.capped_rtp(games.MAX_STAKE, cap)) + jackpot.long_run_share(games.MAX_STAKE)
    checks: list[tuple[str, float, float]] = [
        (f"{slot.GAME_CODE} at {SMALLEST_STAKE} (base game)", smallest.base, float(slot.exact_rtp())),
        (f"{slot.GAME_CODE} at {games.MAX_STAKE} (base game capped, and the jackpot)", largest.total, stated_largest),
    ]
    checks += [
        (f"{cards.GAME_CODE} {side}", simulate_dragon_tiger(side, rounds), float(cards.exact_rtp(side)))
        for side in cards.SIDES
    ]
    within = True
    for name, measured, stated in checks:
        tolerance = 4 * TIE_DEVIATION / rounds**0.5 if name.endswith(cards.TIE) else TOLERANCE
        ok = abs(measured - stated) <= tolerance
        within &= ok
        verdict = "ok" if ok else "OUT OF RANGE"
        print(f"{name}: {rounds:,} rounds returned {measured:.4%}; stated {stated:.4%} (±{tolerance:.2%}) {verdict}")
    share = jackpot.long_run_share(games.MAX_STAKE)
    print(
        f"  the jackpot at {games.MAX_STAKE}: {largest.hits:,} hits returned {largest.jackpot:.4%} (long run "
        f"{share:.4%}); at {SMALLEST_STAKE}: {smallest.hits} hits returned {smallest.jackpot:.4%} (long run "
        f"{jackpot.long_run_share(SMALLEST_STAKE):.4%})"
    )
    sys.exit(0 if within else 1)


if __name__ == "__main__":
    main()

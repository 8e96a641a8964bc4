"""What the Hub88 simulator's games pay (pure rules, no I/O). A reel game stands for any slot; the sports,
e-sports, cockfight and live-table games are a betting market each: one event, its outcomes at decimal odds,
the winner drawn by the chances the odds imply once the bookmaker's margin is taken out, so every pick returns
1 ÷ (the sum of 1 ÷ odds) of what is staked."""

from __future__ import annotations

from dataclasses import dataclass

# The reel game's pay table: (multiplier of the stake, chance in 1,000); returns 95 % of what is staked.
PAYS = ((0, 660), (1, 150), (2, 120), (5, 60), (20, 8), (50, 2))


def reel_multiplier(draw: int) -> int:
    """The reel game's multiplier for ``draw``, uniform in 0..999."""
    for multiplier, chance in PAYS:
        if draw < chance:
            return multiplier
        draw -= chance
    return 0


@dataclass(frozen=True)
class Outcome:
    name: str
    odds: int  # decimal odds in hundredths: 185 is 1.85 (a winning stake of 10.00 pays 18.50)

    def pays(self, stake: int) -> int:
        """A winning stake's payout in minor units, the stake included (rounded down to the minor unit)."""
        return stake * self.odds // 100


@dataclass(frozen=True)
class Market:
    event: str
    outcomes: tuple[Outcome, ...]

    def outcome(self, name: str) -> Outcome | None:
        return next((outcome for outcome in self.outcomes if outcome.name == name), None)

    def winner(self, draw: float) -> Outcome:
        """The winning outcome for ``draw``, uniform in [0, 1): each by its share of the implied chances."""
        shares = [1 / outcome.odds for outcome in self.outcomes]
        point = draw * sum(shares)
        for outcome, share in zip(self.outcomes, shares, strict=True):
            if point < share:
                return outcome
            point -= share
        return self.outcomes[-1]

    def return_to_player(self) -> float:
        """The share of a stake every pick returns on average: 1 ÷ the sum of 1 ÷ the decimal odds."""
        return 1 / sum(100 / outcome.odds for outcome in self.outcomes)


def _market(event: str, *outcomes: tuple[str, int]) -> Market:
    return Market(event, tuple(Outcome(name, odds) for name, odds in outcomes))


# Hub88's catalogue of the seeded vendors' market games, by game code.
MARKETS: dict[str, Market] = {
    "BTI_SPORTSBOOK": _market("Galatasaray – Fenerbahçe", ("Galatasaray", 210), ("Draw", 330), ("Fenerbahçe", 340)),
    "AV_ESPORTS": _market("Team Spirit – NAVI · CS2", ("Team Spirit", 165), ("NAVI", 215)),
    "IMES_ESPORTS": _market("T1 – Gen.G · League of Legends", ("T1", 180), ("Gen.G", 195)),
    "TF_ESPORTS": _market("Team Liquid – OG · Dota 2", ("Team Liquid", 170), ("OG", 205)),
    "DS88_SABONG": _market("Fight 27", ("Meron", 192), ("Wala", 188)),
    "DIG_BACCARAT": _market("Baccarat · table 3", ("Player", 200), ("Banker", 195), ("Tie", 900)),
    "DIG_ROULETTE": _market("Roulette · one spin", ("Red", 200), ("Black", 200), ("Green", 3600)),
    "WGB_BACCARAT": _market("Baccarat · WG table 1", ("Player", 200), ("Banker", 195), ("Tie", 900)),
}

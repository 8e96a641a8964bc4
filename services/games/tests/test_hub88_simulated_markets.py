"""The Hub88 simulator's games (``simulated_games``): the reel game's pay table and the betting markets of the
sports, e-sports, cockfight and live-table games: winners drawn by the odds' implied chances, payouts at the odds."""

from __future__ import annotations

from collections import Counter

import pytest

from games_service.aggregator.simulated_games import MARKETS, PAYS, Outcome, reel_multiplier


def test_the_reel_game_returns_95_percent_over_its_whole_draw_space() -> None:
    assert sum(chance for _, chance in PAYS) <= 1000
    assert sum(reel_multiplier(draw) for draw in range(1000)) == 950


@pytest.mark.parametrize("code", sorted(MARKETS))
def test_each_market_draws_winners_by_their_implied_chances_and_returns_what_its_margin_leaves(code: str) -> None:
    market = MARKETS[code]
    steps = 100_000
    wins = Counter(market.winner(step / steps).name for step in range(steps))
    shares = {
        outcome.name: (1 / outcome.odds) / sum(1 / other.odds for other in market.outcomes)
        for outcome in market.outcomes
    }
    for name, share in shares.items():
        assert abs(wins[name] / steps - share) < 0.001, name
    for pick in market.outcomes:  # every pick returns the same, below what is staked
        returned = wins[pick.name] * pick.pays(10_000) / (steps * 10_000)
        assert returned == pytest.approx(market.return_to_player(), abs=0.002)
    assert 0.85 < market.return_to_player() < 1


def test_a_winning_stake_pays_at_its_odds_rounded_down_to_the_minor_unit() -> None:
    assert Outcome("Galatasaray", 210).pays(1000) == 2100
    assert Outcome("NAVI", 215).pays(333) == 715  # 7.1595 → 7.15
    assert MARKETS["BTI_SPORTSBOOK"].outcome("Draw") == Outcome("Draw", 330)
    assert MARKETS["BTI_SPORTSBOOK"].outcome("Beşiktaş") is None

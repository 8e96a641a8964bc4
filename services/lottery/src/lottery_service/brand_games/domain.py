"""Pure rules of a brand's settings of a lottery game: the catalogue's as the default, the range the brand may set
them in (the house's limits, from ``lottery.toml``), and what a bet is held to under them."""

from __future__ import annotations

from dataclasses import dataclass

from lottery_service.catalogue.domain import BetType, Catalogue, Game
from portal_kit.errors import DomainError

UNAVAILABLE = "lottery.game_unavailable"


@dataclass(frozen=True)
class GameSettings:
    """``prize_mode`` None: the brand's (``lotteryPrizeMode``)."""

    enabled: bool
    min_stake: int
    max_stake: int
    max_per_issue: int
    prize_mode: str | None = None

    def audited(self) -> dict[str, object]:
        return {"enabled": self.enabled, "minStake": self.min_stake, "maxStake": self.max_stake,
                "maxPerIssue": self.max_per_issue, "prizeMode": self.prize_mode}  # fmt: skip


@dataclass(frozen=True)
class HouseLimits:
    """The range a brand sets a game's limits in: a bet's stake from ``min_stake`` to ``max_stake`` (the game's bet
    types' own limits), a member's bets on one issue up to ``max_per_issue``; a minimum at most ``min_cap`` (the
    lowest maximum of the game's bet types: above it, that bet type could not be played)."""

    min_stake: int
    max_stake: int
    max_per_issue: int
    min_cap: int


def house(game: Game) -> HouseLimits:
    bet_types = game.category.bet_types.values()
    return HouseLimits(
        min_stake=min(bt.min_stake for bt in bet_types), max_stake=max(bt.max_stake for bt in bet_types),
        max_per_issue=game.max_per_issue, min_cap=min(bt.max_stake for bt in bet_types),
    )  # fmt: skip


def default(game: Game) -> GameSettings:
    """The settings of a game the brand never changed: on, the house's limits, the brand's prize mode."""
    limits = house(game)
    return GameSettings(True, limits.min_stake, limits.max_stake, limits.max_per_issue)


def check(catalogue: Catalogue, game: Game, settings: GameSettings) -> None:
    """Refuse settings a bet could not be held to: a minimum above the maximum or a maximum above the per-issue limit
    (``lottery.limits_invalid``), a limit outside the house's (``lottery.limits_out_of_range``), a prize mode the
    catalogue does not define (``lottery.prize_mode_unknown``)."""
    if settings.prize_mode is not None and settings.prize_mode not in catalogue.prize_modes:
        raise DomainError("lottery.prize_mode_unknown", modes=", ".join(catalogue.prize_modes))
    if not settings.min_stake <= settings.max_stake <= settings.max_per_issue:
        raise DomainError("lottery.limits_invalid")
    limits = house(game)
    inside = (
        limits.min_stake <= settings.min_stake <= limits.min_cap
        and settings.max_stake <= limits.max_stake
        and settings.max_per_issue <= limits.max_per_issue
    )
    if not inside:
        raise DomainError(
            "lottery.limits_out_of_range", min=limits.min_stake, minCap=limits.min_cap, max=limits.max_stake,
            perIssue=limits.max_per_issue,
        )  # fmt: skip


def stake_limits(bet_type: BetType, settings: GameSettings) -> tuple[int, int]:
    """The stakes a bet of this type takes under the brand's settings: within both the bet type's and the brand's."""
    return max(bet_type.min_stake, settings.min_stake), min(bet_type.max_stake, settings.max_stake)


def prize_mode(settings: GameSettings, brand_mode: str) -> str:
    return settings.prize_mode or brand_mode

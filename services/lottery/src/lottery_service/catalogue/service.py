"""The lottery games of the data (``lottery.toml``) as the other slices read them: a game by its code, the lobby's
groups, and a bet type with the odds of a prize mode. No I/O: the data is read once, at start."""

from __future__ import annotations

from decimal import Decimal

from lottery_service.catalogue.domain import BetType, Catalogue, Game
from lottery_service.catalogue.schemas import BetTypeRead
from portal_kit.errors import NotFound

CATEGORIES = ("11x5", "k3", "lf", "lhc", "pcb", "pk10", "ssc", "vn", "sea")
LOBBY_GROUPS = ("time", "hot")  # every game by its pace; the hot games


def odds_text(milli: int) -> str:
    return format(Decimal(milli) / 1000, "f").rstrip("0").rstrip(".")


def game_of(catalogue: Catalogue, code: str) -> Game:
    game = catalogue.games.get(code.upper())
    if game is None:
        raise NotFound("lottery.game_unknown")
    return game


def bet_type_read(
    catalogue: Catalogue, bet_type: BetType, prize_mode: str, language: str, limits: tuple[int, int] | None = None
) -> BetTypeRead:
    """``limits``: the stakes the brand takes (the bet type's own when not given)."""
    low, high = limits or (bet_type.min_stake, bet_type.max_stake)
    return BetTypeRead(
        code=bet_type.code, name=bet_type.names.get(language) or bet_type.names["EN"], kind=bet_type.kind.value,
        positions=[p + 1 for p in bet_type.positions], pickPosition=bet_type.pick_position, n=bet_type.n,
        numberRange=list(bet_type.number_range), options=list(bet_type.options),
        odds=odds_text(catalogue.odds(bet_type, None, prize_mode)) if bet_type.odds_milli else None,
        oddsBy={key: odds_text(catalogue.odds(bet_type, key, prize_mode)) for key in bet_type.odds_by_milli},
        minStake=low, maxStake=high,
    )  # fmt: skip


def in_group(game: Game, group: str | None) -> bool:
    """``group``: a category, ``time`` (every game but the daily ones, quickest first) or ``hot``."""
    if group is None:
        return True
    if group == "time":
        return game.interval_minutes > 0
    if group == "hot":
        return game.hot
    return game.category.family == group


def listed(catalogue: Catalogue, group: str | None, area: str | None = None) -> list[Game]:
    games = [g for g in catalogue.games.values() if in_group(g, group) and (area is None or g.area == area)]
    if group == "time":
        games.sort(key=lambda g: g.interval_minutes)
    return games

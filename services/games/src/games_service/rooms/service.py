"""A game's rooms, and where the launcher sends a game that is not launched like the others."""

from __future__ import annotations

from games_service.catalogue.domain import IN_HOUSE_VENDOR as IN_HOUSE
from games_service.catalogue.models import Game
from games_service.rooms.domain import Room, room_of, rooms_of

# Spec §4: the lottery vendors' pages; the other lottery games (LOTT, ELOTT) open /lottery.
LOTTERY_PAGES = {"TCG_LOTTO_VN": "/vnLottery", "TCG_SEA": "/seaLottery"}
LOTTERY_TYPES = ("LOTT", "ELOTT")


def game_rooms(game: Game) -> list[Room]:
    return rooms_of(game.game_type, game.vendor == IN_HOUSE, game.min_bet)


def game_room(game: Game, room_id: str) -> Room:
    return room_of(game.game_type, game.vendor == IN_HOUSE, game.min_bet, room_id)


def lottery_page(game: Game) -> str | None:
    """The lottery page a lottery game opens on (its lobby, the game chosen), or None for any other game."""
    page = LOTTERY_PAGES.get(game.vendor) or ("/lottery" if game.game_type in LOTTERY_TYPES else None)
    return None if page is None else f"{page}?gameCode={game.game_code}"

"""The rooms of the in-house player-versus-player games (spec §7, PvP: ``GLS2_roomList``, ``/wps/game/launchGame``):
stake tiers a player picks before playing. A room sets the stakes its rounds take, as multiples of the game's
minimum bet, and the balance a player needs to enter it: ten of its smallest stakes. Every real-money round of
such a game names its room and is held to its stakes; a free demo (play money) may leave it out and plays at the
beginners' stakes. Pure rules, no I/O."""

from __future__ import annotations

from dataclasses import dataclass

from games_service.catalogue.domain import IN_HOUSE_MAX_STAKE as MAX_STAKE
from portal_kit.errors import DomainError, NotFound

PVP = "PVP"
# (room id, its smallest and largest stake as multiples of the game's minimum bet)
TIERS = (("BEGINNER", 1, 100), ("STANDARD", 10, 1_000), ("VIP", 100, 10_000))
ENTRY_STAKES = 10  # a room asks for this many of its smallest stakes to enter
DEMO_ROOM = TIERS[0][0]  # a free demo played without a room keeps to the beginners' stakes


@dataclass(frozen=True)
class Room:
    room_id: str
    min_bet: int  # minor units
    max_bet: int

    @property
    def min_balance(self) -> int:
        return self.min_bet * ENTRY_STAKES

    def check_stake(self, stake: int) -> None:
        if not self.min_bet <= stake <= self.max_bet:
            raise DomainError("stake.out_of_limits", min=self.min_bet, max=self.max_bet)


def rooms_of(game_type: str, in_house: bool, min_bet: int) -> list[Room]:
    """A game's rooms: the in-house player-versus-player games have the three tiers, every other game none."""
    if game_type != PVP or not in_house:
        return []
    return [Room(room_id, min_bet * low, min(min_bet * high, MAX_STAKE)) for room_id, low, high in TIERS]


def room_of(game_type: str, in_house: bool, min_bet: int, room_id: str) -> Room:
    found = next((room for room in rooms_of(game_type, in_house, min_bet) if room.room_id == room_id), None)
    if found is None:
        raise NotFound("room.not_found")
    return found


def check_entry(room: Room, balance: int) -> None:
    """A player enters a room with at least its entry balance."""
    if balance < room.min_balance:
        raise DomainError(
            "room.balance_too_low", status=409, value={"minBalance": room.min_balance}, min=room.min_balance
        )


def bet_room(game_type: str, in_house: bool, min_bet: int, room_id: str | None, *, real_money: bool) -> Room | None:
    """The room whose stakes a round is held to: the one it names; none named, the beginners' room for a free
    demo and ``room.required`` for real money; None for a game without rooms (its own limits apply)."""
    if not rooms_of(game_type, in_house, min_bet):
        if room_id is not None:
            raise NotFound("room.not_found")
        return None
    if room_id is None:
        if real_money:
            raise DomainError("room.required")
        room_id = DEMO_ROOM
    return room_of(game_type, in_house, min_bet, room_id)

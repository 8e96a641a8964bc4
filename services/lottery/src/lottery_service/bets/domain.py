"""Pure rules of a bet: what a player may choose for a bet type, and how many times a choice wins against a
draw's balls (the payout is the stake times the odds, once per hit, rounded down to the minor unit)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from lottery_service.catalogue.domain import BetType, Kind
from portal_kit.errors import DomainError

MAX_BETS_PER_SLIP = 50


class BetState(StrEnum):
    """A slip's or a bet's status (the slip: ``pending``, ``accepted``, ``voiding``, ``void``)."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    VOIDING = "voiding"
    VOID = "void"
    WON = "won"
    LOST = "lost"
    CANCELLING = "cancelling"
    CANCELLED = "cancelled"


PENDING, ACCEPTED, VOIDING, VOID, WON, LOST, CANCELLING, CANCELLED = BetState
LIVE = (PENDING, ACCEPTED, CANCELLING)  # bets still waiting for their issue


class SelectionInvalid(DomainError):
    status = 400
    code = "lottery.selection_invalid"


@dataclass(frozen=True)
class Choice:
    """What the player chose: a position (counted from 1, for the bet types that pick one), numbers, or an
    option (BIG, SMALL, ODD, EVEN, a colour)."""

    position: int | None = None
    numbers: tuple[int, ...] = ()
    option: str | None = None

    def label(self) -> str:
        parts = [f"#{self.position}"] if self.position is not None else []
        parts += [",".join(str(number) for number in self.numbers)] if self.numbers else []
        parts += [self.option] if self.option else []
        return " ".join(parts)


def check(bet_type: BetType, choice: Choice) -> Choice:
    """``choice`` if the bet type allows it, else ``lottery.selection_invalid`` (with what was expected)."""
    if bet_type.pick_position:
        if choice.position is None or choice.position - 1 not in bet_type.positions:
            raise SelectionInvalid(expected=f"#{bet_type.positions[0] + 1}-{bet_type.positions[-1] + 1}")
    elif choice.position is not None:
        raise SelectionInvalid(expected="-")
    if bet_type.options:
        if choice.numbers or choice.option not in bet_type.options:
            raise SelectionInvalid(expected=" / ".join(bet_type.options))
        return choice
    low, high = bet_type.number_range
    if choice.option is not None or len(choice.numbers) != bet_type.n:
        raise SelectionInvalid(expected=f"{bet_type.n} × {low}-{high}")
    if bet_type.kind is Kind.SUM_VALUE:
        if str(choice.numbers[0]) not in bet_type.odds_by_milli:
            raise SelectionInvalid(expected=", ".join(bet_type.odds_by_milli))
        return choice
    distinct = bet_type.kind is Kind.ANY_N and len(set(choice.numbers)) != len(choice.numbers)
    if distinct or any(not low <= number <= high for number in choice.numbers):
        raise SelectionInvalid(expected=f"{bet_type.n} × {low}-{high}")
    if bet_type.kind is Kind.ANY_N:
        return Choice(choice.position, tuple(sorted(choice.numbers)), None)
    return choice


def odds_key(bet_type: BetType, choice: Choice) -> str | None:
    """Which of the per-option odds the choice is paid at (None: the bet type's single odds)."""
    if bet_type.kind is Kind.SUM_VALUE:
        return str(choice.numbers[0])
    if bet_type.kind is Kind.COLOUR:
        return choice.option
    return None


def _balls(bet_type: BetType, choice: Choice, balls: list[int]) -> list[int]:
    if bet_type.pick_position and choice.position is not None:
        return [balls[choice.position - 1]]
    return [balls[p] for p in bet_type.positions]


def hits(bet_type: BetType, choice: Choice, balls: list[int]) -> int:
    """How many times ``choice`` wins against the draw (0: lost)."""
    chosen = _balls(bet_type, choice, balls)
    value = sum(chosen)
    triple = len(chosen) == 3 and len(set(chosen)) == 1
    match bet_type.kind:
        case Kind.EXACT:
            return int(tuple(chosen) == choice.numbers)
        case Kind.ANY_N:
            return int(set(choice.numbers) <= set(chosen))
        case Kind.BIG_SMALL | Kind.ODD_EVEN:
            if value in bet_type.lose_values or (bet_type.triple_loses and triple):
                return 0
            if bet_type.kind is Kind.BIG_SMALL:
                side = "BIG" if value >= bet_type.threshold else "SMALL"
            else:
                side = "ODD" if value % 2 else "EVEN"
            return int(side == choice.option)
        case Kind.SUM_VALUE:
            return int(value == choice.numbers[0])
        case Kind.COLOUR:
            return int(value in bet_type.colours[choice.option or ""])
        case Kind.TRIPLE_ANY:
            return int(triple)
        case Kind.TRIPLE:
            return int(triple and chosen[0] == choice.numbers[0])
        case Kind.PAIR:
            return int(Counter(chosen)[choice.numbers[0]] >= 2)
        case Kind.TAIL:
            modulus = 10**bet_type.digits
            return sum(1 for ball in chosen if ball % modulus == choice.numbers[0])


def payout(stake: int, odds_milli: int, hit_count: int) -> int:
    """The win in minor units: stake × odds per hit, rounded down."""
    return stake * odds_milli * hit_count // 1000

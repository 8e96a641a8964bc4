"""The in-house games' rules, without I/O: what a bet may be, and what a round pays from its fair stream, capped at
its game's maximum win a round."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games_service.bgs import cards, jackpot, slot
from games_service.catalogue.domain import IN_HOUSE_MAX_STAKE
from portal_kit.errors import DomainError
from portal_kit.fairness import FairStream

MAX_STAKE = IN_HOUSE_MAX_STAKE
DICE_CODE = "BGS_DICE"
DICE_FACES = 10_000  # a roll is 0.00 to 99.99, kept in hundredths
DICE_PAYBACK = 9_900  # of 10,000: the dice returns 99 % of what is staked
DICE_MIN_CHANCE, DICE_MAX_CHANCE = 100, 9_800  # 1.00 % to 98.00 %
# The most a round of each game pays (minor units); a win above it is paid this (the jackpot is paid besides,
# bounded by its own cap). The slot's binds above stakes of 10,000.00 (it pays at most 250 times the stake). The
# rooms' stakes (at most 10,000.00 in VIP) win at most 990,000.00 at the dice and 160,000.00 at Dragon Tiger, so
# theirs bind only if a brand raises its minimum bets: they bound what one round can cost the house whatever the
# stakes, and every return here is computed with them (``dice_rtp``, ``cards.capped_rtp``, ``slot.capped_rtp``).
MAX_WIN = {slot.GAME_CODE: 250_000_000, DICE_CODE: 100_000_000, cards.GAME_CODE: 25_000_000}


@dataclass(frozen=True)
class Result:
    win: int
    outcome: dict[str, Any]
    capped: bool = False  # the win was cut to the game's maximum


def check_stake(stake: int, minimum: int) -> None:
    if stake < minimum or stake > MAX_STAKE:
        raise DomainError("stake.out_of_limits", min=minimum, max=MAX_STAKE)


def capped(game_code: str, win: int) -> tuple[int, bool]:
    """The win a round pays, and whether the game's cap cut it."""
    cap = MAX_WIN[game_code]
    return (cap, True) if win > cap else (win, False)


def slot_round(stake: int, stream: FairStream) -> Result:
    spin = slot.play(stream)
    line_bet = stake // len(slot.LINES)
    number = jackpot.draw(stream)
    win, cut = capped(slot.GAME_CODE, spin.multiplier * line_bet)
    outcome = {
        "stops": list(spin.stops),
        "grid": [list(reel) for reel in spin.grid],
        "wins": [
            {"line": w.line, "symbol": w.symbol, "count": w.count, "win": w.multiplier * line_bet} for w in spin.wins
        ],
        "jackpot": jackpot.hits(number, stake),
        "jackpotDraw": number,
    }
    return Result(win, outcome, cut)


def check_slot_stake(stake: int, minimum: int) -> None:
    check_stake(stake, minimum)
    if stake % len(slot.LINES):
        raise DomainError("stake.not_line_multiple", lines=len(slot.LINES))


def dice_chance(target: int, over: bool) -> int:
    """Winning rolls out of 10,000: over wins above ``target``, under wins below it."""
    return DICE_FACES - 1 - target if over else target


def check_dice(target: int, over: bool) -> None:
    if not 0 <= target < DICE_FACES or not DICE_MIN_CHANCE <= dice_chance(target, over) <= DICE_MAX_CHANCE:
        raise DomainError("dice.target_invalid", min=DICE_MIN_CHANCE // 100, max=DICE_MAX_CHANCE // 100)


def dice_payout(stake: int, target: int, over: bool) -> int:
    """What a winning roll pays: the stake times 99 % / chance, rounded down to a minor unit."""
    return stake * DICE_PAYBACK // dice_chance(target, over)


def dice_rtp(stake: int, target: int, over: bool) -> Fraction:
    """A roll's exact return: its chance times its capped payout, over the stake."""
    paid = min(dice_payout(stake, target, over), MAX_WIN[DICE_CODE])
    return Fraction(dice_chance(target, over), DICE_FACES) * paid / stake


def dice_round(stake: int, target: int, over: bool, stream: FairStream) -> Result:
    roll = stream.below(DICE_FACES)
    won = roll > target if over else roll < target
    win, cut = capped(DICE_CODE, dice_payout(stake, target, over) if won else 0)
    return Result(win, {"roll": roll, "target": target, "over": over}, cut)


def dragon_tiger_round(stake: int, side: str, stream: FairStream) -> Result:
    dealt = cards.deal(stream)
    outcome = {
        "dragon": cards.card_name(dealt.dragon),
        "tiger": cards.card_name(dealt.tiger),
        "winner": dealt.winner,
        "side": side,
    }
    win, cut = capped(cards.GAME_CODE, cards.payout(stake, side, dealt.winner))
    return Result(win, outcome, cut)


def play(game_code: str, stake: int, params: dict[str, Any], stream: FairStream) -> Result:
    """A round of ``game_code`` from its bet (the stake and what the player chose: ``params``) and its stream."""
    if game_code == slot.GAME_CODE:
        return slot_round(stake, stream)
    if game_code == DICE_CODE:
        return dice_round(stake, int(params["target"]), bool(params["over"]), stream)
    if game_code == cards.GAME_CODE:
        return dragon_tiger_round(stake, str(params["side"]), stream)
    raise DomainError("game.not_found", status=404)

"""The in-house games' rules, without I/O: what a bet may be, and what a round pays, from its fair numbers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games_service.bgs import cards, fair, jackpot, slot
from portal_kit.errors import DomainError

MAX_STAKE = 10_000_000  # minor units: 100,000.00
DICE_CODE = "BGS_DICE"
DICE_FACES = 10_000  # a roll is 0.00 to 99.99, kept in hundredths
DICE_PAYBACK = 9_900  # of 10,000: the dice returns 99 % of what is staked
DICE_MIN_CHANCE, DICE_MAX_CHANCE = 100, 9_800  # 1.00 % to 98.00 %


@dataclass(frozen=True)
class Result:
    win: int
    outcome: dict[str, Any]


def check_stake(stake: int, minimum: int) -> None:
    if stake < minimum or stake > MAX_STAKE:
        raise DomainError("stake.out_of_limits", min=minimum, max=MAX_STAKE)


def slot_round(stake: int, server_seed: str, client_seed: str, nonce: int) -> Result:
    spin = slot.play(server_seed, client_seed, nonce)
    line_bet = stake // len(slot.LINES)
    return Result(
        spin.multiplier * line_bet,
        {
            "stops": list(spin.stops),
            "grid": [list(reel) for reel in spin.grid],
            "wins": [
                {"line": w.line, "symbol": w.symbol, "count": w.count, "win": w.multiplier * line_bet}
                for w in spin.wins
            ],
            "jackpot": jackpot.hits(server_seed, client_seed, nonce),
        },
    )


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


def dice_round(stake: int, target: int, over: bool, server_seed: str, client_seed: str, nonce: int) -> Result:
    (roll,) = fair.integers(server_seed, client_seed, nonce, [DICE_FACES])
    won = roll > target if over else roll < target
    return Result(dice_payout(stake, target, over) if won else 0, {"roll": roll, "target": target, "over": over})


def dragon_tiger_round(stake: int, side: str, server_seed: str, client_seed: str, nonce: int) -> Result:
    dealt = cards.deal(server_seed, client_seed, nonce)
    outcome = {
        "dragon": cards.card_name(dealt.dragon),
        "tiger": cards.card_name(dealt.tiger),
        "winner": dealt.winner,
        "side": side,
    }
    return Result(cards.payout(stake, side, dealt.winner), outcome)

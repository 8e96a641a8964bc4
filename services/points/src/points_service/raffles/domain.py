"""A raffle's pure rules: its state by the clock, and the draw — the portal's one provably fair construction
(``portal_kit.fairness``, the lottery's), keyed by the raffle's seed, so anyone can recompute the winners from what is
published (the README's worked example)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum

from portal_kit.fairness import FairStream

MAX_PRIZES = 100
MAX_TICKETS = 1_000_000


class RaffleState(StrEnum):
    UPCOMING = "UPCOMING"  # not open yet
    OPEN = "OPEN"  # tickets claimed
    CLOSED = "CLOSED"  # past its close, being drawn
    DRAWN = "DRAWN"  # winners drawn, the seed shown


class PayoutStatus(StrEnum):
    PENDING = "PENDING"  # the wallet asked (or to be asked again)
    PAID = "PAID"
    FAILED = "FAILED"  # the wallet refused and nothing moved (a trial account, no wallet)


def state_of(opens_at: datetime, closes_at: datetime, drawn: bool, now: datetime) -> RaffleState:
    if drawn:
        return RaffleState.DRAWN
    if now < opens_at:
        return RaffleState.UPCOMING
    return RaffleState.OPEN if now < closes_at else RaffleState.CLOSED


def turnover_days(opens_at: datetime, closes_at: datetime, now: datetime) -> tuple[date, date]:
    """The UTC days whose stakes count toward a raffle's turnover condition: from its opening's day through today, and
    no later than the day of its last instant (the close is excluded). Before the opening the range is empty."""
    first = opens_at.astimezone(UTC).date()
    last = (closes_at - timedelta(microseconds=1)).astimezone(UTC).date()
    return first, min(now.astimezone(UTC).date(), last)


def turnover_in(stakes: Mapping[date, int], first: date, last: date) -> int:
    """A member's stakes of the days ``first`` to ``last`` (both included), from their stakes by day."""
    return sum(amount for day, amount in stakes.items() if first <= day <= last)


def turnover_short(min_turnover: int, turnover: int) -> bool:
    """Whether a member's turnover falls short of a raffle's condition (0: none, never short)."""
    return turnover < min_turnover


def shown_amount(amount: int) -> str:
    """Minor units as a message shows them: ``1,234.50``."""
    return f"{amount // 100:,}.{amount % 100:02d}"


def context(raffle_id: int) -> str:
    """What the draw's stream is named: ``raffle:<raffleId>``."""
    return f"raffle:{raffle_id}"


def winning_tickets(seed: bytes, raffle_id: int, tickets: int, prizes: int) -> list[int]:
    """The ticket numbers that win, the first prize's first: as many as there are prizes (or tickets, if fewer), drawn
    without replacement from the tickets 1, 2, ..., ``tickets`` in ascending order, by the stream of ``seed`` under
    the raffle's context."""
    stream = FairStream(seed, context(raffle_id))
    return stream.draw(range(1, tickets + 1), min(prizes, tickets))


def transaction_id(raffle_id: int, place: int) -> str:
    """The wallet's key of a prize: one credit per raffle and place, however often asked."""
    return f"raffle:{raffle_id}:prize:{place}"


def name_in(names: dict[str, str], language: str) -> str:
    return names.get(language) or names.get("TR") or next(iter(names.values()), "")


def masked(name: str | None) -> str:
    """A winner's name as public boards show it (the winners board's rule): the first two and the last character."""
    if not name:
        return "***"
    if len(name) <= 3:
        return name[:1] + "***"
    return f"{name[:2]}***{name[-1]}"


HOW_TO_VERIFY = {
    "TR": (
        "SHA-256(seed) yayımlanan seedHash ile aynı olmalı. Bilet numaraları 1..{tickets} artan sırada listelenir; "
        'blok b = HMAC-SHA256(seed baytları, "{context}:b"), her blok sekiz big-endian 32 bit sözcük. Her ödül için '
        "sıradaki sözcük w, 2^32 - (2^32 mod n) altındaysa w mod n, kalan listedeki dizini verir (n kalan bilet)."
    ),
    "EN": (
        "SHA-256(seed) must equal the seedHash published before. List the tickets 1..{tickets} in ascending order; "
        'block b = HMAC-SHA256(seed bytes, "{context}:b"), each block eight big-endian 32-bit words. For each prize '
        "take the next word w below 2^32 - (2^32 mod n) (n: tickets left): w mod n is the index of the winner in the "
        "list left, which then leaves it."
    ),
    "CN": (
        "SHA-256(seed) 必须等于事先公布的 seedHash。将彩票 1..{tickets} 按升序排列；第 b 块 = HMAC-SHA256(种子字节, "
        '"{context}:b")，每块为八个大端 32 位字。每个奖项取下一个小于 2^32 - (2^32 mod n) 的字 w（n 为剩余彩票数），'
        "w mod n 即中奖彩票在剩余列表中的位置，中奖后移出列表。"
    ),
}


def how_to_verify(language: str, tickets: int, raffle_id: int) -> str:
    text = HOW_TO_VERIFY.get(language, HOW_TO_VERIFY["EN"])
    return text.format(tickets=tickets, context=context(raffle_id))

"""The second person (issue 47 item 6): an ops action that grants money above the brand's dual-control amount (the
wallet's, one threshold for every service) waits until a finance checker other than its maker confirms it."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum

from portal_kit.audit import actor_name
from portal_kit.errors import DomainError
from portal_kit.sessions import Principal


class Review(StrEnum):
    NONE = "NONE"  # at or below the amount: live as made
    AWAITING = "AWAITING"  # above it: waits for a second person
    CONFIRMED = "CONFIRMED"
    REJECTED = "REJECTED"


def review_for(amount: int, dual_control_above: int, done_alone: int = 0) -> Review:
    """Above the amount, alone or with what the same maker granted alone today (the wallet's rule: splitting a large
    grant into small ones does not escape the second person)."""
    return Review.AWAITING if amount + done_alone > dual_control_above else Review.NONE


def today_utc() -> datetime:
    """The start of the UTC day the running totals of what one person granted alone are counted from."""
    return datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


def live(review: str) -> bool:
    """Whether members may see and use what was made (nothing waits on a second person, or one confirmed it)."""
    return review in (Review.NONE, Review.CONFIRMED)


def second_person_decides(
    review: str, maker: str, checker: Principal, approve: bool, reason: str | None, kind: str
) -> Review:
    """The review a second person's decision gives what ``maker`` made and is ``review``: ``<kind>.no_checker_needed``
    (409) when nothing awaits, ``ops.same_person`` for the maker, ``reason.required`` for a rejection without one."""
    if review != Review.AWAITING:
        raise DomainError(f"{kind}.no_checker_needed", status=409)
    refuse_own(maker, checker)
    if not approve and reason is None:
        raise DomainError("reason.required")
    return Review.CONFIRMED if approve else Review.REJECTED


def refuse_own(maker: str | None, checker: Principal) -> None:
    """The second person is someone else (``ops.same_person`` 403)."""
    if maker == actor_name(checker):
        raise DomainError("ops.same_person", status=403)


class QueueOrder(StrEnum):
    """The orders of an ops queue (bonuses, mall redemptions, activity applications): the newest first, the oldest
    first; by id, the order they were made in."""

    NEWEST = "newest"
    OLDEST = "oldest"


class CatalogueOrder(StrEnum):
    """The orders of what a brand offers (mall items, missions, promotions): the members' order (``sort``), the
    newest made first, the oldest first; each then by id."""

    DISPLAY = "display"
    NEWEST = "newest"
    OLDEST = "oldest"


class PrizeOrder(StrEnum):
    """The orders of the ops lists of raffles and red envelopes: the newest made first, the oldest first, or the
    soonest to close first (``closes_at``, the brand's index of it); each then by id."""

    NEWEST = "newest"
    OLDEST = "oldest"
    CLOSING = "closing"


class PrizePhase(StrEnum):
    """Where a raffle or an envelope stands against the clock: not opened yet, open now, closed."""

    UPCOMING = "upcoming"
    OPEN = "open"
    CLOSED = "closed"

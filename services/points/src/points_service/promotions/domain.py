"""Promotions and their bonuses, as pure rules: how much a deposit earns, what wagering a bonus asks, which bets count
toward it, and where a bonus goes after the wallet answers.

A bonus is held in the member's bonus wallet (the wallet's ``rpc.wallet.bonus``) and cannot be spent or withdrawn.
Settled bets of its eligible game types, each at most its maximum stake, count toward its turnover (the oldest
active bonus first; what a bet adds beyond it is not carried). Met, it is released into the main wallet; past its
expiry, or given up by a withdrawal, it goes back to the house."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum

MAX_BONUS = 100_000_000_000  # minor units: the money API's largest movement
MAX_PERCENT_BP = 100_000  # basis points: a bonus of at most 1,000 % of the deposit
MAX_MULTIPLE = 100
MAX_EXPIRY_DAYS = 365


class PromotionKind(StrEnum):
    FIRST_DEPOSIT = "FIRST_DEPOSIT"  # the member's first credited deposit after joining
    RELOAD = "RELOAD"  # any later deposit after joining, at most one bonus a day per promotion
    CASHBACK = "CASHBACK"  # a share of each UTC day's net loss after joining (minDeposit: the least loss)
    ACTIVITY = "ACTIVITY"  # members apply with a remark and images; ops decide the bonus (at most maxBonus)


DEPOSIT_KINDS = frozenset({PromotionKind.FIRST_DEPOSIT, PromotionKind.RELOAD})
REMARK_MAX = 140  # spec §5: an activity application's remark


class ApplicationStatus(StrEnum):
    PENDING = "PENDING"
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"


class GameType(StrEnum):
    """The games' catalogue types, as the settled-bet events name them (a lottery bet counts as ``LOTT``)."""

    SPORTS = "SPORTS"
    ESPORTS = "ESPORTS"
    LIVE = "LIVE"
    LOTT = "LOTT"
    ELOTT = "ELOTT"
    FISH = "FISH"
    PVP = "PVP"
    RNG = "RNG"
    COCKFIGHT = "COCKFIGHT"


class GrantStatus(StrEnum):
    GRANTING = "GRANTING"  # made; the wallet not yet asked to hold it
    ACTIVE = "ACTIVE"  # held by the wallet; bets count toward it
    RELEASING = "RELEASING"  # wagering met; the wallet asked to release it
    RELEASED = "RELEASED"  # in the main wallet: the member's money
    EXPIRING = "EXPIRING"  # past its expiry; the wallet asked to forfeit it
    EXPIRED = "EXPIRED"  # back to the house
    FORFEITED = "FORFEITED"  # given up by a withdrawal before its wagering was met
    FAILED = "FAILED"  # the wallet could not hold it (no real-money wallet): nothing moved


# Statuses in which the wallet is to be asked, and what for.
ASKING: dict[GrantStatus, str] = {
    GrantStatus.GRANTING: "GRANT",
    GrantStatus.RELEASING: "RELEASE",
    GrantStatus.EXPIRING: "FORFEIT",
}
OPEN = frozenset({GrantStatus.GRANTING, GrantStatus.ACTIVE, GrantStatus.RELEASING, GrantStatus.EXPIRING})


def bonus_for(deposit: int, percent_bp: int, max_bonus: int, min_deposit: int) -> int:
    """The bonus a deposit earns: ``percent_bp`` basis points of it, rounded down to the minor unit, at most
    ``max_bonus``; nothing below ``min_deposit``."""
    if deposit < 0 or percent_bp < 0 or max_bonus < 0 or min_deposit < 0:
        raise ValueError("no negative deposit, percentage, maximum or minimum")
    if deposit < min_deposit:
        return 0
    return min(deposit * percent_bp // 10_000, max_bonus)


def cashback_for(staked: int, won: int, percent_bp: int, max_bonus: int, min_loss: int) -> int:
    """The cashback of a day: ``percent_bp`` of its net loss (stakes less wins), rounded down, at most ``max_bonus``;
    nothing for a day won, even, or lost by less than ``min_loss``."""
    loss = staked - won
    if loss <= 0:
        return 0
    return bonus_for(loss, percent_bp, max_bonus, max(min_loss, 1))


def cashback_days(now: datetime, grace: timedelta) -> list[date]:
    """The UTC days whose cashback is due at ``now``: the last day over for at least ``grace``, and the day before it
    (a worker that was away catches up; a day granted already grants nothing again)."""
    last = (now - grace).astimezone(UTC).date() - timedelta(days=1)
    return [last - timedelta(days=1), last]


def turnover_for(bonus: int, multiple: int) -> int:
    """The stakes a bonus asks before it is released: its amount times the promotion's multiple."""
    return bonus * multiple


def counts_toward(game_types: Sequence[str], max_bet: int, game_type: str, stake: int) -> bool:
    """Whether a settled bet counts toward a bonus: one of its game types, and no more than its maximum stake (0: no
    maximum). A bet above the maximum is the member's to make; it only does not count."""
    return game_type in game_types and (max_bet == 0 or stake <= max_bet)


@dataclass(frozen=True)
class OpenGrant:
    """What the wagering rule needs of an active bonus."""

    id: str
    game_types: tuple[str, ...]
    max_bet: int
    activated_at: datetime
    turnover_done: int
    turnover_required: int
    expires_at: datetime

    def counted(self, stake: int) -> OpenGrant:
        return OpenGrant(self.id, self.game_types, self.max_bet, self.activated_at, self.turnover_done + stake,
                         self.turnover_required, self.expires_at)  # fmt: skip


def grant_for_bet(grants: Sequence[OpenGrant], game_type: str, stake: int, settled_at: datetime) -> OpenGrant | None:
    """The active bonus a settled bet counts toward: the oldest one active (held, not yet expired) when the bet
    settled that the bet counts for, or none. ``grants`` come oldest first."""
    for grant in grants:
        live = grant.activated_at <= settled_at < grant.expires_at
        if live and counts_toward(grant.game_types, grant.max_bet, game_type, stake):
            return grant
    return None


def after_wallet(status: GrantStatus, answered: str) -> GrantStatus:
    """Where a bonus goes once the wallet answered the question its status asked: held (``ACTIVE``), released, or
    forfeited — an expiring bonus the wallet forfeited is ``EXPIRED``; one it had already released (or a withdrawal
    had forfeited) ends as the wallet says."""
    if answered == "HELD":
        if status is not GrantStatus.GRANTING:
            raise ValueError(f"a bonus {status} cannot be held again")
        return GrantStatus.ACTIVE
    if answered == "RELEASED":
        return GrantStatus.RELEASED
    if answered == "FORFEITED":
        return GrantStatus.EXPIRED if status is GrantStatus.EXPIRING else GrantStatus.FORFEITED
    raise ValueError(f"unknown answer {answered}")


def text_in(texts: dict[str, str], language: str) -> str:
    """A text in ``language``, else in Turkish (every promotion has one), else any."""
    return texts.get(language) or texts.get("TR") or next(iter(texts.values()), "")

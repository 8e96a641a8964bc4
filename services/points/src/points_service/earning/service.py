"""An amount (a settled bet's valid bet, a credited deposit) earns its account points by the brand's rule of its
type, in the consumer's transaction (the kit's inbox makes it once per event)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning import repository
from points_service.ledger import repository as ledger
from points_service.ledger.domain import EntryKind
from points_service.rules.domain import PointType

TRIAL_TYPE = 4


class NotKnownYet(Exception):
    """An amount of an account whose registration has not been consumed yet (the streams are read apart): the event
    is tried again later, when it has."""


async def earn(
    session: AsyncSession, merchant: str, account_id: str, point_type: PointType, amount: int, source: str
) -> int:
    """The points ``amount`` earned (0: below a unit so far, a trial account, a type off or without a rule)."""
    decided = await repository.decision(session, merchant, account_id, point_type)
    if not decided.known:
        raise NotKnownYet(f"{merchant}/{account_id}")
    if decided.account_type == TRIAL_TYPE or not decided.enabled or decided.betting_unit is None or amount <= 0:
        return 0
    unit, ratio = decided.betting_unit, decided.ratio
    points = await repository.grow(session, merchant, account_id, point_type, amount, unit, ratio)
    if points > 0:
        change = ledger.Change(merchant, account_id, EntryKind.EARN, point_type, points, amount, unit, ratio, source)
        await ledger.apply(session, change)
    return points

"""Amounts (settled bets' valid bets, credited deposits) earn their accounts points by the brands' rules of their
types, a settled bet weighted by its member's VIP multiplier (``earning.domain``; the amounts of one account and type
in their order), a whole pull at once in the consumer's transaction (the kit's inbox makes it once per event)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning import repository
from points_service.earning.domain import BASE_PCT, Amount, Rung, earn_weighted, level_held, multiplier_of
from points_service.ledger import repository as ledger
from points_service.ledger.domain import EntryKind
from points_service.rules.domain import PointType

TRIAL_TYPE = 4


class NotKnownYet(Exception):
    """An amount of an account whose registration has not been consumed yet (the streams are read apart): its event
    is tried again later, when it has."""


class Multipliers:
    """Each member's VIP multiplier through a pull, in its order: the level the committed turnover and the pull's
    earlier bets reach (what the vip slice records of this pull, in the same transaction, after the earning)."""

    def __init__(self, ladders: dict[str, list[Rung]], standing: dict[tuple[str, str], tuple[int, int]]) -> None:
        self.ladders, self.standing = ladders, dict(standing)

    def of(self, amount: Amount) -> int:
        """The multiplier ``amount`` earns at (a deposit: ×1.00)."""
        ladder = self.ladders.get(amount.merchant)
        if not ladder or amount.point_type is PointType.DEPOSIT:
            return BASE_PCT
        turnover, level = self.standing.get((amount.merchant, amount.account_id), (0, 0))
        return multiplier_of(ladder, level_held(ladder, turnover, level))

    def count(self, amount: Amount) -> None:
        """``amount``'s bet counted toward its member's level, for the amounts after it."""
        key = (amount.merchant, amount.account_id)
        if amount.turnover > 0 and amount.merchant in self.ladders:
            turnover, level = self.standing.get(key, (0, 0))
            self.standing[key] = (turnover + amount.turnover, level)


async def earn_all(session: AsyncSession, amounts: list[Amount]) -> list[int]:
    """The points each of ``amounts`` earned (0: below a unit so far, a trial account, a type off or without a rule,
    no amount, a bet of a game type that earns nothing)."""
    if not amounts:
        return []
    rules = await repository.rules(session, ((a.merchant, a.point_type) for a in amounts if a.point_type is not None))
    could_earn = [
        (index, a) for index, a in enumerate(amounts)
        if a.amount > 0 and a.point_type is not None and (rule := rules.get((a.merchant, a.point_type))) is not None
        and rule.enabled
    ]  # fmt: skip
    types = await repository.account_types(session, ((a.merchant, a.account_id) for _, a in could_earn))
    missing = [a for _, a in could_earn if (a.merchant, a.account_id) not in types]
    if missing:  # only an amount that could earn waits for its account
        raise NotKnownYet(", ".join(f"{a.merchant}/{a.account_id}" for a in missing[:5]))
    counting = {index: a for index, a in could_earn if types[(a.merchant, a.account_id)] != TRIAL_TYPE}
    earned = [0] * len(amounts)
    if not counting:
        return earned
    players = ((a.merchant, a.account_id) for a in counting.values() if a.point_type is not PointType.DEPOSIT)
    multipliers = Multipliers(*await repository.vip_standing(session, players))
    progress = await repository.locked_progress(
        session, ((a.merchant, a.account_id, str(a.point_type)) for a in counting.values())
    )
    changes = []
    for index, a in enumerate(amounts):
        if index in counting:
            rule, pct = rules[(a.merchant, str(a.point_type))], multipliers.of(a)
            row = progress[(a.merchant, a.account_id, str(a.point_type))]
            result = earn_weighted(row.carried, a.amount, pct, rule.betting_unit, rule.ratio)
            row.carried, row.counted = result.carried, row.counted + a.amount
            earned[index] = result.points
            if result.points > 0:
                changes.append(ledger.Change(
                    a.merchant, a.account_id, EntryKind.EARN, str(a.point_type), result.points, a.amount,
                    rule.betting_unit, rule.ratio, a.source, pct,
                ))  # fmt: skip
        multipliers.count(a)
    await repository.save_progress(session, progress)
    await ledger.apply_all(session, changes)
    return earned

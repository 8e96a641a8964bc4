"""Amounts (settled bets' valid bets, credited deposits) earn their accounts points by the brands' rules of their
types (``rules.domain.earn``, the amounts of one account and type in their order), a whole pull at once in the
consumer's transaction (the kit's inbox makes it once per event)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning import repository
from points_service.earning.domain import Amount
from points_service.ledger import repository as ledger
from points_service.ledger.domain import EntryKind
from points_service.rules.domain import earn

TRIAL_TYPE = 4


class NotKnownYet(Exception):
    """An amount of an account whose registration has not been consumed yet (the streams are read apart): its event
    is tried again later, when it has."""


async def earn_all(session: AsyncSession, amounts: list[Amount]) -> list[int]:
    """The points each of ``amounts`` earned (0: below a unit so far, a trial account, a type off or without a rule,
    no amount)."""
    if not amounts:
        return []
    rules = await repository.rules(session, ((a.merchant, a.point_type) for a in amounts))
    could_earn = [
        (index, a) for index, a in enumerate(amounts)
        if a.amount > 0 and (rule := rules.get((a.merchant, a.point_type))) is not None and rule.enabled
    ]  # fmt: skip
    types = await repository.account_types(session, ((a.merchant, a.account_id) for _, a in could_earn))
    missing = [a for _, a in could_earn if (a.merchant, a.account_id) not in types]
    if missing:  # only an amount that could earn waits for its account
        raise NotKnownYet(", ".join(f"{a.merchant}/{a.account_id}" for a in missing[:5]))
    counting = [(index, a) for index, a in could_earn if types[(a.merchant, a.account_id)] != TRIAL_TYPE]
    earned = [0] * len(amounts)
    if not counting:
        return earned
    keys = ((a.merchant, a.account_id, a.point_type) for _, a in counting)
    progress = await repository.locked_progress(session, keys)
    changes = []
    for index, a in counting:
        rule = rules[(a.merchant, a.point_type)]
        row = progress[(a.merchant, a.account_id, a.point_type)]
        result = earn(row.carried, a.amount, rule.betting_unit, rule.ratio)
        row.carried, row.counted = result.carried, row.counted + a.amount
        earned[index] = result.points
        if result.points > 0:
            changes.append(
                ledger.Change(
                    a.merchant,
                    a.account_id,
                    EntryKind.EARN,
                    a.point_type,
                    result.points,
                    a.amount,
                    rule.betting_unit,
                    rule.ratio,
                    a.source,
                )
            )
    await repository.save_progress(session, progress)
    await ledger.apply_all(session, changes)
    return earned

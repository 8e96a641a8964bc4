"""A brand's rules: read by its members and ops, changed by its admins (audited, before and after)."""

from __future__ import annotations

from points_service.ops import repository as audit
from points_service.rules import repository
from points_service.rules.domain import EARNING_TYPES, PointType
from points_service.rules.models import PointRule
from points_service.rules.schemas import PointRuleRead, PointRuleWrite
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.sessions import Principal


def _read(point_type: PointType, rule: PointRule | None) -> PointRuleRead:
    """A type without a rule earns nothing: shown off, at zeros."""
    if rule is None:
        return PointRuleRead(pointType=point_type, bettingUnit=0, ratio=0, enabled=False)
    return PointRuleRead(pointType=point_type, bettingUnit=rule.betting_unit, ratio=rule.ratio, enabled=rule.enabled)


async def rules(db: Database, merchant: str) -> list[PointRuleRead]:
    """Every earning type of the brand, in the order of the spec's list."""
    async with db.reader() as session:
        found = {rule.point_type: rule for rule in await repository.of_brand(session, merchant)}
    return [_read(kind, found.get(kind)) for kind in EARNING_TYPES]


def earning_type(value: str) -> PointType:
    if value not in EARNING_TYPES:
        raise DomainError("points.type_unknown", status=404, pointType=value)
    return PointType(value)


async def change(
    db: Database, merchant: str, actor: Principal, point_type: str, body: PointRuleWrite, ip: str | None
) -> PointRuleRead:
    """The rule of ``point_type`` as ``body`` says, from the next amount the worker counts (what is carried below a
    unit stays carried, and counts by the new unit)."""
    kind = earning_type(point_type)
    after = PointRuleRead(pointType=kind, bettingUnit=body.bettingUnit, ratio=body.ratio, enabled=body.enabled)
    async with db.transaction() as session:
        locked = await repository.locked(session, merchant, kind)
        before = _read(kind, locked).model_dump(mode="json") if locked else None
        await repository.put(session, merchant, kind, body.bettingUnit, body.ratio, body.enabled)
        audit.record(
            session, merchant, actor, "points.rule.change", f"rule:{kind}", reason=body.reason, before=before,
            after=after.model_dump(mode="json"), ip=ip,
        )  # fmt: skip
    return after

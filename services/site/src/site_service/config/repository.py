"""Every query of a brand's configuration, in the caller's session (the use case owns the transaction), and the
audit row and ``site.config.changed.v1`` event each ops change writes in that transaction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from portal_events import SiteConfigChangedV1
from portal_kit.audit import AuditFilters, actor_name, audit_page, record_ops_action
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event
from portal_kit.paging import Page
from portal_kit.repository import Scoped
from portal_kit.sessions import Principal
from site_service.config.models import DomainRoute, Merchant, OpsAudit, RegisterRule, Resource

_resources = Scoped(Resource)
_rules = Scoped(RegisterRule)
_routes = Scoped(DomainRoute)


# The brand -------------------------------------------------------------------------------------------------


async def merchant(session: AsyncSession, code: str, *, for_update: bool = False) -> Merchant | None:
    """The brand; locked until the transaction ends with ``for_update`` (ops changes of one brand take turns)."""
    query = select(Merchant).where(Merchant.code == code)
    if for_update:
        query = query.with_for_update()
    return await session.scalar(query)


async def insert_merchant(session: AsyncSession, code: str, values: Mapping[str, Any]) -> bool:
    """A new brand; ``False`` when the code is taken (nothing written)."""
    inserted = await session.scalar(
        insert(Merchant).values(code=code, **values).on_conflict_do_nothing().returning(Merchant.code)
    )
    return inserted is not None


async def write_merchant(session: AsyncSession, found: Merchant) -> None:
    """Flush the brand's changed attributes and read it back as stored (``updated_at`` set by the database)."""
    await session.flush()
    await session.refresh(found)


# Resources, registration rules, domain routes --------------------------------------------------------------


async def resources(session: AsyncSession, code: str) -> Sequence[Resource]:
    query = _resources.query(code).order_by(Resource.sort, Resource.id)
    return (await session.scalars(query)).all()


async def replace_resources(session: AsyncSession, code: str, items: Iterable[tuple[str, str, str]]) -> None:
    """The brand's resources become ``items`` (type, English label, URL), sorted as given."""
    await session.execute(_resources.delete(code))
    for index, (kind, label, url) in enumerate(items):
        session.add(Resource(merchant=code, type=kind, label_name_en=label, url=url, sort=index))
    await session.flush()


async def register_rules(session: AsyncSession, code: str) -> Sequence[RegisterRule]:
    return (await session.scalars(_rules.query(code))).all()


async def upsert_register_rule(session: AsyncSession, code: str, field: str, values: Mapping[str, Any]) -> None:
    await session.execute(
        insert(RegisterRule)
        .values(merchant=code, field=field, **values)
        .on_conflict_do_update(index_elements=[RegisterRule.merchant, RegisterRule.field], set_=dict(values))
    )


async def domain_routes(session: AsyncSession, code: str) -> Sequence[DomainRoute]:
    query = _routes.query(code).order_by(DomainRoute.sort, DomainRoute.id)
    return (await session.scalars(query)).all()


async def replace_domain_routes(session: AsyncSession, code: str, routes: Iterable[tuple[str, str]]) -> None:
    """The brand's domain routes become ``routes`` (domain, label), sorted as given."""
    await session.execute(_routes.delete(code))
    for index, (domain, label) in enumerate(routes):
        session.add(DomainRoute(merchant=code, domain=domain, label=label, sort=index))
    await session.flush()


# The ops audit ----------------------------------------------------------------------------------------------


def record_change(
    session: AsyncSession,
    merchant: str,
    actor: Principal,
    section: str,
    action: str,
    *,
    target: str = "",
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> None:
    """Stage the audit row (action ``<section>.<action>``) and the ``site.config.changed.v1`` event in the change's
    transaction: both commit with it or not at all."""
    record_ops_action(session, OpsAudit, merchant, actor, f"{section}.{action}", target, before=before, after=after)
    data = {"merchant": merchant, "section": section, "action": action, "changedBy": actor_name(actor)}
    add_event(session, new_event(SiteConfigChangedV1, merchant, data))


async def audit_rows(
    session: AsyncSession, code: str, page: Page, filters: AuditFilters
) -> tuple[Sequence[OpsAudit], int]:
    """One page of the brand's audit rows narrowed by ``filters``, in their order, and how many pass them."""
    return await audit_page(session, OpsAudit, code, page, filters)

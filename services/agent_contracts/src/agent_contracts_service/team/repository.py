"""The tree's queries, every one scoped to the brand. Writes to a brand's tree are serialised by a transaction-level
advisory lock on the brand (a registration, a move), so the closure rows never see two changes interleaved."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from agent_contracts_service.team.domain import contains_pattern
from agent_contracts_service.team.models import TeamLink, TeamMember
from portal_kit.repository import Scoped
from portal_kit.sessions import AGENT_TYPES

members = Scoped(TeamMember)
links = Scoped(TeamLink)


async def lock_tree(session: AsyncSession, merchant: str) -> None:
    await session.execute(select(func.pg_advisory_xact_lock(func.hashtextextended(f"team:{merchant}", 0))))


async def member(session: AsyncSession, merchant: str, account_id: str, *, lock: bool = False) -> TeamMember | None:
    if lock:
        return await members.get_for_update(session, merchant, account_id=account_id)
    return await members.get(session, merchant, account_id=account_id)


async def add_root(
    session: AsyncSession, merchant: str, account_id: str, *, username: str | None, account_type: int | None,
    placeholder: bool, registered_at: datetime | None,
) -> None:  # fmt: skip
    """A new account without an upline, with its own link (depth 0)."""
    session.add(
        TeamMember(
            merchant=merchant, account_id=account_id, username=username, account_type=account_type, upline_id=None,
            depth=0, placeholder=placeholder, registered_at=registered_at,
        )
    )  # fmt: skip
    session.add(TeamLink(merchant=merchant, ancestor_id=account_id, descendant_id=account_id, depth=0))
    await session.flush()


async def add_under(
    session: AsyncSession, merchant: str, account_id: str, upline: TeamMember, *, username: str,
    account_type: int, registered_at: datetime,
) -> None:  # fmt: skip
    """A new leaf under ``upline``: its own link and one to each of the upline's ancestors (the upline included)."""
    session.add(
        TeamMember(
            merchant=merchant, account_id=account_id, username=username, account_type=account_type,
            upline_id=upline.account_id, depth=upline.depth + 1, placeholder=False, registered_at=registered_at,
        )
    )  # fmt: skip
    await session.flush()
    await session.execute(
        text(
            "INSERT INTO team_link (merchant, ancestor_id, descendant_id, depth) "
            "SELECT merchant, ancestor_id, CAST(:account AS varchar), depth + 1 FROM team_link "
            "WHERE merchant = :merchant AND descendant_id = :upline "
            "UNION ALL SELECT CAST(:merchant AS varchar), CAST(:account AS varchar), CAST(:account AS varchar), 0"
        ),
        {"merchant": merchant, "account": account_id, "upline": upline.account_id},
    )


async def fill_placeholder(
    session: AsyncSession, merchant: str, account_id: str, *, username: str, account_type: int,
    registered_at: datetime,
) -> None:  # fmt: skip
    await session.execute(
        members.update(merchant, account_id=account_id).values(
            username=username, account_type=account_type, placeholder=False, registered_at=registered_at,
            updated_at=func.now(),
        )
    )  # fmt: skip


async def in_tree(session: AsyncSession, merchant: str, ancestor_id: str, descendant_id: str) -> int | None:
    """The depth of ``descendant_id`` below ``ancestor_id`` (0: the same account), ``None`` when outside its tree."""
    found = await session.scalar(
        select(TeamLink.depth).where(*links.where(merchant, ancestor_id=ancestor_id, descendant_id=descendant_id))
    )
    return None if found is None else int(found)


async def move_subtree(session: AsyncSession, merchant: str, account_id: str, new_upline: TeamMember) -> None:
    """Re-hang ``account_id`` and its whole subtree under ``new_upline`` (the caller has refused cycles): the links
    from its old ancestors to the subtree go, links from the new upline's ancestors to the subtree come, every depth
    in the subtree shifts."""
    params = {"merchant": merchant, "account": account_id, "upline": new_upline.account_id}
    await session.execute(
        text(
            "DELETE FROM team_link l USING team_link sub, team_link up "
            "WHERE sub.merchant = :merchant AND sub.ancestor_id = :account "
            "AND up.merchant = :merchant AND up.descendant_id = :account AND up.depth > 0 "
            "AND l.merchant = :merchant AND l.descendant_id = sub.descendant_id AND l.ancestor_id = up.ancestor_id"
        ),
        params,
    )
    await session.execute(
        text(
            "INSERT INTO team_link (merchant, ancestor_id, descendant_id, depth) "
            "SELECT up.merchant, up.ancestor_id, sub.descendant_id, up.depth + sub.depth + 1 "
            "FROM team_link up JOIN team_link sub ON sub.merchant = :merchant AND sub.ancestor_id = :account "
            "WHERE up.merchant = :merchant AND up.descendant_id = :upline"
        ),
        params,
    )
    await session.execute(
        text(
            "UPDATE team_member m SET depth = l.depth + :base, updated_at = now() FROM team_link l "
            "WHERE l.merchant = :merchant AND l.ancestor_id = :account "
            "AND m.merchant = :merchant AND m.account_id = l.descendant_id"
        ),
        {**params, "base": new_upline.depth + 1},
    )
    await session.execute(
        update(TeamMember)
        .where(*members.where(merchant, account_id=account_id))
        .values(upline_id=new_upline.account_id, updated_at=func.now())
    )


async def direct_downlines(session: AsyncSession, merchant: str, upline_id: str) -> Sequence[TeamMember]:
    query = members.query(merchant, upline_id=upline_id).order_by(TeamMember.account_id)
    return (await session.scalars(query)).all()


async def tree(
    session: AsyncSession, merchant: str, ancestor_id: str, *, limit: int
) -> Sequence[tuple[TeamMember, int]]:
    """``ancestor_id``'s whole tree (itself first), each member with its depth below it."""
    query = (
        select(TeamMember, TeamLink.depth)
        .join(
            TeamLink,
            (TeamLink.merchant == TeamMember.merchant) & (TeamLink.descendant_id == TeamMember.account_id),
        )
        .where(*links.where(merchant, ancestor_id=ancestor_id))
        .order_by(TeamLink.depth, TeamMember.account_id)
        .limit(limit)
    )
    return [(row[0], int(row[1])) for row in (await session.execute(query)).all()]


def _downlines_where(merchant: str, agent_id: str, search: str | None, direct_only: bool) -> list[Any]:
    found = [
        *links.where(merchant, TeamLink.depth == 1 if direct_only else TeamLink.depth > 0, ancestor_id=agent_id),
        TeamMember.merchant == merchant,
        TeamMember.account_id == TeamLink.descendant_id,
        TeamMember.placeholder.is_(False),
    ]
    if search:
        found.append(TeamMember.username.ilike(contains_pattern(search), escape="\\"))
    return found


async def downlines_page(
    session: AsyncSession, merchant: str, agent_id: str, *, search: str | None, direct_only: bool, limit: int,
    offset: int,
) -> tuple[list[tuple[TeamMember, int, str | None, int]], int]:  # fmt: skip
    """``agent_id``'s downlines (every depth, or only the direct ones), optionally those whose name contains
    ``search``, the newest registration first: each with its depth, its upline's name and its direct downlines'
    count; and how many there are in all."""
    upline = aliased(TeamMember)
    child = aliased(TeamMember)
    below = (
        select(func.count())
        .where(child.merchant == TeamMember.merchant, child.upline_id == TeamMember.account_id)
        .correlate(TeamMember)
        .scalar_subquery()
    )
    where = _downlines_where(merchant, agent_id, search, direct_only)
    query = (
        select(TeamMember, TeamLink.depth, upline.username.label("upline_username"), below.label("downlines"))
        .select_from(TeamLink)
        .join(TeamMember, TeamMember.account_id == TeamLink.descendant_id)
        .outerjoin(upline, (upline.merchant == TeamMember.merchant) & (upline.account_id == TeamMember.upline_id))
        .where(*where)
        .order_by(TeamMember.registered_at.desc().nulls_last(), TeamMember.account_id)
        .limit(limit)
        .offset(offset)
    )
    total = await session.scalar(
        select(func.count()).select_from(TeamLink).join(TeamMember, TeamMember.account_id == TeamLink.descendant_id)
        .where(*where)
    )  # fmt: skip
    rows = [(row[0], int(row[1]), row[2], int(row[3])) for row in (await session.execute(query)).all()]
    return rows, int(total or 0)


async def team_counts(session: AsyncSession, merchant: str, agent_id: str, since: Sequence[datetime]) -> Any:
    """Of ``agent_id``'s downlines (every depth): how many, how many direct, how many agents, and how many
    registered at or after each of ``since``."""
    registered = [
        func.count().filter(TeamMember.registered_at >= moment).label(f"since_{number}")
        for number, moment in enumerate(since)
    ]
    query = (
        select(
            func.count().label("size"),
            func.count().filter(TeamLink.depth == 1).label("direct"),
            func.count().filter(TeamMember.account_type.in_(AGENT_TYPES)).label("agents"),
            *registered,
        )
        .select_from(TeamLink)
        .join(TeamMember, TeamMember.account_id == TeamLink.descendant_id)
        .where(*_downlines_where(merchant, agent_id, None, False))
    )
    return (await session.execute(query)).one()


async def uplines(session: AsyncSession, merchant: str, account_id: str) -> Sequence[str]:
    """``account_id``'s uplines, the nearest first (itself not included)."""
    query = (
        select(TeamLink.ancestor_id)
        .where(*links.where(merchant, TeamLink.depth > 0, descendant_id=account_id))
        .order_by(TeamLink.depth)
    )
    return (await session.scalars(query)).all()


async def links_of(session: AsyncSession, merchant: str) -> set[tuple[str, str, int]]:
    """Every link of the brand (for the checks of the tests and of ops tools: small brands only)."""
    rows = await session.execute(
        select(TeamLink.ancestor_id, TeamLink.descendant_id, TeamLink.depth).where(*links.where(merchant))
    )
    return {(str(a), str(d), int(depth)) for a, d, depth in rows.all()}


async def downline(session: AsyncSession, merchant: str, agent_id: str, account_id: str) -> TeamMember | None:
    """``account_id`` when it is below ``agent_id`` at any depth (never the agent itself, never a placeholder): one
    primary-key lookup of the closure table joined to the member's row; ``None`` otherwise."""
    query = (
        select(TeamMember)
        .join(
            TeamLink,
            (TeamLink.merchant == TeamMember.merchant) & (TeamLink.descendant_id == TeamMember.account_id),
        )
        .where(
            *links.where(merchant, TeamLink.depth > 0, ancestor_id=agent_id, descendant_id=account_id),
            TeamMember.placeholder.is_(False),
        )
    )
    found: TeamMember | None = await session.scalar(query)
    return found

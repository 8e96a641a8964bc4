"""The tree's use cases: an account placed from its registration, an ops move, an agent's view of its tree."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from agent_contracts_service.team import repository
from agent_contracts_service.team.domain import Placement, is_agent, move_refusal
from agent_contracts_service.team.models import TeamMember
from agent_contracts_service.team.schemas import MovedRead, TeamCountsRead, TeamDownlineRead, TeamMemberRead, TeamRead
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import Conflict, NotFound
from portal_kit.paging import Page, page_of

log = logging.getLogger("agent_contracts.team")
TREE_LIMIT = 5000


async def place(session: AsyncSession, merchant: str, placement: Placement, registered_at: datetime) -> None:
    """Put a registered account in its brand's tree, under its upline at any depth. An upline not read yet is kept
    as a placeholder root, filled in (and hung under its own upline) when its registration arrives."""
    await repository.lock_tree(session, merchant)
    existing = await repository.member(session, merchant, placement.account_id, lock=True)
    if existing is not None and not existing.placeholder:
        return  # the same account announced twice under two event ids: the first placement stands
    upline: TeamMember | None = None
    if placement.upline_id is not None:
        upline = await repository.member(session, merchant, placement.upline_id)
        if upline is None:
            await repository.add_root(
                session, merchant, placement.upline_id, username=None, account_type=None, placeholder=True,
                registered_at=None,
            )  # fmt: skip
            upline = await repository.member(session, merchant, placement.upline_id)
    if existing is None:
        if upline is None:
            await repository.add_root(
                session, merchant, placement.account_id, username=placement.username,
                account_type=placement.account_type, placeholder=False, registered_at=registered_at,
            )  # fmt: skip
        else:
            await repository.add_under(
                session, merchant, placement.account_id, upline, username=placement.username,
                account_type=placement.account_type, registered_at=registered_at,
            )  # fmt: skip
        return
    await repository.fill_placeholder(
        session, merchant, placement.account_id, username=placement.username, account_type=placement.account_type,
        registered_at=registered_at,
    )  # fmt: skip
    if upline is not None and existing.upline_id is None:
        below = await repository.in_tree(session, merchant, placement.account_id, upline.account_id)
        if move_refusal(placement.account_id, upline.account_id, below is not None) is None:
            await repository.move_subtree(session, merchant, placement.account_id, upline)
        else:
            log.warning("%s %s stays a root: its upline %s is in its own tree", merchant, placement.account_id,
                        upline.account_id)  # fmt: skip


async def move(session: AsyncSession, merchant: str, account_id: str, upline_id: str) -> MovedRead:
    """Move ``account_id`` and its subtree under ``upline_id`` (both of this brand), refusing a cycle; in the
    caller's transaction (which writes the audit row)."""
    await repository.lock_tree(session, merchant)
    moved = await repository.member(session, merchant, account_id, lock=True)
    upline = await repository.member(session, merchant, upline_id)
    if moved is None or upline is None:
        raise NotFound("team.member_not_found")
    below = await repository.in_tree(session, merchant, account_id, upline_id)
    refusal = move_refusal(account_id, upline_id, below is not None)
    if refusal is not None:
        raise Conflict(refusal)
    previous = moved.upline_id
    if previous != upline_id:
        await repository.move_subtree(session, merchant, account_id, upline)
    return MovedRead(accountId=account_id, uplineId=upline_id, previousUplineId=previous, depth=upline.depth + 1)


async def member(session: AsyncSession, merchant: str, account_id: str) -> TeamMember | None:
    return await repository.member(session, merchant, account_id)


async def depth_below(session: AsyncSession, merchant: str, ancestor_id: str, account_id: str) -> int | None:
    """How far ``account_id`` is below ``ancestor_id`` (0: itself); ``None`` when outside its tree."""
    return await repository.in_tree(session, merchant, ancestor_id, account_id)


async def team_of(db: Database, merchant: str, agent_id: str) -> TeamRead:
    async with db.reader() as session:
        rows = await repository.tree(session, merchant, agent_id, limit=TREE_LIMIT + 1)
    shown = [
        TeamMemberRead(
            accountId=m.account_id, username=m.username, accountType=m.account_type,
            uplineId=m.upline_id if depth > 0 else None, depth=depth,
        )
        for m, depth in rows[:TREE_LIMIT]
    ]  # fmt: skip
    return TeamRead(members=shown, truncated=len(rows) > TREE_LIMIT)


async def downlines_of(
    db: Database, merchant: str, agent_id: str, page: Page, *, search: str | None, direct_only: bool
) -> PageRead[TeamDownlineRead]:
    """Team management: the agent's downlines (never anyone outside its tree), newest registration first."""
    async with db.reader() as session:
        rows, total = await repository.downlines_page(
            session, merchant, agent_id, search=search, direct_only=direct_only, limit=page.size, offset=page.offset
        )
    found = [
        TeamDownlineRead(
            accountId=m.account_id, username=m.username, accountType=m.account_type, isAgent=is_agent(m.account_type),
            depth=int(depth), uplineId=m.upline_id, uplineUsername=upline_username, registeredAt=m.registered_at,
            downlines=int(below),
        )
        for m, depth, upline_username, below in rows
    ]  # fmt: skip
    return page_of(page, found, total)


async def counts_of(db: Database, merchant: str, agent_id: str, now: datetime) -> TeamCountsRead:
    today = now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    async with db.reader() as session:
        row = await repository.team_counts(session, merchant, agent_id, [today, today.replace(day=1)])
    return TeamCountsRead(
        size=row.size, direct=row.direct, agents=row.agents, members=row.size - row.agents,
        registeredToday=row.since_0, registeredThisMonth=row.since_1,
    )  # fmt: skip

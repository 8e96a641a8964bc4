"""Missions' use cases: a pull of settled bets and credited deposits moves the progress of the missions they count
for (in the consumer's transaction; the kit's inbox makes it once per event; trial accounts take no part); members
read their missions and a mission's leaderboard and claim a completed mission's reward, once; ops keep the brand's
missions, every change audited with before and after."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import AsyncSession

from points_service import events
from points_service.ledger import repository as ledger
from points_service.ledger.domain import EntryKind
from points_service.missions import repository
from points_service.missions.domain import (
    MAX_DAYS,
    POINT_TYPE,
    Activity,
    Happening,
    MissionKind,
    MissionRule,
    MissionState,
    masked,
    mission_name,
    moves,
    percent,
    state_of,
)
from points_service.missions.models import Mission, MissionProgress
from points_service.missions.schemas import (
    BoardEntryRead,
    ClaimRead,
    ClaimRequest,
    LeaderboardRead,
    MissionRead,
    MissionSummaryRead,
    MissionWrite,
    MyRankRead,
    NewMission,
)
from points_service.ops import repository as audit
from points_service.ops.domain import CatalogueOrder
from portal_events import PointsMissionClaimedV1Data, PointsMissionCompletedV1Data
from portal_kit.db import Database
from portal_kit.envelope import PageRead
from portal_kit.errors import DomainError, NotFound
from portal_kit.paging import Page, page_of
from portal_kit.sessions import Principal

TRIAL_TYPE = 4
KINDS_OF: dict[Activity, tuple[str, ...]] = {
    Activity.BET: (MissionKind.BET_TURNOVER, MissionKind.PLAY_DAYS),
    Activity.DEPOSIT: (MissionKind.DEPOSIT_TOTAL,),
}


class NotKnownYet(Exception):
    """A happening counting for a mission, of an account whose registration has not been consumed yet (the streams
    are read apart): its event is tried again later, when it has."""


# -- progress ------------------------------------------------------------------------------------------------------


async def count_all(session: AsyncSession, happenings: list[Happening]) -> None:
    """The missions' progress moved by a pull's happenings, set-based: the running missions read once, the
    contributions worked out by ``domain.moves``, the new play days and the progress written by one statement each."""
    if not happenings:
        return
    kinds = {kind for h in happenings for kind in KINDS_OF[h.activity]}
    found = await repository.running(
        session, {h.merchant for h in happenings}, kinds, min(h.at for h in happenings), max(h.at for h in happenings)
    )
    if not found:
        return
    rules = [
        MissionRule(m.id, m.merchant, MissionKind(m.kind), frozenset(m.game_types), m.starts_at, m.ends_at)
        for m in found
    ]
    merchant_of = {m.id: m.merchant for m in found}
    moved = moves(rules, happenings)
    accounts = {(merchant_of[m], a) for m, a in moved.amounts} | {(merchant_of[m], a) for m, a, _ in moved.days}
    if not accounts:
        return
    types = await repository.account_types(session, accounts)
    missing = sorted(accounts - types.keys())
    if missing:
        raise NotKnownYet(", ".join(f"{m}/{a}" for m, a in missing[:5]))
    taking_part = {key for key, kind in types.items() if kind != TRIAL_TYPE}
    amounts = {key: n for key, n in moved.amounts.items() if (merchant_of[key[0]], key[1]) in taking_part}
    days = [(m, a, d) for m, a, d in moved.days if (merchant_of[m], a) in taking_part]
    amounts.update(Counter(await repository.add_days(session, days)))
    for mission, account_id in await repository.add_progress(session, amounts):
        events.mission_completed(session, mission.merchant, PointsMissionCompletedV1Data(
            missionId=mission.id, accountId=account_id, missionName=mission.names, rewardPoints=mission.reward_points,
            completedAt=datetime.now(UTC),
        ))  # fmt: skip


# -- members -------------------------------------------------------------------------------------------------------


def _summary(row: Mission, progress: MissionProgress | None, language: str) -> MissionSummaryRead:
    counted = progress.progress if progress else 0
    claimed = progress is not None and progress.claimed_at is not None
    return MissionSummaryRead(
        missionId=row.id, name=mission_name(row.names, language), kind=MissionKind(row.kind),
        gameTypes=list(row.game_types), target=row.target, progress=counted, percent=percent(counted, row.target),
        rewardPoints=row.reward_points, state=state_of(counted, row.target, claimed), startsAt=row.starts_at,
        endsAt=row.ends_at, claimedAt=progress.claimed_at if progress else None,
    )  # fmt: skip


async def summary(db: Database, member: Principal, language: str) -> list[MissionSummaryRead]:
    async with db.reader() as session:
        found = await repository.current(session, member.merchant, str(member.account_id), datetime.now(UTC))
        return [_summary(row, progress, language) for row, progress in found]


async def leaderboard(db: Database, member: Principal, mission_id: int, page: Page, language: str) -> LeaderboardRead:
    merchant, account_id = member.merchant, str(member.account_id)
    async with db.reader() as session:
        row = await repository.mission(session, merchant, mission_id)
        if row is None:
            raise NotFound("mission.not_found")
        entries, total = await repository.board(session, merchant, mission_id, page)
        rank = await repository.rank_of(session, merchant, mission_id, account_id)
        mine = await repository.progress_of(session, merchant, mission_id, account_id)
    counted = mine.progress if mine else 0
    board = page_of(page, [
        BoardEntryRead(rank=r, username=masked(username), progress=p, me=a == account_id)
        for r, a, username, p in entries
    ], total)  # fmt: skip
    return LeaderboardRead(
        missionId=row.id, name=mission_name(row.names, language), kind=MissionKind(row.kind), target=row.target,
        pageNum=board.pageNum, totalPages=board.totalPages, total=board.total, list=board.list,
        mine=MyRankRead(rank=rank, progress=counted, percent=percent(counted, row.target)),
    )  # fmt: skip


async def claim(db: Database, member: Principal, body: ClaimRequest) -> ClaimRead:
    """A completed mission's reward, once: the progress marked claimed by one conditional update and the points
    credited (a ``MISSION`` entry, its source unique) in one transaction. The same ``requestId`` again answers the
    claim it made; another claim of a claimed mission is refused."""
    merchant, account_id = member.merchant, str(member.account_id)
    async with db.transaction() as session:
        # The points account first, then the progress: the order the events' consumer takes them in (earning, then
        # missions, in one transaction), so a claim and a pull never wait on each other the other way round.
        await ledger.locked_balance(session, merchant, account_id)
        claimed = await repository.claim(session, merchant, body.missionId, account_id, body.requestId)
        if claimed is None:
            row = await repository.mission(session, merchant, body.missionId)
            if row is None:
                raise NotFound("mission.not_found")
            progress = await repository.progress_of(session, merchant, body.missionId, account_id)
            if progress is not None and progress.claimed_at is not None:
                if progress.claim_request_id != body.requestId:
                    raise DomainError("mission.already_claimed", status=409)
                balance = await ledger.account(session, merchant, account_id)
                return ClaimRead(
                    missionId=row.id, rewardPoints=row.reward_points, balance=balance.balance if balance else 0,
                    claimedAt=progress.claimed_at, state=MissionState.CLAIMED,
                )  # fmt: skip
            counted = progress.progress if progress else 0
            raise DomainError("mission.not_completed", status=409, progress=counted, target=row.target)
        reward, counted, when = claimed
        events.mission_claimed(session, merchant, PointsMissionClaimedV1Data(
            missionId=body.missionId, accountId=account_id, rewardPoints=reward, claimedAt=when,
        ))  # fmt: skip
        await ledger.apply_all(session, [ledger.Change(
            merchant, account_id, EntryKind.MISSION, POINT_TYPE, reward, counted, 0, 0,
            f"mission:{body.missionId}:{account_id}",
        )])  # fmt: skip
        balance = await ledger.account(session, merchant, account_id)
        assert balance is not None
        return ClaimRead(
            missionId=body.missionId, rewardPoints=reward, balance=balance.balance, claimedAt=when,
            state=MissionState.CLAIMED,
        )  # fmt: skip


# -- ops -----------------------------------------------------------------------------------------------------------


def _read(row: Mission, language: str) -> MissionRead:
    return MissionRead(
        missionId=row.id, name=mission_name(row.names, language), names=row.names, kind=MissionKind(row.kind),
        gameTypes=list(row.game_types), target=row.target, rewardPoints=row.reward_points, startsAt=row.starts_at,
        endsAt=row.ends_at, active=row.active, sort=row.sort, updatedAt=row.updated_at,
    )  # fmt: skip


def _audited(row: Mission) -> dict[str, object]:
    return {
        "names": row.names, "kind": row.kind, "gameTypes": list(row.game_types), "target": row.target,
        "rewardPoints": row.reward_points, "startsAt": row.starts_at.isoformat(), "endsAt": row.ends_at.isoformat(),
        "active": row.active, "sort": row.sort,
    }  # fmt: skip


def _checked(kind: MissionKind, body: MissionWrite) -> None:
    if body.endsAt <= body.startsAt:
        raise DomainError("mission.window_invalid")
    if kind is MissionKind.DEPOSIT_TOTAL and body.gameTypes:
        raise DomainError("mission.game_types_not_allowed")
    if kind is MissionKind.PLAY_DAYS and body.target > MAX_DAYS:
        raise DomainError("mission.target_too_large", most=MAX_DAYS)


async def missions(
    db: Database, merchant: str, page: Page, language: str, *, active: bool | None = None,
    kind: MissionKind | None = None, order: CatalogueOrder = CatalogueOrder.DISPLAY,
) -> PageRead[MissionRead]:  # fmt: skip
    async with db.reader() as session:
        rows, total = await repository.missions(session, merchant, page, active=active, kind=kind, order=order)
        return page_of(page, [_read(row, language) for row in rows], total)


async def create(db: Database, merchant: str, actor: Principal, body: NewMission, ip: str | None) -> MissionRead:
    _checked(body.kind, body)
    async with db.transaction() as session:
        row = await repository.add_mission(session, Mission(
            merchant=merchant, names=body.names, kind=body.kind, game_types=body.gameTypes, target=body.target,
            reward_points=body.rewardPoints, starts_at=body.startsAt, ends_at=body.endsAt, active=body.active,
            sort=body.sort,
        ))  # fmt: skip
        audit.record(session, merchant, actor, "mission.create", f"mission:{row.id}", reason=body.reason,
                     before=None, after=_audited(row), ip=ip)  # fmt: skip
        return _read(row, "TR")


async def update(
    db: Database, merchant: str, actor: Principal, mission_id: int, body: MissionWrite, ip: str | None
) -> MissionRead:
    async with db.transaction() as session:
        row = await repository.mission(session, merchant, mission_id, lock=True)
        if row is None:
            raise NotFound("mission.not_found")
        _checked(MissionKind(row.kind), body)
        before = _audited(row)
        row.names, row.game_types, row.target, row.reward_points = (
            body.names,
            body.gameTypes,
            body.target,
            body.rewardPoints,
        )
        row.starts_at, row.ends_at, row.active, row.sort = body.startsAt, body.endsAt, body.active, body.sort
        await repository.touch(session, row)
        audit.record(session, merchant, actor, "mission.change", f"mission:{mission_id}", reason=body.reason,
                     before=before, after=_audited(row), ip=ip)  # fmt: skip
        return _read(row, "TR")

"""VIP levels' use cases. Settled bets raise each real member's lifetime turnover (a pull at once, in the consumer's
transaction: the kit's inbox makes it once per event); every level the turnover reaches above the member's is recorded
once (several at once too) with the bonus it had then, ``PENDING`` when there is one. The worker's sweep then asks the
wallet for each pending bonus under a lease of its row (one process asks at a time, no transaction held open across
the question), under the key of the member and level (``rpc.wallet.reward``, reason ``vip.level_up``: one credit
however often asked): ``PAID``, ``FAILED`` for a refusal that moved nothing, otherwise asked again later. Ops of the
brand read the ladder; its admin replaces it (audited)."""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Sequence

from nats.aio.client import Client as NATS
from sqlalchemy.ext.asyncio import AsyncSession

from points_service.earning.service import NotKnownYet
from points_service.ops import repository as audit
from points_service.vip import repository
from points_service.vip.domain import (
    REASON,
    BonusStatus,
    Level,
    ladder_problem,
    missing,
    next_level,
    percent,
    reached,
    text_in,
    transaction_id,
)
from points_service.vip.models import VipLevel, VipLevelUp
from points_service.vip.schemas import VipInfoRead, VipLadderWrite, VipLevelRead, VipLevelUpRead
from portal_kit import money
from portal_kit.db import Database
from portal_kit.errors import DomainError
from portal_kit.sessions import Principal

log = logging.getLogger("points.vip")
TRIAL_TYPE = 4
LEASE_SECONDS = 60.0  # above the wallet question's timeout: a lease never ends while its question is open


def _level(row: VipLevel, language: str) -> VipLevelRead:
    return VipLevelRead(
        level=row.level, name=text_in(row.names, language), names=row.names, turnover=row.turnover, bonus=row.bonus,
        pointsMultiplierPct=row.points_multiplier_pct, perks=text_in(row.perks, language) if row.perks else "",
        perksByLanguage=row.perks,
    )  # fmt: skip


def _level_up(row: VipLevelUp, language: str) -> VipLevelUpRead:
    return VipLevelUpRead(
        level=row.level, name=text_in(row.names, language), amount=row.amount, status=BonusStatus(row.status),
        reachedAt=row.reached_at, paidAt=row.paid_at,
    )  # fmt: skip


def _rules(rows: Sequence[VipLevel]) -> list[Level]:
    return [Level(row.level, row.turnover, row.bonus) for row in rows]


# --- the bets -------------------------------------------------------------------------------------------------
async def count_bets(session: AsyncSession, bets: list[tuple[str, str, int]]) -> None:
    """``(merchant, account id, valid bet)`` of settled bets: each real member's turnover raised, the levels reached
    recorded once. An account not known yet (its registration not consumed) waits: ``NotKnownYet``."""
    counting = [(m, a, amount) for m, a, amount in bets if amount > 0]
    if not counting:
        return
    types = await repository.account_types(session, ((m, a) for m, a, _ in counting))
    unknown = sorted({(m, a) for m, a, _ in counting if (m, a) not in types})
    if unknown:
        raise NotKnownYet(", ".join(f"{m}/{a}" for m, a in unknown[:5]))
    amounts: dict[tuple[str, str], int] = defaultdict(int)
    for m, a, amount in counting:
        if types[(m, a)] != TRIAL_TYPE:
            amounts[(m, a)] += amount
    if not amounts:
        return
    now = await repository.add_turnover(session, amounts)
    ladders = await repository.ladders(session, (m for m, _ in now))
    new_levels: dict[tuple[str, str], int] = {}
    level_ups = []
    for (merchant, account_id), (turnover, level) in sorted(now.items()):
        rows = {row.level: row for row in ladders[merchant]}
        for got in reached(_rules(ladders[merchant]), turnover, level):
            level_ups.append({
                "merchant": merchant, "account_id": account_id, "level": got.level, "names": rows[got.level].names,
                "amount": got.bonus, "status": BonusStatus.PENDING if got.bonus else BonusStatus.NONE,
            })  # fmt: skip
            new_levels[(merchant, account_id)] = got.level
    await repository.add_level_ups(session, level_ups)
    await repository.set_levels(session, new_levels)


# --- the bonuses ----------------------------------------------------------------------------------------------
async def pay(db: Database, nc: NATS, level_up_id: int, retry_after: float) -> None:
    """Ask the wallet for a pending level-up bonus and settle it by the answer (see the module's text)."""
    async with db.transaction() as session:
        row = await repository.lease(session, level_up_id, LEASE_SECONDS)
    if row is None:
        return
    key = transaction_id(row.merchant, row.account_id, row.level)
    try:
        await money.reward(nc, row.merchant, row.account_id, row.amount, key, REASON)
    except money.Refused as refused:
        if refused.code in money.NOTHING_MOVED:
            async with db.transaction() as session:
                await repository.settle(session, level_up_id, BonusStatus.FAILED, refused.code[:64])
            return
        log.warning("VIP bonus %s: the wallet answered %s; asked again later", level_up_id, refused.code)
    except DomainError as unanswered:  # service_unavailable
        log.warning("VIP bonus %s not paid yet: %s", level_up_id, unanswered.code)
    else:
        async with db.transaction() as session:
            await repository.settle(session, level_up_id, BonusStatus.PAID, None)
        return
    async with db.transaction() as session:
        await repository.ask_again_after(session, level_up_id, retry_after)


async def sweep(db: Database, nc: NATS, retry_after: float, limit: int = 100) -> int:
    """Ask for every pending bonus not leased (nor waiting after no answer); how many were asked."""
    async with db.reader() as session:
        ids = await repository.due(session, limit)
    for level_up_id in ids:
        try:
            await pay(db, nc, level_up_id, retry_after)
        except Exception:
            log.exception("VIP bonus %s: asking the wallet failed; next round", level_up_id)
    return len(ids)


# --- members and visitors -------------------------------------------------------------------------------------
async def ladder(db: Database, merchant: str, language: str) -> list[VipLevelRead]:
    async with db.reader() as session:
        return [_level(row, language) for row in await repository.levels(session, merchant)]


async def info(db: Database, member: Principal, language: str) -> VipInfoRead:
    merchant, account_id = member.merchant, str(member.account_id)
    async with db.reader() as session:
        rows = await repository.levels(session, merchant)
        found = await repository.member(session, merchant, account_id)
        ups = await repository.level_ups(session, merchant, account_id)
    turnover, level = (found.turnover, found.level) if found else (0, 0)
    rules = _rules(rows)
    following = next_level(rules, level)
    by_level = {row.level: row for row in rows}
    current = by_level.get(level)
    return VipInfoRead(
        level=level, levelName=text_in(current.names, language) if current else "", turnover=turnover,
        nextLevel=_level(by_level[following.level], language) if following else None,
        missing=missing(rules, turnover, level), percent=percent(rules, turnover, level),
        levels=[_level(row, language) for row in rows], levelUps=[_level_up(row, language) for row in ups],
    )  # fmt: skip


# --- ops ------------------------------------------------------------------------------------------------------
async def change_ladder(
    db: Database, merchant: str, actor: Principal, body: VipLadderWrite, ip: str | None, language: str
) -> list[VipLevelRead]:
    """The brand's ladder replaced at once (levels 1..N, turnover strictly rising), audited ``vip.levels.change``.
    What members reached stays theirs; a level reached from now on pays the bonus it has then."""
    problem = ladder_problem([Level(level.level, level.turnover, level.bonus) for level in body.levels])
    if problem:
        raise DomainError(problem)
    rows = [
        {"level": level.level, "names": level.names, "turnover": level.turnover, "bonus": level.bonus,
         "points_multiplier_pct": level.pointsMultiplierPct, "perks": level.perks}
        for level in body.levels
    ]  # fmt: skip
    async with db.transaction() as session:
        await repository.lock_brand(session, merchant)
        before = [_level(row, language).model_dump() for row in await repository.levels(session, merchant)]
        await repository.replace_levels(session, merchant, rows)
        after = [_level(row, language) for row in await repository.levels(session, merchant)]
        audit.record(session, merchant, actor, "vip.levels.change", "vip", reason=body.reason,
                     before={"levels": before}, after={"levels": [row.model_dump() for row in after]}, ip=ip)  # fmt: skip
    return after

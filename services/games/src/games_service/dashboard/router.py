"""The play dashboard, ``GET /wps/ops/games/merchants/{code}/dashboard/play``: the settled bets of each UTC day by
vendor and game type (count, stakes, wins, valid bets, GGR), for an ops person of the brand who reads its figures
(viewer, finance, admin; not a content editor); everyone else 401 or 403."""

from __future__ import annotations

from fastapi import APIRouter

from games_service.dashboard import service
from games_service.dashboard.schemas import PlayDayRead
from games_service.deps import Db
from portal_kit.daily import DayRange
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import OpsFinanceReader

router = APIRouter(prefix="/wps/ops/games/merchants/{code}/dashboard", tags=["games ops"])


@router.get("/play", operation_id="opsPlayByDay", response_model=Envelope[list[PlayDayRead]])
async def play(code: str, actor: OpsFinanceReader, days: DayRange, db: Db) -> Envelope[list[PlayDayRead]]:
    return ok(await service.play(db, code, days))

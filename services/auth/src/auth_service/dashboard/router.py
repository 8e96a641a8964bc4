"""The registrations dashboard, ``GET /wps/ops/auth/merchants/{code}/dashboard/registrations``: the accounts opened
each UTC day (members, agents, trial accounts), for an ops person of the brand who reads its figures (viewer,
finance, admin; not a content editor); everyone else 401 or 403."""

from __future__ import annotations

from fastapi import APIRouter

from auth_service.dashboard import service
from auth_service.dashboard.schemas import RegistrationDayRead
from auth_service.deps import Ctx
from portal_kit.daily import DayRange
from portal_kit.envelope import Envelope, ok
from portal_kit.sessions import OpsFinanceReader

router = APIRouter(prefix="/wps/ops/auth/merchants/{code}/dashboard", tags=["auth ops"])


@router.get("/registrations", operation_id="opsRegistrationsByDay", response_model=Envelope[list[RegistrationDayRead]])
async def registrations(
    code: str, actor: OpsFinanceReader, days: DayRange, ctx: Ctx
) -> Envelope[list[RegistrationDayRead]]:
    return ok(await service.registrations(ctx, code, days))

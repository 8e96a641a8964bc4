"""The member's account record (``ODSFE2_MemTransDet``) and consolidated funds."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query

from portal_kit.app import request_language
from portal_kit.dates import day_range
from portal_kit.envelope import Envelope, PageRead, ok
from portal_kit.paging import Page, page_params
from wallet_service.deps import Brands, Db, Member, Nats, Settings
from wallet_service.records import service
from wallet_service.records.domain import POINTS, lines_for
from wallet_service.records.schemas import ConsolidatedRead, PointRecordRead, RecordRead

router = APIRouter(tags=["wallet records"])
Paging = Annotated[Page, Depends(page_params(default_size=20, max_size=100))]
# The account record answers one of two pages on one path (a path is one operation): the money lines, or with
# ``type=points`` the points record, which has the spec's own fields (exchange type, item, points and balance, ...).
Records = PageRead[RecordRead] | PageRead[PointRecordRead]


@router.get("/wps/relay/ODSFE2_MemTransDet", operation_id="transactionRecords", response_model=Envelope[Records])
async def transaction_records(
    db: Db,
    member: Member,
    page: Paging,
    nc: Nats,
    settings: Settings,
    record_type: str | None = Query(None, alias="type", max_length=20),
    start_date: str | None = Query(None, alias="startDate", max_length=10),
    end_date: str | None = Query(None, alias="endDate", max_length=10),
    language: str = Depends(request_language),
) -> Envelope[Records]:
    """Paged as every list is (``pageNo``, ``pageSize``; ``{pageNum, totalPages, total, list}``), newest first; ``type`` one of deposit, withdrawal, transfer, upline, downline, bet, win,
    rollback, adjustment, bonus, salary (or all): the money lines (``RecordRead``); ``type=points``: the points record
    (``PointRecordRead``), asked of points (no answer in ``WALLET_POINTS_RECORDS_TIMEOUT_SECONDS``:
    ``service_unavailable``, 503); ``startDate``/``endDate`` as yyyy-MM-dd, both days included."""
    start, end = day_range(start_date, end_date)
    if record_type == POINTS:
        owner, timeout = str(member.account_id), settings.points_records_timeout_seconds
        records = await service.point_records(nc, member.merchant, owner, page, start_date, end_date, timeout, language)
        return ok(records)
    return ok(
        await service.journal(db, member.merchant, str(member.account_id), page, lines_for(record_type), start, end)
    )


@router.get(
    "/wps/member/info/funds/consolidated", operation_id="consolidatedFunds", response_model=Envelope[ConsolidatedRead]
)
async def consolidated_funds(
    db: Db, member: Member, nc: Nats, brands: Brands, settings: Settings
) -> Envelope[ConsolidatedRead]:
    """Signed-in real accounts only (a trial account: ``in_need_true_account``). The contract fields come with a
    brand whose ``AGENTPOLICY3`` is on (null otherwise, or when agent-contracts is not answering)."""
    owner = str(member.account_id)
    contracts = await service.contract_fields(
        nc, brands, member.merchant, owner, settings.contract_info_timeout_seconds
    )
    return ok(await service.consolidated(db, member.merchant, owner, contracts))

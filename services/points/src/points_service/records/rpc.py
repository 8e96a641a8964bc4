"""``rpc.points.records``: one page of an account's points records, answered to the wallet over NATS (typed by
``PointRecordsRequest`` / ``PointRecordsReply`` from ``proto/``; callers: the wallet alone, by the NATS permissions),
which serves the account record (``ODSFE2_MemTransDet?type=points``) beside the money. The wallet has signed the
member in; this answers for the account it names, in its brand only."""

from __future__ import annotations

from collections.abc import Callable

from points_service.records import service
from portal_events import PointRecordsReply, PointRecordsRequest
from portal_kit.db import Database
from portal_kit.messaging.rpc import Responder, accepted

RECORDS = "rpc.points.records"
QUEUE = "points"
RESPONDERS = 4  # subscriptions per worker process: four pages read at once


def records_answers(responders: int = RESPONDERS) -> Callable[[Responder, Database], None]:
    def register(responder: Responder, db: Database) -> None:
        async def work(request: PointRecordsRequest) -> PointRecordsReply:
            return accepted(PointRecordsReply, await service.records(db, request))

        responder.answer(RECORDS, PointRecordsRequest, PointRecordsReply, work, queue=QUEUE, responders=responders)

    return register

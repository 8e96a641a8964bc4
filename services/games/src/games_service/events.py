"""The events the games service publishes (contracts in proto/schemas/games), staged in the outbox in the
transaction of the change they tell of."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from games_service.bgs.models import Round
from portal_events import GamesBetSettledV1, GamesBetSettledV1Data
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event


def stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def bet_settled(session: AsyncSession, round_: Round, vendor: str, settled_at: datetime) -> None:
    data = GamesBetSettledV1Data.model_validate(
        {
            "roundId": str(round_.id),
            "accountId": round_.account_id,
            "vendor": vendor,
            "gameType": round_.game_type,
            "gameCode": round_.game_code,
            "currency": round_.currency,
            "stake": round_.stake,
            "win": round_.win,
            "validBet": round_.stake,
            "settledAt": stamp(settled_at),
        }
    )
    add_event(session, new_event(GamesBetSettledV1, round_.merchant, data))

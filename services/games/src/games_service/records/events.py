"""The events the games service publishes (contracts in proto/schemas/games), staged in the outbox in the
transaction of the change they tell of."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from games_service.records.domain import SettledBet
from portal_events import GamesBetSettledV1, GamesBetSettledV1Data
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event


def stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def bet_settled(session: AsyncSession, bet: SettledBet) -> None:
    add_event(session, bet_settled_event(bet))


def bet_settled_event(bet: SettledBet) -> GamesBetSettledV1:
    """``games.bet.settled.v1`` of ``bet``, validated against its contract (staged by the caller)."""
    data = GamesBetSettledV1Data.model_validate(
        {
            "roundId": bet.round_id,
            "accountId": bet.account_id,
            "vendor": bet.vendor,
            "gameType": bet.game_type,
            "gameCode": bet.game_code,
            "currency": bet.currency,
            "stake": bet.stake,
            "win": bet.win,
            "validBet": bet.valid_bet,
            "settledAt": stamp(bet.settled_at),
        }
    )
    return new_event(GamesBetSettledV1, bet.merchant, data)

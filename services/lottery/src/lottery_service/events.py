"""The events the lottery service publishes (contracts in proto/schemas/lottery), staged in the outbox in the
transaction of the change they tell of."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from lottery_service.bets.models import Bet
from lottery_service.draws.models import Issue
from portal_events import LotteryBetSettledV1, LotteryBetSettledV1Data, LotteryDrawSettledV1, LotteryDrawSettledV1Data
from portal_kit.messaging.events import new_event
from portal_kit.messaging.outbox import add_event

# A draw is the same for every brand; its event names the lottery itself in the envelope's merchant field.
DRAW_MERCHANT = "lottery"


def stamp(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


def draw_settled(session: AsyncSession, issue: Issue) -> None:
    assert issue.result is not None
    assert issue.drawn_at is not None
    assert issue.seed is not None
    data = LotteryDrawSettledV1Data(
        gameCode=issue.game_code, issue=issue.issue, result=issue.result, seed=issue.seed.hex(),
        seedHash=issue.seed_hash, drawsAt=issue.draws_at, drawnAt=issue.drawn_at,
    )  # fmt: skip
    add_event(session, new_event(LotteryDrawSettledV1, DRAW_MERCHANT, data))


def bet_settled(session: AsyncSession, bet: Bet, vendor: str, settled_at: datetime) -> None:
    data = LotteryBetSettledV1Data.model_validate(
        {
            "betId": str(bet.id), "accountId": bet.account_id, "playerName": bet.player_name, "vendor": vendor,
            "gameCode": bet.game_code, "issue": bet.issue, "betType": bet.bet_type, "currency": bet.currency,
            "stake": bet.stake, "win": bet.win, "validBet": bet.stake, "settledAt": stamp(settled_at),
        }
    )  # fmt: skip
    add_event(session, new_event(LotteryBetSettledV1, bet.merchant, data))

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from lottery_service.catalogue.schemas import BetTypeRead
from lottery_service.draws.schemas import IssueRead, PrizeRead, ResultRead


class LotteryGameRead(BaseModel):
    gameCode: str
    gameName: str
    category: str  # 11x5, k3, lf, lhc, pcb, pk10, ssc, vn (the northern and the southern draws), sea
    area: str  # the catalogue's vendor: LOTT, TCG_LOTTO_VN, TCG_SEA
    intervalMinutes: int  # 0: daily
    hot: bool
    current: IssueRead | None
    last: ResultRead | None


class LotteryGameDetailRead(LotteryGameRead):
    prizeMode: str
    betTypes: list[BetTypeRead]
    maxPerIssue: int  # minor units a member may stake on one issue
    balls: int
    ballRange: list[int]  # the lowest and highest value of any ball (a VN prize's own width is in ``prizes``)
    colours: dict[str, list[int]]
    prizes: list[PrizeRead]  # the VN draws' prizes in draw order, each with its count and digits; empty otherwise
    serverTime: datetime

from __future__ import annotations

from pydantic import BaseModel


class BetTypeRead(BaseModel):
    """What a bet type pays and what the member chooses: a position (``pickPosition``, one of ``positions``,
    counted from 1), ``n`` numbers in ``numberRange``, or one of ``options``. ``odds`` are decimal (the stake
    included) under the brand's prize mode; per option or sum value in ``oddsBy``."""

    code: str
    name: str
    kind: str
    positions: list[int]
    pickPosition: bool
    n: int
    numberRange: list[int]
    options: list[str]
    odds: str | None
    oddsBy: dict[str, str]
    minStake: int  # minor units
    maxStake: int

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, StrictInt

from games_service.catalogue.domain import NODE_ID_MAX


class FavouriteBody(BaseModel):
    nodeId: Annotated[StrictInt, Field(ge=1, le=NODE_ID_MAX)]
    vendor: Annotated[str, Field(min_length=1, max_length=40)]
    gameType: Annotated[str, Field(min_length=1, max_length=16)]


class FavouriteIdsRead(BaseModel):
    ids: list[int]

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, Boolean, DateTime, Identity, Index, Integer, String, true
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from portal_kit.db import Base


class Vendor(Base):
    """A game provider of a brand, once per game type it serves (``PG`` serves RNG, ``BGS`` several). An admin
    switches it off (``enabled``: its games leave the member's lists and do not launch) or sets its maintenance
    window (from ``maintenance_from``, none: from when it was set, until ``maintenance_until``; ``ops/``)."""

    __tablename__ = "vendor"

    merchant: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(40), primary_key=True)  # the spec's vassalage
    game_type: Mapped[str] = mapped_column(String(16), primary_key=True)
    category: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(80))
    sort: Mapped[int] = mapped_column(Integer, default=0)
    maintenance_from: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    maintenance_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    maintenance_reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    aggregator: Mapped[str | None] = mapped_column(String(16), nullable=True)  # HUB88: its games launch there


class Game(Base):
    __tablename__ = "game"
    __table_args__ = (
        Index("ix_game_listing", "merchant", "game_type", "vendor", "sort"),
        Index("uq_game_code", "merchant", "vendor", "game_code", unique=True),
    )

    node_id: Mapped[int] = mapped_column(BigInteger, Identity(start=1000), primary_key=True)
    merchant: Mapped[str] = mapped_column(String(32))
    vendor: Mapped[str] = mapped_column(String(40))
    game_type: Mapped[str] = mapped_column(String(16))
    game_code: Mapped[str] = mapped_column(String(60))
    names: Mapped[dict[str, Any]] = mapped_column(JSONB)  # language → name
    is_top: Mapped[bool] = mapped_column(Boolean, default=False)
    is_game: Mapped[str] = mapped_column(String(16), default="GAME")  # GAME, or VASSALAGE (a vendor's lobby)
    support_play: Mapped[int] = mapped_column(Integer, default=1)  # 0: a free demo exists
    sub_category: Mapped[str | None] = mapped_column(String(4), nullable=True)  # SC VP JP TG AC BG (slots)
    min_bet: Mapped[int] = mapped_column(BigInteger)  # minor units
    lines: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hot_rank: Mapped[int | None] = mapped_column(Integer, nullable=True)  # in the hot list when set
    playable: Mapped[bool] = mapped_column(Boolean, default=False)  # launches here (in-house) today
    sort: Mapped[int] = mapped_column(Integer, default=0)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())  # off: hidden, not launched

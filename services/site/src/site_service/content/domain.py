"""Pure rules of banners, announcements and notices."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from portal_kit.sessions import Role


class BannerGroup(StrEnum):
    HOME = "w_home"
    VIDEO = "w_video"
    REGISTER = "w_register"
    FORGET = "w_forget"
    LOGIN = "w_login"


class NoticeType(StrEnum):
    """B broadcast (the marquee), PL platform notice (system notice list), PU public popup,
    PR promotion notice, H headline."""

    BROADCAST = "B"
    PLATFORM = "PL"
    POPUP = "PU"
    PROMOTION = "PR"
    HEADLINE = "H"


class PopupExecution(StrEnum):
    """Who a popup is for: A signed-in users, B anonymous visitors, F a user's first login."""

    SIGNED_IN = "A"
    ANONYMOUS = "B"
    FIRST_LOGIN = "F"


def popup_audience(role: Role, first_login: bool) -> set[PopupExecution]:
    if role is Role.VISITOR:
        return {PopupExecution.ANONYMOUS}
    audience = {PopupExecution.SIGNED_IN}
    if first_login:
        audience.add(PopupExecution.FIRST_LOGIN)
    return audience


def is_live(starts_at: datetime, ends_at: datetime | None, now: datetime) -> bool:
    return starts_at <= now and (ends_at is None or ends_at > now)


def parse_types(raw: str | None) -> list[NoticeType] | None:
    """``B,PL`` → the types; ``None`` when a code is unknown."""
    if not raw:
        return list(NoticeType)
    codes = [code.strip().upper() for code in raw.split(",") if code.strip()]
    try:
        return [NoticeType(code) for code in codes]
    except ValueError:
        return None

"""Pure rules of banners, announcements and notices."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from portal_kit.errors import Forbidden, Unauthorized
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


class ContentOrder(StrEnum):
    """The orders of an ops list of banners, announcements or help topics: the members' order (``sort``), the
    newest added first, the oldest first; each then by id."""

    DISPLAY = "display"
    NEWEST = "newest"
    OLDEST = "oldest"


@dataclass(frozen=True)
class ContentFilters:
    """What an ops list of a section is narrowed to; ``None`` leaves a filter out. ``text`` is looked for in the
    titles (any language) and a help topic's key; ``group`` is a banner's place, ``type`` an announcement's."""

    text: str | None = None
    active: bool | None = None
    group: BannerGroup | None = None
    type: NoticeType | None = None


# Spec §6 names the notices among the calls that need a session; the home page (§2) still shows every visitor
# its marquee and the public popup for anonymous visitors (§3, §4): those two are the public announcements.
READERS = frozenset({Role.MEMBER, Role.AGENT, Role.TRIAL})
PUBLIC_TYPES = (NoticeType.BROADCAST, NoticeType.POPUP)


def check_reader(role: Role, types: list[NoticeType]) -> None:
    """A member, an agent or a trial account reads every notice; a visitor only the public announcements, and is
    told to log in (401) for the rest; anyone else (an ops session) is refused (403)."""
    if role in READERS or (role is Role.VISITOR and all(kind in PUBLIC_TYPES for kind in types)):
        return
    if role is Role.VISITOR:
        raise Unauthorized()
    raise Forbidden()


def visible_types(role: Role) -> list[NoticeType]:
    """What the announcement list shows: everything to a reader, the public announcements to anyone else."""
    return list(NoticeType) if role in READERS else list(PUBLIC_TYPES)


def popup_audience(role: Role, first_login: bool) -> set[PopupExecution]:
    if role not in READERS:
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

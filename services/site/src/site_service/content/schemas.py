from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, Literal

import nh3
from pydantic import AfterValidator, Field, StrictInt, model_validator

from site_service.config.schemas import Read, ShortTexts, Strict, Texts
from site_service.content.domain import BannerGroup, NoticeType, PopupExecution

LinkageType = Literal["NONE", "URL", "ROUTE", "GAME", "PROMOTION"]


def _safe_html(texts: dict[Any, str]) -> dict[Any, str]:
    """Announcement and help HTML is sanitised when ops write it (nh3, a maintained sanitiser): scripts,
    event handlers and javascript: links never reach the database, whatever a client does with it later."""
    return {language: nh3.clean(text) for language, text in texts.items()}


SafeHtmlTexts = Annotated[Texts, AfterValidator(_safe_html)]


def _needs_turkish(texts: Mapping[Any, str] | None, name: str) -> None:
    if texts is not None and not (texts.get("TR") or "").strip():
        raise ValueError(f"{name} needs a Turkish (TR) text")


class BannerBody(Strict):
    group_name: BannerGroup = Field(alias="groupName")
    image_url: Annotated[str, Field(min_length=1, max_length=500)] = Field(alias="url")
    title: ShortTexts = Field(default_factory=dict)
    linkage_type: LinkageType = Field(default="NONE", alias="linkageType")
    linkage: str = Field(default="", max_length=500)
    sort: StrictInt = Field(default=0, ge=0, le=10000)
    active: bool = True

    @model_validator(mode="after")
    def _linkage_given(self) -> BannerBody:
        if self.linkage_type != "NONE" and not self.linkage.strip():
            raise ValueError("a banner with a linkage type needs its linkage target")
        return self


class AnnouncementBody(Strict):
    type: NoticeType
    popup_execution: PopupExecution | None = Field(default=None, alias="popupExecution")
    title: ShortTexts
    content: SafeHtmlTexts
    promotion_type: str | None = Field(default=None, alias="promotionType", max_length=30)
    starts_at: datetime | None = Field(default=None, alias="startsAt")
    ends_at: datetime | None = Field(default=None, alias="endsAt")
    sort: StrictInt = Field(default=0, ge=0, le=10000)
    active: bool = True

    @model_validator(mode="after")
    def _consistent(self) -> AnnouncementBody:
        _needs_turkish(self.title, "title")
        _needs_turkish(self.content, "content")
        if self.starts_at and self.ends_at and self.ends_at <= self.starts_at:
            raise ValueError("endsAt must be after startsAt")
        return self


class HelpTopicBody(Strict):
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]{0,49}$")
    title: ShortTexts
    content: SafeHtmlTexts
    sort: StrictInt = Field(default=0, ge=0, le=10000)

    @model_validator(mode="after")
    def _turkish(self) -> HelpTopicBody:
        _needs_turkish(self.title, "title")
        _needs_turkish(self.content, "content")
        return self


class BannerRead(Read):
    id: int
    groupName: str
    url: str
    title: str
    linkageType: str
    linkage: str


class AnnouncementRead(Read):
    """An announcement or notice in the request's language; ``popupExecution`` A signed-in, B anonymous,
    F first login."""

    id: int
    type: str
    popupExecution: str | None
    title: str
    content: str
    promotionType: str | None
    startDateStr: str
    startsAt: str
    endsAt: str | None


class HelpTopicRead(Read):
    key: str
    title: str
    content: str


class BannerOpsRead(Read):
    id: int
    groupName: str
    url: str
    title: dict[str, str]
    linkageType: str
    linkage: str
    sort: int
    active: bool


class AnnouncementOpsRead(Read):
    id: int
    type: str
    popupExecution: str | None
    title: dict[str, str]
    content: dict[str, str]
    promotionType: str | None
    startsAt: str
    endsAt: str | None
    sort: int
    active: bool


class HelpTopicOpsRead(Read):
    id: int
    key: str
    title: dict[str, str]
    content: dict[str, str]
    sort: int


ContentOpsRead = BannerOpsRead | AnnouncementOpsRead | HelpTopicOpsRead

"""Customer-service channels: what visitors and members see (``CBS_modelList``, ``CBS_launchChat``) and what ops
write. A channel is an external chat page opened in a new window; only ``https`` addresses are accepted."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from notifications_service.support.domain import checked_chat_url

ModelId = Annotated[str, StringConstraints(pattern=r"^[A-Z0-9_]{2,32}$")]


class SupportModelRead(BaseModel):
    modelId: str
    name: str


class SupportLaunchRead(BaseModel):
    modelId: str
    url: str


class SupportChannelWrite(BaseModel):
    model_config = ConfigDict(extra="forbid")
    modelId: ModelId
    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
    url: Annotated[str, StringConstraints(strip_whitespace=True, max_length=500), AfterValidator(checked_chat_url)]


class SupportChannelsWrite(BaseModel):
    """Every channel of the brand, in the order shown (replaces what there was)."""

    model_config = ConfigDict(extra="forbid")
    channels: Annotated[list[SupportChannelWrite], Field(max_length=10)]

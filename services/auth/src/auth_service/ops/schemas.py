"""Payloads and answers of the ops-people calls."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from portal_kit.audit import OpsAuditRead as AuditRecord


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class OpsLoginBody(Body):
    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=255)
    totp: str = Field(pattern=r"^\d{6}$")


class NewOpsPerson(Body):
    username: str = Field(max_length=64)
    password: str = Field(max_length=255)
    roles: list[str] = Field(max_length=5)
    merchants: list[str] = Field(max_length=200)


class OpsPersonChange(Body):
    roles: list[str] | None = Field(default=None, max_length=5)
    merchants: list[str] | None = Field(default=None, max_length=200)
    status: Literal["active", "disabled"] | None = None


class OpsSessionRead(BaseModel):
    token: str
    expiresIn: int  # seconds
    username: str
    roles: list[str]
    merchants: list[str]


class OpsPersonRead(BaseModel):
    id: str
    username: str
    roles: list[str]
    merchants: list[str]
    status: str
    createdBy: str
    createdAt: str
    lastLoginAt: str | None


class NewOpsPersonRead(OpsPersonRead):
    totpSecret: str  # shown once, for the person's authenticator app
    totpUri: str


# An audit row as auth's audit call has always answered it (the generated client reads these fields): the kit's one
# shape (portal_kit.audit.OpsAuditRead) without its id, brand and reason, the time as ISO text. (A comment, not a
# docstring, so the OpenAPI document stays as it was.)
class OpsAuditRead(BaseModel):
    actor: str
    action: str
    target: str
    before: dict[str, object] | None
    after: dict[str, object] | None
    ip: str | None
    at: str

    @classmethod
    def of(cls, record: AuditRecord) -> OpsAuditRead:
        return cls(
            actor=record.actor,
            action=record.action,
            target=record.target,
            before=record.before,
            after=record.after,
            ip=record.ip,
            at=record.at.isoformat(),
        )

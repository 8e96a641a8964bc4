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


class OpsInvitation(Body):
    """Who is invited: the name they will sign in with, where the enrolment link goes, their roles and brands."""

    username: str = Field(max_length=64)
    email: str = Field(max_length=254)
    roles: list[str] = Field(max_length=5)
    merchants: list[str] = Field(max_length=200)


class OpsGrant(Body):
    """A person's roles and brands as they are to become (a second admin approves it)."""

    roles: list[str] = Field(max_length=5)
    merchants: list[str] = Field(max_length=200)


class OpsPersonChange(Body):
    status: Literal["active", "disabled"]


class OpsRangeBody(Body):
    cidr: str = Field(min_length=3, max_length=64)


class OpsRangeRead(BaseModel):
    cidr: str
    addedBy: str
    approvedBy: str
    createdAt: str


class OpsRequestRead(BaseModel):
    """A maker–checker request: what it changes (``before`` and ``after``), the brands it touches, who asked it
    and who decided it."""

    id: str
    kind: str
    target: str
    merchants: list[str]
    before: dict[str, object] | None
    after: dict[str, object]
    status: str
    maker: str
    checker: str | None
    createdAt: str
    decidedAt: str | None


class OpsEnrolBody(Body):
    token: str = Field(min_length=16, max_length=200)


class OpsEnrolRead(BaseModel):
    """Shown to the invitee alone: the TOTP secret to put in their authenticator app."""

    username: str
    totpSecret: str
    totpUri: str


class OpsEnrolConfirm(Body):
    token: str = Field(min_length=16, max_length=200)
    password: str = Field(max_length=255)
    totp: str = Field(pattern=r"^\d{6}$")


class OpsSessionRead(BaseModel):
    token: str
    expiresIn: int  # seconds
    username: str
    roles: list[str]
    merchants: list[str]


class OpsPersonRead(BaseModel):
    """An ops person (``status``: pending, invited, active, disabled) and who brought them in: the ids of the
    person who invited them and of the one who approved the invitation (none for the founders)."""

    id: str
    username: str
    roles: list[str]
    merchants: list[str]
    status: str
    createdBy: str
    createdAt: str
    lastLoginAt: str | None
    email: str | None = None
    invitedBy: str | None = None
    approvedBy: str | None = None


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

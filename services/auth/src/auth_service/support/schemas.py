"""What ops see of a member: a search's row, the profile with its recent sign-ins and devices, the notes ops keep
on the member, and the admin's reset of the member's authenticator."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from auth_service.support.domain import SearchBy
from auth_service.support.models import NOTE_MAX_CHARS


class MemberSearch(BaseModel):
    """What to find, in the body: a mobile number, an address or a name is personal data, kept out of URLs (and so
    out of the gateway's access log). Spaces around it are dropped; nothing but spaces is no search."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    search: str = Field(min_length=1, max_length=64)
    by: SearchBy = SearchBy.USERNAME


class MemberFoundRead(BaseModel):
    id: str
    username: str
    type: int
    status: str  # active | disabled
    lockedUntil: str | None  # too many wrong passwords: signing in is refused until then
    mobileNum: str | None
    countryDialingCode: str | None
    createdAt: str
    lastLoginAt: str | None
    lastLoginIp: str | None
    registerIp: str | None


class LoginRead(BaseModel):
    at: str
    ip: str | None
    userAgent: str | None
    success: bool


class DeviceRead(BaseModel):
    """One browser (user agent) the account's sign-ins came from, computed from its login records."""

    userAgent: str | None = Field(description="The browser as it named itself; null when it sent none")
    firstSeen: str
    lastSeen: str
    tries: int = Field(description="Sign-in tries from it, failed ones included")
    successes: int
    lastIp: str | None = Field(description="The address of its latest try")


class MemberProfileRead(MemberFoundRead):
    nickname: str | None
    fullname: str | None
    email: str | None
    uplineId: str | None
    affiliateCode: str | None
    registerMethod: str
    totpBound: bool
    logins: list[LoginRead]
    devices: list[DeviceRead] = Field(description="The browsers it signed in from, the latest seen first")


class NewNote(BaseModel):
    """A note on a member: its text (spaces around it dropped), at most 1000 characters."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    text: str = Field(min_length=1, max_length=NOTE_MAX_CHARS)


class NoteRead(BaseModel):
    id: int
    accountId: str
    author: str
    text: str
    at: str


class TotpReset(BaseModel):
    """Why the member's authenticator is removed (kept in the audit)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    reason: str = Field(min_length=1, max_length=500)


class TotpResetRead(BaseModel):
    accountId: str
    totpBound: bool  # false: the member may bind a new authenticator

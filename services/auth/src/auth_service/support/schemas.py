"""What ops see of a member: a search's row, and the profile with its recent sign-ins."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from auth_service.support.domain import SearchBy


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


class MemberProfileRead(MemberFoundRead):
    nickname: str | None
    fullname: str | None
    email: str | None
    uplineId: str | None
    affiliateCode: str | None
    registerMethod: str
    totpBound: bool
    logins: list[LoginRead]

from __future__ import annotations

from pydantic import BaseModel


class VnLaunchRead(BaseModel):
    """Where the VN lottery opens: the portal's own page (no session token in it)."""

    url: str

"""Dependencies of the points service's HTTP calls (the database one comes from the kit)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from portal_kit.app import Db
from portal_kit.sessions import Principal, Role, require_roles

__all__ = ["Db", "RealAccount"]

# Members and agents: a trial account earns no points and is answered ``in_need_true_account``.
RealAccount = Annotated[Principal, Depends(require_roles(Role.MEMBER, Role.AGENT))]

"""Dependencies of the agent-contracts' HTTP calls (the database one comes from the kit)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends

from portal_kit.app import Db
from portal_kit.sessions import Principal, Role, require_roles

__all__ = ["Agent", "Db"]

# Agents only: a trial account is answered ``in_need_true_account``, a member ``access.denied``.
Agent = Annotated[Principal, Depends(require_roles(Role.AGENT))]

"""What the registrations dashboard answers: one row a day of the range, zeros included."""

from __future__ import annotations

from pydantic import BaseModel


class RegistrationDayRead(BaseModel):
    day: str  # yyyy-MM-dd, UTC
    members: int
    agents: int
    trials: int

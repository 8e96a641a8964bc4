"""What every slice's ``schemas.py`` builds on. Request bodies (``Body``) refuse fields they do not know; amounts are
integer minor units: a string, a float or a boolean is refused (400 ``validation.failed``), never rounded or guessed;
the money rules then check the value. Answers (``Read``) are built by the services, every amount in integer minor
units."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

RequestId = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Read(BaseModel):
    """An answer's model, built by the service."""

"""Domain errors: each carries its HTTP status and a stable, machine-readable code."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """An expected failure answered with ``status`` and ``code``; ``params`` fill the translated message."""

    status: int = 400
    code: str = "bad_request"

    def __init__(
        self,
        code: str | None = None,
        *,
        status: int | None = None,
        value: Any = None,
        **params: object,
    ) -> None:
        self.code = code or type(self).code
        self.status = status or type(self).status
        self.value = value
        self.params = params
        super().__init__(self.code)


class NotFound(DomainError):
    status = 404
    code = "not_found"


class Unauthorized(DomainError):
    status = 401
    code = "login.not.session"


class Forbidden(DomainError):
    status = 403
    code = "access.denied"


class Conflict(DomainError):
    status = 409
    code = "conflict"


class TooManyRequests(DomainError):
    status = 429
    code = "TOO_MANY_REQUESTS"

"""The response envelope ``{success, value, errorCode, message}`` every call answers with.

Routes declare what they answer as ``Envelope[SomethingRead]`` (their return annotation, which FastAPI takes as
``response_model``), so every service's OpenAPI document carries the type of each ``value`` and the web's
generated client reads it from there. ``PageRead[T]`` is the one shape of a paged list."""

from __future__ import annotations

from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict
from starlette.responses import Response

T = TypeVar("T")


class Envelope(BaseModel, Generic[T]):
    """A call's answer: on success ``value`` is the declared model; on failure ``errorCode`` and ``message``."""

    model_config = ConfigDict(extra="forbid")

    success: bool
    value: T
    errorCode: str | None = None
    message: str | None = None


class ErrorEnvelope(BaseModel):
    """A refused call: ``errorCode`` is stable and machine-readable; ``value`` may carry details (the fields
    that failed, the captcha flag, a verification ticket)."""

    success: Literal[False]
    value: Any = None
    errorCode: str
    message: str | None


class PageRead(BaseModel, Generic[T]):
    """One page of a list: ``pageNum`` from 1, ``totalPages``, ``total`` items and this page's ``list``."""

    pageNum: int
    totalPages: int
    total: int
    list: list[T]


class Done(BaseModel):
    """The answer of a call that only acts."""

    done: bool = True


def ok(value: T) -> Envelope[T]:
    return Envelope[Any](success=True, value=value)


def failure(code: str, message: str, value: Any = None) -> dict[str, Any]:
    return {"success": False, "value": value, "errorCode": code, "message": message}


def ok_raw(value_json: str) -> bytes:
    """A success envelope around a value that is already JSON text (a cached, pre-encoded answer)."""
    return b'{"success":true,"value":' + value_json.encode() + b',"errorCode":null,"message":null}'


def ok_response(value: BaseModel) -> Response:
    """The success envelope around ``value``, serialised once by its own model. For hot reads: FastAPI hands a
    ``Response`` on as it is, instead of validating the answer again against the ``response_model`` the route
    still declares as its contract (the test of each such route checks the body against that model)."""
    return Response(ok_raw(value.model_dump_json()), media_type="application/json")

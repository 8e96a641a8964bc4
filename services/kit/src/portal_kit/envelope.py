"""The response envelope ``{success, value, errorCode, message}`` every call answers with."""

from __future__ import annotations

from typing import Any


def ok(value: Any = None) -> dict[str, Any]:
    return {"success": True, "value": value, "errorCode": None, "message": None}


def failure(code: str, message: str, value: Any = None) -> dict[str, Any]:
    return {"success": False, "value": value, "errorCode": code, "message": message}


def ok_raw(value_json: str) -> bytes:
    """A success envelope around a value that is already JSON text (a cached, pre-encoded answer)."""
    return b'{"success":true,"value":' + value_json.encode() + b',"errorCode":null,"message":null}'

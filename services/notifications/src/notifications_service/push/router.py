"""``/ws``: the member's live socket. The session token travels as the second WebSocket subprotocol
(``Sec-WebSocket-Protocol: portal.v1, <token>``), never in the URL; a browser sends no cookie or header a
third-party page could borrow, so the token itself is the proof. Members and agents only: anyone else is
refused at the upgrade (HTTP 403), before anything is held for them. A socket past its session's, its account's
or its process's limit closes the oldest (``push.limits``); one that cannot be counted (Valkey out of reach) is
closed with a code the page comes back on, later (``1013``).

The socket is served in front of the app's middlewares (``create_app(sockets=...)``, ``portal_kit.app.PortalApp``):
its task, alive as long as the socket, keeps only its own frames."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Mapping
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from redis.exceptions import RedisError

from notifications_service.inbox import repository
from notifications_service.inbox.domain import Reader
from notifications_service.push.hub import Connection, Hub
from notifications_service.push.schemas import (
    CLIENT_FRAME,
    NOT_COUNTED,
    PROTOCOL,
    CloseCode,
    SocketReadyFrame,
    SocketResumeFrame,
)
from notifications_service.settings import NotificationsSettings
from portal_kit.sessions import Role, SessionStore, token_key

log = logging.getLogger("notifications.socket")


class FrameRefused(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


async def signed_in_member(ws: WebSocket) -> tuple[Reader, str] | None:
    """The member whose token is the socket's second subprotocol, with the token's key; None for anyone else."""
    offered = [value.strip() for value in ws.scope.get("subprotocols", [])]
    if len(offered) != 2 or offered[0] != PROTOCOL or not offered[1]:
        return None
    sessions: SessionStore = ws.app.state.sessions
    principal = await sessions.load(offered[1])
    if principal is None or principal.account_id is None or principal.must_change_password:
        return None
    if principal.role not in (Role.MEMBER, Role.AGENT):
        return None
    # The session's key as the session store keeps it: one string for every socket of the session
    return Reader(principal.merchant, principal.account_id), principal.token_hash or token_key(offered[1])


def client_frame(message: Mapping[str, Any], limit: int) -> SocketResumeFrame | None:
    """The browser's frame (a resume, or None for a pong); anything else ends the socket with its reason."""
    text = message.get("text")
    if not isinstance(text, str):
        raise FrameRefused(CloseCode.UNSUPPORTED)
    if len(text.encode()) > limit:
        raise FrameRefused(CloseCode.TOO_BIG)
    try:
        frame = CLIENT_FRAME.validate_json(text)
    except (ValidationError, json.JSONDecodeError) as exc:
        raise FrameRefused(CloseCode.INVALID) from exc
    return frame if isinstance(frame, SocketResumeFrame) else None


async def member_socket(ws: WebSocket) -> None:
    settings: NotificationsSettings = ws.app.state.settings
    hub: Hub = ws.app.state.hub
    member = await signed_in_member(ws)
    if member is None:
        await ws.close(CloseCode.SESSION_ENDED)  # before the accept: the upgrade is answered 403
        return
    await ws.accept(subprotocol=PROTOCOL)
    conn = Connection(ws, *member)
    await hub.join(conn)
    try:
        try:
            await hub.admit(conn)
        except RedisError:
            log.warning("a socket could not be counted among its account's", exc_info=True)
            await conn.close(CloseCode.TRY_AGAIN_LATER, NOT_COUNTED)
            return
        async with conn.lock:
            conn.cursor = await repository.newest(hub.db, conn.reader)
            await conn.send(
                SocketReadyFrame(type="ready", lastId=conn.cursor, heartbeatSeconds=settings.heartbeat_seconds)
            )
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            conn.answered_at = time.monotonic()
            resume = client_frame(message, settings.max_client_frame_bytes)
            if resume is not None:
                await hub.send_new(conn, after=resume.after)
    except FrameRefused as refused:
        await conn.close(refused.code)
    except WebSocketDisconnect:  # gone while a frame was on its way
        pass
    finally:
        await hub.leave(conn)

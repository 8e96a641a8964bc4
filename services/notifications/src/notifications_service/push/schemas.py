"""The frames of the member socket (``/ws``, subprotocol ``portal.v1``), documented in the OpenAPI components
so the web's generated client has their types.

Server to browser: ``ready`` once after the upgrade (the newest message id: what the page already has through
the inbox list), ``message`` for each new message as it is committed (those of a resume oldest first; one whose
push was overtaken by a newer one's comes after it, with its smaller id), ``balance`` when the balance moved, ``ping``
every heartbeat. Browser to server: ``resume`` with the last message id it saw (the messages after it follow),
``pong`` to a ping."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from notifications_service.inbox.schemas import MessageRead

PROTOCOL = "portal.v1"


class SocketReadyFrame(BaseModel):
    type: Literal["ready"]
    lastId: int
    heartbeatSeconds: float


class SocketMessageFrame(BaseModel):
    type: Literal["message"]
    message: MessageRead


class SocketBalanceFrame(BaseModel):
    type: Literal["balance"]


class SocketPingFrame(BaseModel):
    type: Literal["ping"]


class SocketResumeFrame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["resume"]
    after: Annotated[int, Field(strict=True, ge=0)]


class SocketPongFrame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["pong"]


SocketServerFrame = SocketReadyFrame | SocketMessageFrame | SocketBalanceFrame | SocketPingFrame
SocketClientFrame = Annotated[SocketResumeFrame | SocketPongFrame, Field(discriminator="type")]
CLIENT_FRAME: TypeAdapter[SocketResumeFrame | SocketPongFrame] = TypeAdapter(SocketClientFrame)
FRAME_MODELS = (
    SocketReadyFrame, SocketMessageFrame, SocketBalanceFrame, SocketPingFrame, SocketResumeFrame, SocketPongFrame,
)  # fmt: skip


class CloseCode:
    """Why the server closed a socket (WebSocket close codes; 4xxx are the portal's own)."""

    GOING_AWAY = 1001  # the process is stopping: reconnect
    UNSUPPORTED = 1003  # a binary frame
    INVALID = 1007  # not JSON, or not a frame the protocol knows
    TOO_BIG = 1009  # over NOTIFICATIONS_MAX_CLIENT_FRAME_BYTES
    TRY_AGAIN_LATER = 1013  # the process holds all it may, or cannot count the socket: reconnect later, maybe elsewhere
    SESSION_ENDED = 4401  # logout, password change, expiry: do not reconnect with this token
    SILENT = 4408  # no pong to two pings
    SUPERSEDED = 4409  # a newer socket of the session or the account took its place (known, never guessed): do not
    # reconnect


PROCESS_FULL = "process full"  # the reason given with TRY_AGAIN_LATER for a process at its cap
NOT_COUNTED = "not counted"  # the reason given with TRY_AGAIN_LATER when the account's sockets could not be counted
SUPERSEDED = "superseded"  # the reason given with SUPERSEDED

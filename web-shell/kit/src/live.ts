/** The member's live socket, one per tab: ``/ws`` on the page's own origin, the session token as the second
 * subprotocol (never in the URL). It answers pings, resumes after the last message it saw, reconnects with a
 * growing delay, and gives up only when the server says the session ended or a newer socket took its place. */
import type { MessageRead, SocketBalanceFrame, SocketMessageFrame, SocketPingFrame, SocketReadyFrame } from "./api.gen";

export type ServerFrame = SocketReadyFrame | SocketMessageFrame | SocketBalanceFrame | SocketPingFrame;

export const LIVE_PROTOCOL = "portal.v1";
/** The server's close code for a session that ended (logout, password change, expiry). */
export const SESSION_ENDED = 4401;
/** The server's close code for a socket a newer one of the same session or account replaced (each has a limit).
 * The server sends it only when its register says so: a lease that ran out (Valkey restarted, the server stalled)
 * is put back, and a socket it cannot count is closed with ``TRY_AGAIN_LATER``, which the page comes back on. */
export const SUPERSEDED = 4409;
/** The server's close code when its process holds all the sockets it may, or cannot count the socket among its
 * account's: come back later, likely elsewhere. */
export const TRY_AGAIN_LATER = 1013;
const LAST_ID_KEY = "portal.live.lastId";
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const LONGEST_WAIT_ATTEMPT = Math.ceil(Math.log2(MAX_DELAY_MS / FIRST_DELAY_MS)); // the attempt that waits the most

/** The wait before reconnect attempt ``attempt`` (0 first): doubling from 1 s up to 30 s, with up to a fifth of
 * jitter so that the sockets of a replica that died do not all come back at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_DELAY_MS * 2 ** attempt, MAX_DELAY_MS);
  return Math.round(base * (1 + random() / 5));
}

/** What a page does once the server closed its socket with ``code``: stop when its session ended, or when a newer
 * socket took its place (coming back would close that one, which would come back in turn: tabs taking each other's
 * place for ever); wait the longest delay when the server is full; otherwise reconnect as usual. */
export function afterClose(code: number): "stop" | "wait" | "reconnect" {
  if (code === SESSION_ENDED || code === SUPERSEDED) return "stop";
  return code === TRY_AGAIN_LATER ? "wait" : "reconnect";
}

export function socketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

/** The message ids this page was handed: each message is shown once, whether it came pushed, resumed or both, and
 * one whose push a newer one's overtook (so with a smaller id) is still shown. */
export class SeenMessages {
  private readonly ids = new Set<number>();

  /** True the first time ``id`` is offered. */
  first(id: number): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    return true;
  }
}

export interface LiveHandlers {
  /** The socket is open and the server said ready; ``onDrop`` when it went (a reconnect follows, unless ended). */
  onOpen: () => void;
  onDrop: () => void;
  onMessage: (message: MessageRead) => void;
  onBalance: () => void;
  onSessionEnded: () => void;
}

/** Keeps the socket of one session open until ``close()``. */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private silentAfterMs = 60_000;
  private lastFrameAt = 0;
  private readonly seen = new SeenMessages();

  constructor(
    private readonly token: string,
    private readonly handlers: LiveHandlers,
    private readonly storage: Storage = sessionStorage,
  ) {
    this.open();
  }

  private get lastId(): number | null {
    const saved = this.storage.getItem(LAST_ID_KEY);
    return saved === null ? null : Number(saved);
  }

  private open(): void {
    const socket = new WebSocket(socketUrl(window.location), [LIVE_PROTOCOL, this.token]);
    this.socket = socket;
    socket.onmessage = (event) => this.received(JSON.parse(String(event.data)) as ServerFrame);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.handlers.onDrop();
      const next = afterClose(event.code);
      if (next === "stop") this.closed = true;
      if (next === "wait") this.attempt = Math.max(this.attempt, LONGEST_WAIT_ATTEMPT);
      if (event.code === SESSION_ENDED) {
        this.storage.removeItem(LAST_ID_KEY);
        this.handlers.onSessionEnded();
      }
      this.later();
    };
  }

  private received(frame: ServerFrame): void {
    this.lastFrameAt = Date.now();
    this.attempt = 0;
    if (frame.type === "ready") {
      this.silentAfterMs = frame.heartbeatSeconds * 2500;
      const seen = this.lastId;
      if (seen === null || seen > frame.lastId) this.remember(frame.lastId);
      else if (seen < frame.lastId) this.send({ type: "resume", after: seen }); // what arrived while away
      this.watch();
      this.handlers.onOpen();
    } else if (frame.type === "ping") {
      this.send({ type: "pong" });
    } else if (frame.type === "balance") {
      this.handlers.onBalance();
    } else if (this.seen.first(frame.message.id)) {
      if (frame.message.id > (this.lastId ?? 0)) this.remember(frame.message.id);
      this.handlers.onMessage(frame.message);
    }
  }

  private remember(id: number): void {
    this.storage.setItem(LAST_ID_KEY, String(id));
  }

  private send(frame: { type: "pong" } | { type: "resume"; after: number }): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  /** A socket that hears nothing for two and a half heartbeats is dead though not closed: drop it. */
  private watch(): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      if (Date.now() - this.lastFrameAt >= this.silentAfterMs) this.socket?.close();
      else this.watch();
    }, this.silentAfterMs);
  }

  private later(): void {
    this.clearTimer();
    if (this.closed) return;
    this.timer = setTimeout(() => this.open(), reconnectDelay(this.attempt));
    this.attempt += 1;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  close(): void {
    this.closed = true;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }
}

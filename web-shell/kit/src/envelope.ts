/** The response envelope every call answers with (ARCHITECTURE §3), and the client every page uses. */
export interface Envelope<T> {
  success: boolean;
  value: T | null;
  errorCode: string | null;
  message: string | null;
}

/** A refused call: its stable code, the server's translated message, the HTTP status, and any value. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown = null,
  ) {
    super(message);
  }
}

export const MERCHANT_KEY = "merchant";
export const TOKEN_KEY = "token";
export const DEFAULT_MERCHANT = "turkeyf2";

export function merchantCode(): string {
  return sessionStorage.getItem(MERCHANT_KEY) ?? DEFAULT_MERCHANT;
}

export function storedToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the session token (the default when one is held). */
  auth?: boolean;
  /** Send this token instead of the member's stored one (the ops console's session, held by its own page). */
  token?: string;
}

function request(language: string, options: CallOptions): RequestInit & { headers: Record<string, string> } {
  const headers: Record<string, string> = { Merchant: merchantCode(), Language: language, ...options.headers };
  const token = options.token ?? storedToken();
  if (token && options.auth !== false) headers["Authorization"] = token;
  const init: RequestInit & { headers: Record<string, string> } = { method: options.method ?? "GET", headers };
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  return init;
}

/** A read started ahead waits this long for its call; a call after that asks afresh rather than take old data. */
export const STARTED_READ_TTL_MS = 10_000;
const startedReads = new Map<string, { response: Promise<Response>; at: number }>();

function readKey(path: string, init: RequestInit & { headers: Record<string, string> }): string | null {
  return init.method === "GET" && init.body === undefined ? JSON.stringify([path, init.headers]) : null;
}

/** Start a GET before the code that wants its answer has loaded (the shell's early entry, src/early.ts): the
 * first call() of the same path with the same merchant, language and token takes this response instead of
 * asking again. */
export function startRead(path: string, language: string, auth?: boolean): void {
  const init = request(language, auth === undefined ? {} : { auth });
  const key = readKey(path, init);
  if (key === null || startedReads.has(key)) return;
  const response = fetch(path, init);
  response.catch(() => undefined); // a failure is reported by the call that takes it
  startedReads.set(key, { response, at: Date.now() });
}

function takeStartedRead(key: string | null): Promise<Response> | null {
  if (key === null) return null;
  const started = startedReads.get(key);
  if (!started) return null;
  startedReads.delete(key);
  return Date.now() - started.at <= STARTED_READ_TTL_MS ? started.response : null;
}

/** Call the portal: merchant, language and token headers; the value of a success, an ApiError otherwise. */
export async function call<T>(path: string, language: string, options: CallOptions = {}): Promise<T> {
  const init = request(language, options);
  let response: Response;
  try {
    response = await (takeStartedRead(readKey(path, init)) ?? fetch(path, init));
  } catch {
    throw new ApiError("network.abnormal", "", 0);
  }
  let body: Envelope<T>;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError("network.abnormal", response.statusText, response.status);
  }
  if (!body.success) {
    throw new ApiError(body.errorCode ?? "unknown", body.message ?? "", response.status, body.value);
  }
  return body.value as T;
}

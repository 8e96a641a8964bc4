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
}

/** Call the portal: merchant, language and token headers; the value of a success, an ApiError otherwise. */
export async function call<T>(path: string, language: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Merchant: merchantCode(), Language: language, ...options.headers };
  const token = storedToken();
  if (token && options.auth !== false) headers["Authorization"] = token;
  const init: RequestInit = { method: options.method ?? "GET", headers };
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
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

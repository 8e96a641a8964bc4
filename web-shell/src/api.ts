/** The response envelope every call answers with (ARCHITECTURE §3). */
export interface Envelope<T> {
  success: boolean;
  value: T | null;
  errorCode: string | null;
  message: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export const MERCHANT_KEY = "merchant";
export const DEFAULT_MERCHANT = "turkeyf2";

export async function call<T>(path: string, language: string, init: RequestInit = {}): Promise<T> {
  const merchant = sessionStorage.getItem(MERCHANT_KEY) ?? DEFAULT_MERCHANT;
  const response = await fetch(path, {
    ...init,
    headers: { Merchant: merchant, Language: language, ...(init.headers ?? {}) },
  });
  let body: Envelope<T>;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError("network.abnormal", response.statusText, response.status);
  }
  if (!body.success) {
    throw new ApiError(body.errorCode ?? "unknown", body.message ?? "", response.status);
  }
  return body.value as T;
}

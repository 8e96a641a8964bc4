/** The auth calls as the browser makes them: (E) bodies sealed with WebCrypto, the bot check solved first. */
import type { Language, SmsRequest } from "@portal/kit";
import { api, botCheck, call, callSealed } from "@portal/kit";
import type { LoginAnswer } from "../types";

export const WEAK_PASSWORD = "123456";

export interface Captcha {
  captchaId: string;
  image: string;
}

export function fetchCaptcha(language: Language): Promise<Captcha> {
  return api<Captcha>("captcha", language, { auth: false });
}

async function withBotCheck(language: Language, flags: Record<string, boolean>, payload: Record<string, unknown>) {
  return flags["BOTCHECK3"] ? { ...payload, ...(await botCheck(language)) } : payload;
}

export async function loginWithPassword(
  language: Language,
  flags: Record<string, boolean>,
  fields: { username: string; password: string; captcha?: string; captchaId?: string },
  agent = false,
): Promise<LoginAnswer> {
  const payload = await withBotCheck(language, flags, { ...fields, type: "username" });
  return callSealed<LoginAnswer>(agent ? "/wps/session/login/agent" : "/wps/session/login", language, "POST", payload);
}

export function loginWithSms(language: Language, mobileNum: string, code: string, dial: string): Promise<LoginAnswer> {
  return callSealed<LoginAnswer>("/wps/session/login", language, "POST", {
    username: mobileNum,
    password: code,
    countryDialingCode: dial,
    type: "sms",
  });
}

export async function sendSms(
  language: Language,
  purpose: "noLogin" | "register",
  mobile: string,
  dial: string,
): Promise<{ expiredMinutes: number }> {
  const check = await botCheck(language);
  const body: SmsRequest =
    purpose === "register" ? { mobileNo: mobile, countryDialingCode: dial, ...check } : { mobileNum: mobile, countryDialingCode: dial, ...check };
  return api<{ expiredMinutes: number }>(purpose === "register" ? "smsRegister" : "smsNoLogin", language, { body, auth: false });
}

export async function register(
  language: Language,
  flags: Record<string, boolean>,
  mode: "username" | "mobile",
  values: Record<string, unknown>,
): Promise<LoginAnswer> {
  const payload = await withBotCheck(language, flags, {
    ...values,
    login: true,
    registerMethod: "WEB",
    registerUrl: window.location.href,
    domain: window.location.hostname,
  });
  const path = mode === "mobile" ? "/wps/member/register/mobile" : "/wps/member/register";
  return callSealed<LoginAnswer>(path, language, "PUT", payload);
}

export function changePassword(language: Language, oldPassword: string, newPassword: string, confirm: string) {
  return callSealed("/wps/member/password", language, "POST", { oldPassword, newPassword, confirmNewPassword: confirm });
}

export function forgotByEmail(language: Language, username: string, email: string) {
  // The service reads this form itself (no body in its OpenAPI document), so it goes through the plain client.
  return call("/wps/member/password/email", language, { method: "POST", body: { username, email }, auth: false });
}

export function forgotByMobile(language: Language, mobileNum: string, dial: string, code: string, newPassword: string) {
  return callSealed<LoginAnswer>("/wps/member/password/verification", language, "POST", {
    mobileNum,
    countryDialingCode: dial,
    verificationCode: code,
    newPassword,
  });
}

export function sendVerificationCode(language: Language, ticket: string, method: string) {
  return api("loginVerificationSend", language, { body: { ticket, method: method as "sms" | "email" }, auth: false });
}

export function verifyLogin(language: Language, ticket: string, method: string, answer: string): Promise<LoginAnswer> {
  return callSealed<LoginAnswer>("/wps/session/login/verify", language, "POST", { ticket, method, answer });
}

/** Remember-me keeps the username only, in a cookie for one day (spec §4, §9). */
export function rememberUsername(username: string | null): void {
  document.cookie = username
    ? `rememberUser=${encodeURIComponent(username)}; max-age=86400; path=/; SameSite=Lax`
    : "rememberUser=; max-age=0; path=/; SameSite=Lax";
}

export function rememberedUsername(): string {
  const match = /(?:^|; )rememberUser=([^;]*)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : "";
}

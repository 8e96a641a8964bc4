/** The auth calls as the browser makes them: (E) bodies sealed with WebCrypto, the bot check solved first. */
import type { Language, SmsRequest } from "@portal/kit";
import { api, apiSealed, botCheck, useLanguage, useQuery } from "@portal/kit";
import type { CaptchaRead, CodeSentRead, SessionRead, VerificationAnswer } from "@portal/kit";

export const WEAK_PASSWORD = "123456";

export function fetchCaptcha(language: Language): Promise<CaptchaRead> {
  return api("captcha", language, { auth: false });
}

async function withBotCheck(language: Language, flags: Record<string, boolean>, payload: Record<string, unknown>) {
  return flags["BOTCHECK3"] ? { ...payload, ...(await botCheck(language)) } : payload;
}

export async function loginWithPassword(
  language: Language,
  flags: Record<string, boolean>,
  fields: { username: string; password: string; captcha?: string; captchaId?: string },
  agent = false,
): Promise<SessionRead> {
  const payload = await withBotCheck(language, flags, { ...fields, type: "username" });
  return apiSealed(agent ? "agentLogin" : "login", language, { ...fields, ...payload });
}

export function loginWithSms(language: Language, mobileNum: string, code: string, dial: string): Promise<SessionRead> {
  return apiSealed("login", language, {
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
): Promise<CodeSentRead> {
  const check = await botCheck(language);
  const body: SmsRequest =
    purpose === "register" ? { mobileNo: mobile, countryDialingCode: dial, ...check } : { mobileNum: mobile, countryDialingCode: dial, ...check };
  return api(purpose === "register" ? "smsRegister" : "smsNoLogin", language, { body, auth: false });
}

export async function register(
  language: Language,
  flags: Record<string, boolean>,
  mode: "username" | "mobile",
  values: Record<string, unknown>,
): Promise<SessionRead> {
  const payload = await withBotCheck(language, flags, {
    ...values,
    login: true,
    registerMethod: "WEB",
    registerUrl: window.location.href,
    domain: window.location.hostname,
  });
  return apiSealed(mode === "mobile" ? "registerMobile" : "register", language, payload);
}

export function changePassword(language: Language, oldPassword: string, newPassword: string, confirm: string, code: string) {
  return apiSealed("changePassword", language, { oldPassword, newPassword, confirmNewPassword: confirm, verificationCode: code });
}

/** The SMS code to the bound mobile that a password change asks for when the brand sets CHNGPASSVERIF3. */
export function sendPasswordChangeCode(language: Language) {
  return api("smsPasswordChange", language);
}

export function forgotByEmail(language: Language, username: string, email: string) {
  return api("resetPasswordByEmail", language, { body: { username, email }, auth: false });
}

export function forgotByMobile(language: Language, mobileNum: string, dial: string, code: string, newPassword: string) {
  return apiSealed("resetPasswordByMobile", language, {
    mobileNum,
    countryDialingCode: dial,
    verificationCode: code,
    newPassword,
  });
}

/** The e-mailed link's second half: one use; every other session of the account ends; the answer is a session. */
export function resetByLink(language: Language, token: string, newPassword: string, confirm: string): Promise<SessionRead> {
  return apiSealed("resetPasswordByLink", language, { token, newPassword, confirmNewPassword: confirm });
}

/** The e-mailed reset link carries its token in the fragment (``/#resetToken=...``), which no server and no log
 * sees; it is taken out of the address at once, so it stays in neither the history nor a copied address. */
export function takeResetToken(location: Location, history: History): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get("resetToken");
  if (!token) return null;
  history.replaceState(history.state, "", location.pathname + location.search);
  return token;
}

export function sendVerificationCode(language: Language, ticket: string, method: string) {
  return api("loginVerificationSend", language, { body: { ticket, method: method as "sms" | "email" }, auth: false });
}

export function verifyLogin(language: Language, ticket: string, method: string, answer: string): Promise<SessionRead> {
  return apiSealed("loginVerify", language, { ticket, method: method as VerificationAnswer["method"], answer });
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

/** The brand's registration rules (cached by the query client). */
export function useRegisterRules() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["registerSettings", language], queryFn: () => api("registerSettings", language, { auth: false }) });
}

/** A captcha while ``enabled``; ``refetch()`` shows a new one. Each image is used once, so none is reused. */
export function useCaptcha(enabled: boolean, purpose: string) {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["captcha", purpose], queryFn: () => fetchCaptcha(language), enabled, staleTime: Infinity, gcTime: 0 });
}

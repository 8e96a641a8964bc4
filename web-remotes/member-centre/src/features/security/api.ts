/** The security centre's calls: the profile and recent logins (queries), and the changes it makes. */
import { api, apiSealed, useLanguage, useQuery, useQueryClient } from "@portal/kit";

export function useProfile() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["profile"], queryFn: () => api("memberInfo", language) });
}

export function useRecentLogins() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["logins"], queryFn: () => api("recentLogins", language) });
}

/** After a change the profile is read again (payment password set, mobile or authenticator bound). */
export function useProfileReload(): () => void {
  const queries = useQueryClient();
  return () => void queries.invalidateQueries({ queryKey: ["profile"] });
}

/** Whether the brand sets a flag (e.g. CHNGPASSVERIF3: a password change asks for an SMS code). */
export function useBrandFlag(name: string): boolean {
  const { language } = useLanguage();
  const config = useQuery({ queryKey: ["siteConfig", language], queryFn: () => api("siteConfig", language) });
  return Boolean(config.data?.whitelabelVal?.[name]);
}

export interface PasswordChange {
  old: string;
  next: string;
  confirm: string;
  code: string;
}

export function changeLoginPassword(language: string, values: PasswordChange) {
  return apiSealed("changePassword", language, {
    oldPassword: values.old,
    newPassword: values.next,
    confirmNewPassword: values.confirm,
    verificationCode: values.code,
  });
}

/** The SMS code to the bound mobile that a password change asks for when the brand sets CHNGPASSVERIF3. */
export function sendPasswordChangeCode(language: string) {
  return api("smsPasswordChange", language);
}

/** Changing it takes the current payment password; setting the first one takes the login password instead. */
export function changePaymentPassword(language: string, values: PasswordChange, exists: boolean) {
  const proof = exists ? { oldPaymentPassword: values.old } : { loginPassword: values.old };
  return apiSealed("changePaymentPassword", language, {
    ...proof,
    newPaymentPassword: values.next,
    confirmPaymentPassword: values.confirm,
  });
}

export function sendBindingCode(language: string, mobileNum: string, countryDialingCode: string) {
  return api("smsBind", language, { body: { mobileNum, countryDialingCode } });
}

/** The number with its code and the login password (a stolen session alone cannot move the SMS codes). */
export function bindMobile(language: string, mobileNum: string, countryDialingCode: string, verificationCode: string, password: string) {
  return api("bindMobile", language, { body: { mobileNum, countryDialingCode, verificationCode, password } });
}

export function startAuthenticator(language: string) {
  return api("startTotpBinding", language);
}

/** A code from the app and the login password (a stolen session alone cannot bind its own authenticator). */
export function confirmAuthenticator(language: string, code: string, password: string) {
  return api("confirmTotpBinding", language, { body: { code, password } });
}

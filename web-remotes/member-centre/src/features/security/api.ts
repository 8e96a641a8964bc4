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

export interface PasswordChange {
  old: string;
  next: string;
  confirm: string;
}

export function changeLoginPassword(language: string, values: PasswordChange) {
  return apiSealed("changePassword", language, { oldPassword: values.old, newPassword: values.next, confirmNewPassword: values.confirm });
}

export function changePaymentPassword(language: string, values: PasswordChange) {
  return apiSealed("changePaymentPassword", language, {
    oldPaymentPassword: values.old,
    newPaymentPassword: values.next,
    confirmPaymentPassword: values.confirm,
  });
}

export function sendBindingCode(language: string, mobileNum: string, countryDialingCode: string) {
  return api("smsBind", language, { body: { mobileNum, countryDialingCode } });
}

export function bindMobile(language: string, mobileNum: string, countryDialingCode: string, verificationCode: string) {
  return api("bindMobile", language, { body: { mobileNum, countryDialingCode, verificationCode } });
}

export function startAuthenticator(language: string) {
  return api("startTotpBinding", language);
}

export function confirmAuthenticator(language: string, code: string) {
  return api("confirmTotpBinding", language, { body: { code } });
}

import type { SessionRead, VerifyTicketRead } from "@portal/kit";
import { ApiError, errorCode, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { WEAK_PASSWORD } from "../api";

export const FIRST_LOGIN_KEY = "firstLogin";

/** After any successful login: store the token, then the forced password change or the first-login popup. */
export function useAfterLogin() {
  const session = useSession();
  const modal = useModal();
  const { flag } = useSite();
  return async (answer: SessionRead, password: string | null) => {
    await session.signIn(answer.token);
    const weak = password === WEAK_PASSWORD;
    // The member's popup follows from the new kind of user (StartupPopup); a first login adds its own.
    if (answer.firstTimeLogin) sessionStorage.setItem(FIRST_LOGIN_KEY, "1");
    if (weak || (answer.passwordExpired && password !== null && flag("PWDEXPFORCECHANGE3"))) {
      modal.open({ name: "changePassword", forced: true });
    } else {
      modal.close();
    }
  };
}

export function flagsOf(flag: (name: string) => boolean): Record<string, boolean> {
  return { BOTCHECK3: flag("BOTCHECK3") };
}

/** The ticket of a login from a new address, when the refusal carries one. */
export function verificationTicket(failure: unknown): VerifyTicketRead | null {
  if (errorCode(failure) !== "login_verify_required" || !(failure instanceof ApiError)) return null;
  return failure.value as VerifyTicketRead;
}

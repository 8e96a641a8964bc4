/** The public popup's once-per-session rule (spec §4), without React: the early reads use it too. */

/** The kind of user a popup was shown to: it shows once per session per kind unless closed. */
export function popupKind(isLogin: boolean, isAgent: boolean, isTrial: boolean): string {
  if (!isLogin) return "visitor";
  if (isTrial) return "trial";
  return isAgent ? "agent" : "member";
}

export function popupClosedKey(kind: string): string {
  return `popupClosed:${kind}`;
}

/** Whether a visitor will see the public popup now: no session held and not closed in this browser session. */
export function visitorPopupDue(token: string | null, session: Storage): boolean {
  return token === null && !session.getItem(popupClosedKey(popupKind(false, false, false)));
}

/** The pages the popup never opens over: the login and register dialogs open there by themselves, and the agent
 * entry is a login form of its own. */
export const NO_POPUP_PATHS: readonly string[] = ["/login", "/register", "/agentLogin"];

/** Whether a page opened at ``pathname`` starts with the visitor's popup open. */
export function visitorPopupAtStart(token: string | null, session: Storage, pathname: string): boolean {
  return visitorPopupDue(token, session) && !NO_POPUP_PATHS.includes(pathname);
}

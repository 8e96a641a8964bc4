/** The kind of an account by its type, as the member search and the profile name it. */
import { AGENT_TYPES, TRIAL_TYPE } from "@portal/kit";
import type { TextKey } from "../texts";

export function typeOf(type: number): TextKey {
  return AGENT_TYPES.includes(type) ? "agent" : type === TRIAL_TYPE ? "trial" : "member";
}

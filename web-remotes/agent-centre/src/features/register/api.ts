/** The brand's registration rules and the agent's registration of a downline (an (E) call, as the member
 * register form's). */
import type { DownlineRegistration, Language } from "@portal/kit";
import { api, apiSealed, useLanguage, useQuery } from "@portal/kit";

export function useRegisterRules() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["registerSettings", language], queryFn: () => api("registerSettings", language, { auth: false }) });
}

export function registerDownline(language: Language, body: DownlineRegistration) {
  return apiSealed("registerDownline", language, { ...body });
}

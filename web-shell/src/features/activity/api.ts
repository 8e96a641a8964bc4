/** The activity centre's calls: the brand's raffles and red envelopes (a real account's, with its ticket and share),
 * claiming a raffle ticket and a red envelope share (each once: the service answers a repeat with the first). */
import type { Language } from "@portal/kit";
import { api, useLanguage, useQuery, useSession } from "@portal/kit";

/** Reads for a real account only: a visitor and a trial account are refused them. */
function useReal() {
  const session = useSession();
  return { token: session.token, enabled: session.isLogin && !session.isTrial };
}

export function useRaffles() {
  const { language } = useLanguage();
  const { token, enabled } = useReal();
  return useQuery({ queryKey: ["activity", "raffles", token, language], enabled, queryFn: () => api("raffles", language) });
}

export function useRedEnvelopes() {
  const { language } = useLanguage();
  const { token, enabled } = useReal();
  return useQuery({ queryKey: ["activity", "envelopes", token, language], enabled, queryFn: () => api("redEnvelopes", language) });
}

export function newRequestId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

export function claimTicket(language: Language, raffleId: number, requestId: string) {
  return api("claimRaffleTicket", language, { body: { raffleId, requestId } });
}

export function claimRedEnvelope(language: Language, envelopeId: number, requestId: string) {
  return api("claimRedEnvelope", language, { body: { envelopeId, requestId } });
}

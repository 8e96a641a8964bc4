/** /activity, the activity centre (spec §2): the brand's raffles (a ticket each, the seed's hash from the start, once
 * drawn the winners, the seed and how to check the draw) and red envelopes (a share each, the amount won). A visitor
 * is asked to log in; a trial account never gets here (the route shows the real-account notice). */
import type { Language } from "@portal/kit";
import { LoadFailure, useLanguage, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { useRaffles, useRedEnvelopes } from "../api";
import { activityText } from "../texts";
import { EnvelopeCard } from "./EnvelopeCard";
import { RaffleCard } from "./RaffleCard";
import "../activity.css";

export function ActivityPage() {
  const { language } = useLanguage();
  const session = useSession();
  if (!session.token) return <LoginPrompt language={language} />;
  if (session.member === null || session.isTrial) {
    return (
      <p className="loader" aria-busy="true">
        …
      </p>
    );
  }
  return (
    <section className="act" aria-labelledby="act-title">
      <header className="act-head">
        <h1 id="act-title">{activityText(language, "title")}</h1>
        <p className="muted">{activityText(language, "lead")}</p>
      </header>
      <Raffles language={language} />
      <Envelopes language={language} />
    </section>
  );
}

function LoginPrompt({ language }: { language: Language }) {
  const modal = useModal();
  return (
    <section className="act act-login" aria-labelledby="act-title" data-testid="activity-login">
      <div className="act-login__card">
        <h1 id="act-title">{activityText(language, "title")}</h1>
        <p>{activityText(language, "loginLead")}</p>
        <div className="act-login__actions">
          <button type="button" className="kit-button" onClick={() => modal.open({ name: "login" })}>
            {activityText(language, "login")}
          </button>
          <button type="button" className="kit-button kit-button--ghost" onClick={() => modal.open({ name: "register" })}>
            {activityText(language, "register")}
          </button>
        </div>
      </div>
    </section>
  );
}

function Raffles({ language }: { language: Language }) {
  const raffles = useRaffles();
  const currency = useSite().config.currencySymbol;
  return (
    <section className="act-section" aria-labelledby="act-raffles">
      <h2 id="act-raffles">{activityText(language, "raffles")}</h2>
      <LoadFailure error={raffles.error} />
      {raffles.isPending && <p className="muted" aria-busy="true">…</p>}
      {raffles.data && raffles.data.length === 0 && <p className="act-empty">{activityText(language, "noRaffles")}</p>}
      {raffles.data && raffles.data.length > 0 && (
        <ul className="act-list" aria-label={activityText(language, "raffles")}>
          {raffles.data.map((raffle) => (
            <RaffleCard key={raffle.raffleId} raffle={raffle} currency={currency} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Envelopes({ language }: { language: Language }) {
  const envelopes = useRedEnvelopes();
  const currency = useSite().config.currencySymbol;
  return (
    <section className="act-section" aria-labelledby="act-envelopes">
      <h2 id="act-envelopes">{activityText(language, "envelopes")}</h2>
      <LoadFailure error={envelopes.error} />
      {envelopes.isPending && <p className="muted" aria-busy="true">…</p>}
      {envelopes.data && envelopes.data.length === 0 && <p className="act-empty">{activityText(language, "noEnvelopes")}</p>}
      {envelopes.data && envelopes.data.length > 0 && (
        <ul className="act-list" aria-label={activityText(language, "envelopes")}>
          {envelopes.data.map((envelope) => (
            <EnvelopeCard key={envelope.envelopeId} envelope={envelope} currency={currency} />
          ))}
        </ul>
      )}
    </section>
  );
}

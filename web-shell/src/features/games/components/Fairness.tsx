import type { FairnessRead, RevealedRead } from "@portal/kit";
import { api, Link, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { useState } from "react";
import { gameText } from "../texts";

/** The round's fairness: the committed server seed's hash, the client seed, the nonce; rotating the seeds
 * reveals the server seed, with which the verification page recomputes every round played under it. */
export function Fairness({ fairness }: { fairness: FairnessRead }) {
  const { language } = useLanguage();
  const [revealed, setRevealed] = useState<RevealedRead | null>(null);
  const rotate = useAction(() => api("rotateSeeds", language, { body: { clientSeed: crypto.randomUUID().replace(/-/g, "").slice(0, 16) } }), {
    onDone: (answer) => setRevealed(answer.previous),
  });
  return (
    <details className="fairness">
      <summary>{gameText(language, "fairness")}</summary>
      <dl>
        <dt>{gameText(language, "serverSeedHash")}</dt>
        <dd className="mono">{fairness.serverSeedHash}</dd>
        <dt>{gameText(language, "clientSeed")}</dt>
        <dd className="mono">{fairness.clientSeed}</dd>
        <dt>{gameText(language, "nonce")}</dt>
        <dd>{fairness.nonce}</dd>
        {revealed && (
          <>
            <dt>{gameText(language, "revealed")}</dt>
            <dd className="mono" data-testid="revealed-seed">
              {revealed.serverSeed}
            </dd>
          </>
        )}
      </dl>
      <p>{gameText(language, "verifyHint")}</p>
      <div className="fairness__actions">
        <button type="button" className="kit-button kit-button--ghost" disabled={rotate.pending} onClick={() => void rotate.submit(undefined)}>
          {gameText(language, "rotateSeeds")}
        </button>
        <Link to="/fairness" target="_blank" className="kit-button kit-button--ghost">
          {gameText(language, "verify")}
        </Link>
      </div>
      <OutcomeLine outcome={rotate.outcome} />
    </details>
  );
}

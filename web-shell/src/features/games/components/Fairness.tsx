import type { FairnessRead, RevealedRead } from "@portal/kit";
import { api, Link, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { useState } from "react";
import { useSeeds } from "../api";
import { gameText } from "../texts";

/** The round's fairness (before the first round, the seeds' own): the committed server seed's hash, the client
 * seed, the nonce, and the next server seed's hash, fixed before the player picks a new client seed. Rotating the
 * seeds reveals the server seed, with which the verification page recomputes every round played under it, and
 * starts the next one. */
export function Fairness({ fairness }: { fairness?: FairnessRead | undefined }) {
  const { language } = useLanguage();
  const seeds = useSeeds();
  const queries = useQueryClient();
  const [revealed, setRevealed] = useState<RevealedRead | null>(null);
  const shown = fairness ?? seeds.data;
  const rotate = useAction(
    () =>
      api("rotateSeeds", language, {
        body: { clientSeed: crypto.randomUUID().replace(/-/g, "").slice(0, 16), nextServerSeedHash: seeds.data?.nextServerSeedHash ?? "" },
      }),
    {
      onDone: async (answer) => {
        setRevealed(answer.previous);
        await queries.invalidateQueries({ queryKey: ["bgsSeeds"] });
      },
    },
  );
  if (!shown) return null;
  return (
    <details className="fairness">
      <summary>{gameText(language, "fairness")}</summary>
      <dl>
        <dt>{gameText(language, "serverSeedHash")}</dt>
        <dd className="mono">{shown.serverSeedHash}</dd>
        <dt>{gameText(language, "clientSeed")}</dt>
        <dd className="mono">{shown.clientSeed}</dd>
        <dt>{gameText(language, "nonce")}</dt>
        <dd>{shown.nonce}</dd>
        {seeds.data && (
          <>
            <dt>{gameText(language, "nextServerSeedHash")}</dt>
            <dd className="mono">{seeds.data.nextServerSeedHash}</dd>
          </>
        )}
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
        <button type="button" className="kit-button kit-button--ghost" disabled={rotate.pending || !seeds.data} onClick={() => void rotate.submit(undefined)}>
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

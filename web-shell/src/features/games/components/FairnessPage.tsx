import "../games.css";
import type { FormEvent } from "react";
import { useState } from "react";
import type { VerifyRead } from "@portal/kit";
import { api, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { gameText } from "../texts";
import { VerifiedResult } from "./VerifiedResult";

/** /fairness, open to anyone: recompute a round from its revealed server seed, client seed and nonce. */
export function FairnessPage() {
  const { language } = useLanguage();
  const [gameCode, setGameCode] = useState("BGS_FRUIT5");
  const [serverSeed, setServerSeed] = useState("");
  const [clientSeed, setClientSeed] = useState("");
  const [nonce, setNonce] = useState("1");
  const [target, setTarget] = useState("4999");
  const [over, setOver] = useState(true);
  const [side, setSide] = useState<"DRAGON" | "TIGER" | "TIE">("DRAGON");
  const [result, setResult] = useState<VerifyRead | null>(null);
  const dice = gameCode === "BGS_DICE";
  const cards = gameCode === "BGS_DRAGON_TIGER";
  const verify = useAction(
    () =>
      api("verifyRound", language, {
        query: { gameCode, serverSeed: serverSeed.trim(), clientSeed: clientSeed.trim(), nonce: Number(nonce), ...(dice ? { target: Number(target), over } : {}), ...(cards ? { side } : {}) },
      }),
    { onDone: setResult },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!serverSeed.trim() || !clientSeed.trim() || !/^\d+$/.test(nonce)) return verify.refuse(gameText(language, "verifyHint"));
    void verify.submit(undefined);
  };
  return (
    <section className="game-page fairness-page" data-testid="fairness-page">
      <h1>{gameText(language, "verifyTitle")}</h1>
      <p>{gameText(language, "verifyHint")}</p>
      <form className="fairness-form" onSubmit={submit} noValidate>
        <label className="kit-field">
          {gameText(language, "gameCode")}
          <select value={gameCode} onChange={(event) => setGameCode(event.target.value)}>
            {(["BGS_FRUIT5", "BGS_DICE", "BGS_DRAGON_TIGER"] as const).map((code) => (
              <option key={code} value={code}>
                {gameText(language, code)}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          {gameText(language, "serverSeed")}
          <input value={serverSeed} onChange={(event) => setServerSeed(event.target.value)} autoComplete="off" />
        </label>
        <label className="kit-field">
          {gameText(language, "clientSeed")}
          <input value={clientSeed} onChange={(event) => setClientSeed(event.target.value)} autoComplete="off" />
        </label>
        <label className="kit-field">
          {gameText(language, "nonce")}
          <input inputMode="numeric" value={nonce} onChange={(event) => setNonce(event.target.value)} />
        </label>
        {dice && (
          <>
            <label className="kit-field">
              {gameText(language, "target")}
              <input inputMode="numeric" value={target} onChange={(event) => setTarget(event.target.value)} />
            </label>
            <label>
              <input type="checkbox" checked={over} onChange={(event) => setOver(event.target.checked)} /> {gameText(language, "over")}
            </label>
          </>
        )}
        {cards && (
          <label className="kit-field">
            {gameText(language, "side")}
            <select value={side} onChange={(event) => setSide(event.target.value as "DRAGON" | "TIGER" | "TIE")}>
              <option value="DRAGON">{gameText(language, "DRAGON")}</option>
              <option value="TIGER">{gameText(language, "TIGER")}</option>
              <option value="TIE">{gameText(language, "TIE")}</option>
            </select>
          </label>
        )}
        <button type="submit" className="kit-button" disabled={verify.pending}>
          {gameText(language, "verify")}
        </button>
      </form>
      <OutcomeLine outcome={verify.outcome} />
      {result && <VerifiedResult result={result} />}
    </section>
  );
}

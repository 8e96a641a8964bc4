/** The dialog in which a brand's admin sets one lottery game's settings: on or off, the stake limits (minor units)
 * and the prize mode (the brand's or one of the catalogue's). The console checks only that the limits are whole
 * numbers; the server decides the rest and its refusal is shown as it words it. */
import type { FormEvent } from "react";
import { useId, useState } from "react";
import type { LotteryGameSettingsRead, LotteryPrizeModeRead } from "@portal/kit";
import { Dialog, Field, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { when } from "../../../shared/ui";
import { forgetLotteryGames, wholeAmount } from "../reads";
import { t } from "../texts";

interface Props {
  game: LotteryGameSettingsRead;
  modes: LotteryPrizeModeRead[];
  brandMode: string;
  onClose: () => void;
}

interface Wanted {
  enabled: boolean;
  minStake: number;
  maxStake: number;
  maxPerIssue: number;
  prizeMode: string | null;
  reason: string | null;
}

export function EditLotteryGame({ game, modes, brandMode, onClose }: Props) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const modeId = useId();
  const [shown, setShown] = useState(game);
  const [enabled, setEnabled] = useState(game.enabled);
  const [minStake, setMinStake] = useState(String(game.minStake));
  const [maxStake, setMaxStake] = useState(String(game.maxStake));
  const [maxPerIssue, setMaxPerIssue] = useState(String(game.maxPerIssue));
  const [prizeMode, setPrizeMode] = useState(game.prizeMode ?? "");
  const [reason, setReason] = useState("");
  const [done, setDone] = useState("");
  const save = useAction((body: Wanted) => ops.call("opsChangeLotteryGame", { path: { code: ops.brand, gameCode: game.gameCode }, body }), {
    onDone: (read) => {
      setShown(read);
      setReason("");
      setDone(t(language, "saved"));
      forgetLotteryGames(queries, ops.brand);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone("");
    const limits = [wholeAmount(minStake), wholeAmount(maxStake), wholeAmount(maxPerIssue)];
    const [low, high, perIssue] = limits;
    if (low == null || high == null || perIssue == null) return save.refuse(t(language, "wholeNumbers"));
    void save.submit({ enabled, minStake: low, maxStake: high, maxPerIssue: perIssue, prizeMode: prizeMode || null, reason: reason.trim() || null });
  };
  const edited = () => {
    save.reset();
    setDone("");
  };

  return (
    <Dialog title={t(language, "editTitle", { game: `${shown.gameName} (${shown.gameCode})` })} onClose={onClose} closeLabel={t(language, "close")} wide>
      <form className="lt-form" data-testid="edit-lottery-game" onSubmit={submit} noValidate>
        <p className="kit-field__hint">
          {t(language, "house", { min: shown.house.minStake, minCap: shown.house.minCap, max: shown.house.maxStake, perIssue: shown.house.maxPerIssue })}
        </p>
        {shown.updatedBy ? <p className="kit-field__hint">{t(language, "updated", { who: shown.updatedBy, when: when(shown.updatedAt, language) })}</p> : null}
        <label className="oc-row">
          <input type="checkbox" checked={enabled} onChange={(event) => { edited(); setEnabled(event.target.checked); }} /> {t(language, "enabled")}
        </label>
        <div className="oc-row">
          <Field label={t(language, "minStake")} inputMode="numeric" value={minStake} onChange={(value) => { edited(); setMinStake(value); }} />
          <Field label={t(language, "maxStake")} inputMode="numeric" value={maxStake} onChange={(value) => { edited(); setMaxStake(value); }} />
          <Field label={t(language, "maxPerIssue")} inputMode="numeric" value={maxPerIssue} onChange={(value) => { edited(); setMaxPerIssue(value); }} />
        </div>
        <div className="kit-field">
          <label htmlFor={modeId}>{t(language, "prizeMode")}</label>
          <select id={modeId} className="kit-input" value={prizeMode} onChange={(event) => { edited(); setPrizeMode(event.target.value); }}>
            <option value="">{t(language, "brandMode", { mode: brandMode })}</option>
            {modes.map((mode) => (
              <option key={mode.code} value={mode.code}>
                {t(language, "perMille", { code: mode.code, perMille: mode.perMille })}
              </option>
            ))}
          </select>
        </div>
        <Field label={t(language, "reason")} value={reason} onChange={(value) => { edited(); setReason(value); }} maxLength={500} />
        <button type="submit" className="kit-button" disabled={save.pending}>
          {t(language, "save")}
        </button>
        {done && !save.outcome ? (
          <p className="kit-ok" role="status">
            {done}
          </p>
        ) : null}
        <OutcomeLine outcome={save.outcome} />
      </form>
    </Dialog>
  );
}

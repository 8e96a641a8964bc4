/** A promotion as the content role writes it: names and terms texts (Turkish needed), a picture, the bonus terms read
 * by the kind (a deposit's share, a day's net loss's share, or an activity's bonus decided per application), the
 * wagering and the games that count, the window in the operator's local time (sent as an instant with its zone),
 * shown to members or not, its order and a reason for the audit. Money is typed as the member sees it (100.00) and
 * sent in minor units; the share as a percentage with two decimals (100.00 % = 10000 basis points). */
import type { FormEvent } from "react";
import { useId } from "react";
import type { GameType, Language, PromotionKind, PromotionRead, PromotionWrite } from "@portal/kit";
import { Field, OutcomeLine, SUPPORTED, formatMoney, useLanguage } from "@portal/kit";
import type { Outcome } from "@portal/kit";
import type { AnyTextKey } from "../texts";
import { t } from "../texts";
import "../loyalty.css";
import "../missions.css";
import "./promotions.css";

export const KINDS: readonly PromotionKind[] = ["FIRST_DEPOSIT", "RELOAD", "CASHBACK", "ACTIVITY"];
export const GAME_TYPES: readonly GameType[] = ["SPORTS", "ESPORTS", "LIVE", "LOTT", "ELOTT", "FISH", "PVP", "RNG", "COCKFIGHT"];
export const MAX_MINOR = 100_000_000_000; // the money API's largest movement
const MAX_PERCENT_BP = 100_000; // 1,000 %
/** As the service takes it: an https address with a path, or a path on the portal's own site. */
const PICTURE = /^(https:\/\/[^\s/]+\/\S{0,470}|\/[^/\s]\S{0,480})$/;

export interface PromotionDraft {
  kind: PromotionKind;
  names: Record<Language, string>;
  details: Record<Language, string>;
  picture: string;
  percent: string; // 100.00 (%)
  maxBonus: string; // money
  minDeposit: string; // money
  wageringMultiple: string;
  gameTypes: GameType[];
  maxBet: string; // money, 0: no maximum
  expiryDays: string;
  startsAt: string; // yyyy-MM-ddTHH:mm, local
  endsAt: string; // the same, or empty: no end
  active: boolean;
  sort: string;
  reason: string;
}

export const EMPTY_PROMOTION: PromotionDraft = {
  kind: "FIRST_DEPOSIT", names: { TR: "", EN: "", CN: "" }, details: { TR: "", EN: "", CN: "" }, picture: "", percent: "100.00",
  maxBonus: "", minDeposit: "0.00", wageringMultiple: "1", gameTypes: [], maxBet: "0.00", expiryDays: "30", startsAt: "", endsAt: "",
  active: true, sort: "0", reason: "",
};

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as the operator's local date-time field shows it (yyyy-MM-ddTHH:mm). */
export function localOf(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A local date-time field's minute as the instant the service takes (ISO, in UTC); null when it is not one. */
export function instantOf(text: string): string | null {
  const value = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(value); // a date-time without a zone: the browser's local time
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An amount typed with at most two decimals ("1,500.5") in hundredths (minor units, or basis points of a
 * percentage); null when it is not one within the bounds. */
export function hundredthsOf(text: string, low: number, high: number): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.replace(/,/g, "").trim());
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return value >= low && value <= high ? value : null;
}

const whole = (text: string, low: number, high: number): number | null => {
  const value = text.replace(/,/g, "").trim();
  if (!/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= low && number <= high ? number : null;
};

/** A percentage of basis points as typed and shown ("25.50"). */
export const percentOf = (basisPoints: number): string => (basisPoints / 100).toFixed(2);

export function draftOf(row: PromotionRead): PromotionDraft {
  const texts = (by: Record<string, string>) => ({ TR: by["TR"] ?? "", EN: by["EN"] ?? "", CN: by["CN"] ?? "" });
  return {
    kind: row.kind, names: texts(row.names), details: texts(row.detailsByLanguage), picture: row.picture,
    percent: percentOf(row.percentBp), maxBonus: formatMoney(row.maxBonus), minDeposit: formatMoney(row.minDeposit),
    wageringMultiple: String(row.wageringMultiple), gameTypes: GAME_TYPES.filter((type) => row.gameTypes.includes(type)),
    maxBet: formatMoney(row.maxBet), expiryDays: String(row.expiryDays), startsAt: localOf(row.startsAt), endsAt: localOf(row.endsAt),
    active: row.active, sort: String(row.sort), reason: "",
  };
}

function given(texts: Record<Language, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const language of SUPPORTED) {
    const text = texts[language].trim();
    if (text) out[language] = text;
  }
  return out;
}

/** The body the service takes, or the key of the text that says what is wrong with the draft. An activity's share
 * and minimum do not apply: the share kept as it was (100.00 % for a new one), the minimum 0. */
export function promotionBody(draft: PromotionDraft): PromotionWrite | AnyTextKey {
  const names = given(draft.names);
  if (!names["TR"]) return "turkishName";
  const details = given(draft.details);
  if (!details["TR"]) return "turkishDetails";
  const picture = draft.picture.trim();
  if (!PICTURE.test(picture)) return "pictureInvalid";
  const activity = draft.kind === "ACTIVITY";
  const percentBp = hundredthsOf(draft.percent, 1, MAX_PERCENT_BP) ?? (activity ? 10_000 : null);
  if (percentBp === null) return "percentInvalid";
  const maxBonus = hundredthsOf(draft.maxBonus, 1, MAX_MINOR);
  if (maxBonus === null) return "maxBonusInvalid";
  const minDeposit = activity ? 0 : hundredthsOf(draft.minDeposit, 0, MAX_MINOR);
  if (minDeposit === null) return "minDepositInvalid";
  const wageringMultiple = whole(draft.wageringMultiple, 1, 100);
  if (wageringMultiple === null) return "wageringInvalid";
  if (draft.gameTypes.length === 0) return "gameTypesNone";
  const maxBet = hundredthsOf(draft.maxBet, 0, MAX_MINOR);
  if (maxBet === null) return "maxBetInvalid";
  const expiryDays = whole(draft.expiryDays, 1, 365);
  if (expiryDays === null) return "expiryInvalid";
  const startsAt = instantOf(draft.startsAt);
  if (startsAt === null) return "promoStartInvalid";
  const endsAt = draft.endsAt.trim() ? instantOf(draft.endsAt) : null;
  if (draft.endsAt.trim() && endsAt === null) return "promoEndInvalid";
  if (endsAt !== null && endsAt <= startsAt) return "promoWindowInvalid";
  const sort = whole(draft.sort, 0, 10_000);
  if (sort === null) return "sortInvalid";
  const reason = draft.reason.trim();
  if (!reason) return "required";
  const gameTypes = GAME_TYPES.filter((type) => draft.gameTypes.includes(type));
  return {
    kind: draft.kind, names, details, picture, percentBp, maxBonus, minDeposit, wageringMultiple, gameTypes, maxBet, expiryDays,
    startsAt, endsAt, active: draft.active, sort, reason,
  };
}

/** The labels of the bonus terms, by the kind: what the share is of, what the maximum caps, what the minimum is. */
export function termLabels(kind: PromotionKind): { percent: AnyTextKey; max: AnyTextKey; min: AnyTextKey } {
  if (kind === "CASHBACK") return { percent: "percentOfLoss", max: "maxCashbackField", min: "minLossField" };
  if (kind === "ACTIVITY") return { percent: "percentOfDeposit", max: "maxActivityField", min: "minDepositField" };
  return { percent: "percentOfDeposit", max: "maxBonusField", min: "minDepositField" };
}

interface Props {
  draft: PromotionDraft;
  change: (patch: Partial<PromotionDraft>) => void;
  /** The promotion being edited, or null for a new one. */
  editing: number | null;
  outcome: Outcome | null;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

export function PromotionForm({ draft, change, editing, outcome, pending, onSubmit, onCancel }: Props) {
  const { language } = useLanguage();
  const ids = useId();
  const labels = termLabels(draft.kind);
  const activity = draft.kind === "ACTIVITY";
  const toggle = (type: GameType, on: boolean) => change({ gameTypes: on ? [...draft.gameTypes, type] : draft.gameTypes.filter((g) => g !== type) });
  return (
    <form className="ly-form" onSubmit={onSubmit} aria-labelledby={`${ids}-title`} noValidate data-testid="promotion-form">
      <h2 id={`${ids}-title`} className="ly-form__title">
        {editing === null ? t(language, "addPromotion") : t(language, "editPromotion", { id: editing })}
      </h2>
      <label className="kit-field">
        {t(language, "promotionKind")}
        <select className="oc-select" value={draft.kind} onChange={(event) => change({ kind: event.target.value as PromotionKind })}>
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(language, kind)}
            </option>
          ))}
        </select>
      </label>
      <div className="oc-row">
        {SUPPORTED.map((code) => (
          <Field key={code} label={t(language, "nameIn", { language: code })} value={draft.names[code]} onChange={(text) => change({ names: { ...draft.names, [code]: text } })} maxLength={80} required={code === "TR"} />
        ))}
      </div>
      {SUPPORTED.map((code) => (
        <div key={code} className="kit-field">
          <label htmlFor={`${ids}-details-${code}`}>{t(language, "detailsIn", { language: code })}</label>
          <textarea
            id={`${ids}-details-${code}`}
            className="pr-textarea"
            rows={3}
            maxLength={2000}
            required={code === "TR"}
            value={draft.details[code]}
            onChange={(event) => change({ details: { ...draft.details, [code]: event.target.value } })}
          />
        </div>
      ))}
      <Field label={t(language, "pictureAddress")} value={draft.picture} onChange={(picture) => change({ picture })} maxLength={500} hint={t(language, "pictureHint")} required />
      {activity ? <p className="kit-field__hint">{t(language, "activityHint")}</p> : null}
      <div className="oc-row">
        {activity ? null : <Field label={t(language, labels.percent)} value={draft.percent} onChange={(percent) => change({ percent })} inputMode="decimal" size={10} required />}
        <Field label={t(language, labels.max)} value={draft.maxBonus} onChange={(maxBonus) => change({ maxBonus })} inputMode="decimal" size={14} required />
        {activity ? null : <Field label={t(language, labels.min)} value={draft.minDeposit} onChange={(minDeposit) => change({ minDeposit })} inputMode="decimal" size={14} />}
      </div>
      <div className="oc-row">
        <Field label={t(language, "wageringField")} value={draft.wageringMultiple} onChange={(wageringMultiple) => change({ wageringMultiple })} inputMode="numeric" size={6} required />
        <Field label={t(language, "maxBetField")} value={draft.maxBet} onChange={(maxBet) => change({ maxBet })} inputMode="decimal" size={14} />
        <Field label={t(language, "expiryField")} value={draft.expiryDays} onChange={(expiryDays) => change({ expiryDays })} inputMode="numeric" size={6} required />
      </div>
      <fieldset className="ly-form__types">
        <legend>{t(language, "promoGameTypes")}</legend>
        {GAME_TYPES.map((type) => (
          <label key={type} className="ly-form__check">
            <input type="checkbox" checked={draft.gameTypes.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
            {t(language, type)}
          </label>
        ))}
      </fieldset>
      <div className="oc-row ly-window">
        <Field label={t(language, "promoStartsAt")} type="datetime-local" value={draft.startsAt} onChange={(startsAt) => change({ startsAt })} required />
        <Field label={t(language, "promoEndsAt")} type="datetime-local" value={draft.endsAt} onChange={(endsAt) => change({ endsAt })} />
      </div>
      <div className="oc-row">
        <Field label={t(language, "sort")} value={draft.sort} onChange={(sort) => change({ sort })} inputMode="numeric" size={6} />
        <label className="ly-form__check">
          <input type="checkbox" checked={draft.active} onChange={(event) => change({ active: event.target.checked })} />
          {t(language, "showPromotion")}
        </label>
      </div>
      <Field label={t(language, "auditReason")} value={draft.reason} onChange={(reason) => change({ reason })} maxLength={500} required />
      <OutcomeLine outcome={outcome} />
      <div className="oc-row">
        <button type="submit" className="kit-button" disabled={pending}>
          {t(language, editing === null ? "add" : "save")}
        </button>
        {editing !== null ? (
          <button type="button" className="kit-button kit-button--ghost" onClick={onCancel}>
            {t(language, "cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}

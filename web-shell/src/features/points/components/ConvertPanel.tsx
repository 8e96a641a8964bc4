/** "Convert to cash": the brand's rate in words, and the form (points, the cash they make shown as they are typed,
 * the payment password) sent sealed. One request id per opening, kept across retries of the same conversion, a new
 * one when the points change or after a conversion is done (``useRequestOnce``, as the redeem dialog). Off, or with
 * fewer points than the least, the form is disabled and says why. The cash of a paid conversion is in the main
 * wallet: the header's balance is asked again. */
import type { FormEvent } from "react";
import { useId, useState } from "react";
import type { ConversionRead, ConversionRuleRead, Language } from "@portal/kit";
import { Field, formatMoney, formatNumber, LoadFailure, OutcomeLine, useAction, useQueryClient, useSession } from "@portal/kit";
import { convertPoints, useConvertRule } from "../api";
import type { ConversionForm } from "../rules";
import { cashFor, conversionProblem, conversionState, leastPoints, mostPoints, parsePoints, rateText } from "../rules";
import { pointsText } from "../texts";
import { useRequestOnce } from "../useRequestOnce";

const DONE_KEY = { PAID: "convertPaid", PENDING: "convertPending", FAILED: "convertFailed" } as const;

export function ConvertPanel({ language, balance }: { language: Language; balance: number | null }) {
  const session = useSession();
  const rule = useConvertRule();
  const noteId = useId();
  const currency = session.balance?.currency ?? "";
  if (rule.error) return <LoadFailure error={rule.error} />;
  if (!rule.data) return <p className="muted" aria-busy="true">…</p>;
  const state = conversionState(rule.data, balance);
  const least = leastPoints(rule.data);
  return (
    <section className="pm-convert" aria-labelledby="pm-convert-title" data-testid="convert">
      <h2 id="pm-convert-title">{pointsText(language, "convert")}</h2>
      {state !== "off" && (
        <div className="pm-convert__rate">
          <strong data-testid="convert-rate">{rateText(language, rule.data, currency)}</strong>
          <span className="muted">{pointsText(language, "least", { n: least, unit: rule.data.pointsPerUnit })}</span>
        </div>
      )}
      {state !== "open" && (
        <p id={noteId} className="pm-convert__note" data-testid="convert-note">
          {state === "off"
            ? pointsText(language, "convertOff")
            : pointsText(language, "convertShort", { least, balance: formatNumber(language, balance ?? 0) })}
        </p>
      )}
      <ConvertForm language={language} rule={rule.data} balance={balance} currency={currency} disabledBy={state === "open" ? null : noteId} />
    </section>
  );
}

interface FormProps {
  language: Language;
  rule: ConversionRuleRead;
  balance: number | null;
  currency: string;
  /** The note saying why the form is disabled; null when it is open. */
  disabledBy: string | null;
}

function ConvertForm({ language, rule, balance, currency, disabledBy }: FormProps) {
  const session = useSession();
  const queries = useQueryClient();
  const once = useRequestOnce("convert");
  const cashId = useId();
  const pointsId = useId();
  const [form, setForm] = useState<ConversionForm>({ points: "", paymentPassword: "" });
  const [done, setDone] = useState<ConversionRead | null>(null);
  const send = useAction(
    (request: { points: number; requestId: string }) => convertPoints(language, { ...request, paymentPassword: form.paymentPassword }),
    {
      onDone: async (answer) => {
        setDone(answer);
        setForm({ points: "", paymentPassword: "" });
        once.renew(); // the next conversion is another one
        // The points moved (balance, records) and, paid, the cash is in the main wallet: the header follows.
        await Promise.all([queries.invalidateQueries({ queryKey: ["points"] }), session.refreshBalance()]);
      },
    },
  );
  const cash = cashFor(parsePoints(form.points), rule);
  const most = balance === null ? null : mostPoints(rule, balance);

  const change = (field: keyof ConversionForm) => (value: string) => {
    // Other points are another conversion: a new id (the service refuses a reused id with other points).
    if (field === "points" && value !== form.points) {
      once.renew();
      setDone(null);
    }
    setForm((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (once.busy() || disabledBy) return;
    const problem = conversionProblem(language, form, rule, balance);
    if (problem) return send.refuse(problem);
    once.send((requestId) => send.submit({ points: Number(form.points), requestId }));
  };

  const doneText = done && pointsText(language, DONE_KEY[done.status], { points: formatNumber(language, done.points), amount: formatMoney(done.amount, "", language), currency, no: done.transactionNo });
  return (
    <form className="pm-form" onSubmit={submit} noValidate aria-label={pointsText(language, "convert")}>
      <fieldset disabled={disabledBy !== null} aria-describedby={disabledBy ?? undefined}>
        <Field
          id={pointsId}
          label={pointsText(language, "pointsToConvert")}
          type="number"
          min={leastPoints(rule)}
          step={rule.pointsPerUnit || 1}
          inputMode="numeric"
          value={form.points}
          onChange={change("points")}
          hint={most ? pointsText(language, "mostHint", { n: formatNumber(language, most) }) : undefined}
          aria-describedby={most ? `${cashId} ${pointsId}-hint` : cashId}
          name="points"
        />
        <p id={cashId} className="pm-convert__cash" aria-live="polite" data-testid="convert-cash">
          {pointsText(language, "cashGet", { amount: cash === null ? "—" : formatMoney(cash, "", language), currency })}
        </p>
        <Field label={pointsText(language, "paymentPassword")} type="password" value={form.paymentPassword} onChange={change("paymentPassword")} autoComplete="off" name="paymentPassword" />
      </fieldset>
      <OutcomeLine outcome={send.outcome} />
      {done && (
        <p className={done.status === "FAILED" ? "pm-convert__failed" : "kit-ok"} role="status" data-testid="convert-done">
          {doneText}
        </p>
      )}
      <div className="dialog-actions">
        <button type="submit" className="kit-button" disabled={send.pending || disabledBy !== null} aria-busy={send.pending}>
          {pointsText(language, "convertButton")}
        </button>
      </div>
    </form>
  );
}

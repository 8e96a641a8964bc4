import type { FormEvent } from "react";
import { useState } from "react";
import { Field, OutcomeLine, readAsDataUrl, useAction, useLanguage } from "@portal/kit";
import type { WithdrawalRead } from "@portal/kit";
import { checkRemainder, moneyTypedProblem, proofProblem } from "../../../shared/rules";
import { t } from "../../../shared/texts";
import type { Confirmation } from "../api";
import { confirmWithdrawal } from "../api";

/** The member's word on a paid withdrawal, before its deadline. */
export function ConfirmReceipt({ withdrawal, onDone }: { withdrawal: WithdrawalRead; onDone: () => void }) {
  const { language } = useLanguage();
  const [result, setResult] = useState<Confirmation["result"]>("received");
  const [remainder, setRemainder] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const confirm = useAction((body: Confirmation) => confirmWithdrawal(language, withdrawal.withdrawalId, body), { onDone });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Confirmation = { result };
    if (result === "partly") {
      const minor = checkRemainder(remainder, withdrawal.amount, language);
      if (minor === null) return confirm.refuse(t(language, moneyTypedProblem(remainder, language) ?? "invalidAmount"));
      body.remainder = minor;
    }
    if (result === "not_received") {
      const problem = files.length === 0 ? "required" : proofProblem(files);
      if (problem) return confirm.refuse(t(language, problem));
      body.proofs = await Promise.all(files.map(readAsDataUrl));
    }
    await confirm.submit(body);
  };
  return (
    <form className="mc-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t(language, "confirmReceipt")}>
      <fieldset className="mc-choices">
        <legend>{t(language, "confirmReceipt")}</legend>
        {(["received", "partly", "not_received"] as const).map((choice) => (
          <label key={choice} className="check">
            <input type="radio" name={`result-${withdrawal.withdrawalId}`} checked={result === choice} onChange={() => setResult(choice)} />
            {t(language, choice === "received" ? "fully" : choice === "partly" ? "partly" : "notReceived")}
          </label>
        ))}
      </fieldset>
      {result === "partly" && <Field label={t(language, "remainder")} value={remainder} onChange={setRemainder} inputMode="decimal" />}
      {result === "not_received" && (
        <label className="kit-field">
          {t(language, "proofs")}
          <input type="file" accept="image/png,image/jpeg" multiple onChange={(event) => setFiles(Array.from(event.target.files ?? []))} />
        </label>
      )}
      <OutcomeLine outcome={confirm.outcome} />
      <button type="submit" className="kit-button">{t(language, "send")}</button>
    </form>
  );
}

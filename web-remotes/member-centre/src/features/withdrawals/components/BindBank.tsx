import type { FormEvent } from "react";
import { useState } from "react";
import { Field, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { holderNameProblem } from "../../../shared/rules";
import { t } from "../../../shared/texts";
import type { BankAccountFields } from "../api";
import { bindBankAccount } from "../api";

const EMPTY: BankAccountFields = { bankName: "", holderName: "", accountNumber: "", paymentPassword: "" };

export function BindBank({ onBound }: { onBound: () => void }) {
  const { language } = useLanguage();
  const [values, setValues] = useState(EMPTY);
  const set = (key: keyof BankAccountFields) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const bind = useAction((fields: BankAccountFields) => bindBankAccount(language, fields), {
    onDone: () => {
      setValues(EMPTY);
      onBound();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = values.bankName.trim() && values.holderName.trim() && values.paymentPassword;
    if (!filled || !/^[A-Za-z0-9 ]{6,40}$/.test(values.accountNumber.trim())) {
      return bind.refuse(t(language, "required"));
    }
    const holderProblem = holderNameProblem(values.holderName);
    if (holderProblem) return bind.refuse(t(language, holderProblem));
    void bind.submit(values);
  };
  return (
    <form className="mc-form" onSubmit={submit} noValidate aria-label={t(language, "bankAccounts")}>
      <Field label={t(language, "bankName")} value={values.bankName} onChange={set("bankName")} />
      <Field label={t(language, "holderName")} value={values.holderName} onChange={set("holderName")} />
      <Field label={t(language, "accountNumber")} value={values.accountNumber} onChange={set("accountNumber")} />
      <Field label={t(language, "paymentPassword")} type="password" value={values.paymentPassword} onChange={set("paymentPassword")} autoComplete="off" />
      <OutcomeLine outcome={bind.outcome} />
      <button type="submit" className="kit-button kit-button--ghost">{t(language, "bind")}</button>
    </form>
  );
}

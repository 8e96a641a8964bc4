/** Form parts the brand pages share: a labelled text area, a labelled check box (a switch when asked), and one
 * text per language. */
import type { ChangeEvent } from "react";
import { useId } from "react";
import type { Language } from "@portal/kit";
import { SUPPORTED } from "@portal/kit";

export type Texts = Record<Language, string>;

export function textsOf(value: Record<string, string> | null | undefined): Texts {
  return { TR: value?.["TR"] ?? "", EN: value?.["EN"] ?? "", CN: value?.["CN"] ?? "" };
}

export function TextArea({ label, value, onChange, rows = 3, maxLength }: { label: string; value: string; onChange: (value: string) => void; rows?: number; maxLength?: number | undefined }) {
  const id = useId();
  return (
    <div className="kit-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className="br-textarea" value={value} rows={rows} maxLength={maxLength} onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)} />
    </div>
  );
}

export function Check({ label, checked, onChange, asSwitch = false, hint }: { label: string; checked: boolean; onChange: (checked: boolean) => void; asSwitch?: boolean; hint?: string }) {
  return (
    <label className="br-check">
      <input type="checkbox" role={asSwitch ? "switch" : undefined} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {label}
        {hint ? <small className="br-check__hint">{hint}</small> : null}
      </span>
    </label>
  );
}

/** One text area per language, labelled with ``label(language)``. */
export function LanguageTexts({ label, value, onChange, rows = 2, maxLength }: { label: (language: Language) => string; value: Texts; onChange: (value: Texts) => void; rows?: number; maxLength?: number | undefined }) {
  return (
    <div className="br-languages">
      {SUPPORTED.map((code) => (
        <TextArea key={code} label={label(code)} value={value[code]} rows={rows} maxLength={maxLength} onChange={(text) => onChange({ ...value, [code]: text })} />
      ))}
    </div>
  );
}

/** The brand's whitelabel flags: one switch a feature, as the brand's settings read them. Every role reads; an admin
 * switches and saves, and the save sends only the switches changed. The site decides (an unknown flag is refused),
 * and its refusal is shown as it says it. */
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import type { Language, MerchantRead } from "@portal/kit";
import { LoadFailure, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle } from "../../../shared/ui";
import { merchantKey, useMerchant } from "../reads";
import { named, t } from "../texts";
import { Check } from "./parts";
import "../brand.css";

/** The switches that differ from the flags as read: the body of the change. */
export function changedFlags(read: Record<string, boolean>, draft: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(draft).filter(([name, value]) => value !== (read[name] ?? false)));
}

/** A flag in words, its code when the console does not know it. */
function flagText(language: Language, name: string): string {
  const text = named(language, `flag_${name}`);
  return text === `flag_${name}` ? name : text;
}

export function Flags() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const writer = holds(ops.session, "admin");
  const merchant = useMerchant();
  const [generation, setGeneration] = useState(0);
  const save = useAction((flags: Record<string, boolean>) => ops.call("opsChangeFlags", { path: { code: ops.brand }, body: { flags } }), {
    doneText: t(language, "saved"),
    onDone: (flags) => {
      queries.setQueryData<MerchantRead>(merchantKey(ops.brand), (current) => (current ? { ...current, flags } : current));
      setGeneration((value) => value + 1);
    },
  });
  const read = merchant.data;

  return (
    <section aria-labelledby="oc-flags">
      <PageTitle>
        <span id="oc-flags">{t(language, "flags")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, writer ? "flagsIntro" : "readOnly")}</p>
      <LoadFailure error={merchant.error} />
      {merchant.isLoading ? <p>{t(language, "loading")}</p> : null}
      {read ? (
        <FlagsForm key={`${read.code}:${generation}`} flags={read.flags} writer={writer} pending={save.pending} onSave={(flags) => void save.submit(flags)} refuse={save.refuse} reset={save.reset}>
          <OutcomeLine outcome={save.outcome} />
        </FlagsForm>
      ) : null}
    </section>
  );
}

interface FormProps {
  flags: Record<string, boolean>;
  writer: boolean;
  pending: boolean;
  onSave: (flags: Record<string, boolean>) => void;
  refuse: (text: string) => void;
  reset: () => void;
  children: ReactNode;
}

function FlagsForm({ flags, writer, pending, onSave, refuse, reset, children }: FormProps) {
  const { language } = useLanguage();
  const [draft, setDraft] = useState(flags);
  const changed = changedFlags(flags, draft);
  const count = Object.keys(changed).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (count === 0) return refuse(t(language, "noChanges"));
    onSave(changed);
  };
  const names = Object.keys(flags);
  return (
    <form className="br-form" onSubmit={submit} aria-label={t(language, "flags")}>
      <fieldset className="br-group" disabled={!writer}>
        <legend>{t(language, "flags")}</legend>
        {names.length === 0 ? <p>{t(language, "empty")}</p> : null}
        <ul className="br-switches">
          {names.map((name) => (
            <li key={name} data-flag={name} data-changed={name in changed ? "true" : undefined}>
              <Check
                asSwitch
                label={flagText(language, name)}
                hint={`${name} · ${t(language, draft[name] ? "on" : "off")}`}
                checked={draft[name] ?? false}
                onChange={(on) => {
                  reset();
                  setDraft((current) => ({ ...current, [name]: on }));
                }}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      {children}
      {writer ? (
        <div className="oc-row">
          {count > 0 ? <p className="kit-field__hint">{t(language, "changedCount", { count })}</p> : null}
          <button type="submit" className="kit-button" disabled={pending}>
            {t(language, "save")}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The brand's site settings: its status (active, open or in maintenance until an end time, the networks it is
 * closed to and the text they read), and its name, currency, languages, addresses and texts. Every role reads; an
 * admin changes, and the form sends only the fields changed (a PATCH). The site decides, and its refusal is shown as
 * it says it. */
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import type { Language, MerchantRead, MerchantSettings } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, SUPPORTED, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, when } from "../../../shared/ui";
import { merchantKey, useMerchant } from "../reads";
import { t } from "../texts";
import type { Texts } from "./parts";
import { Check, LanguageTexts, TextArea, textsOf } from "./parts";
import "../brand.css";

export interface Draft {
  name: string;
  active: boolean;
  currency: string;
  currencySymbol: string;
  languages: Language[];
  defaultLanguage: Language;
  mainDomain: string;
  gtagId: string;
  customerServiceUrl: string;
  copyright: string;
  description: Texts;
  maintenance: boolean;
  maintenanceTitle: Texts;
  maintenanceText: Texts;
  /** As a datetime-local input holds it (local time, to the minute); empty for none. */
  maintenanceEnd: string;
  blockedNetworks: string;
  regionText: Texts;
  smsDialingCodes: string;
  imageCDNs: string;
  launchGameCDNs: string;
}

function isLanguage(value: string): value is Language {
  return (SUPPORTED as readonly string[]).includes(value);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as a datetime-local input shows it (local time). */
export function localInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as the instant the site takes (with its zone), null when empty. */
export function instantOf(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

export function draftOf(read: MerchantRead): Draft {
  const languages = read.languages.filter(isLanguage);
  return {
    name: read.name,
    active: read.active,
    currency: read.currency,
    currencySymbol: read.currencySymbol,
    languages,
    defaultLanguage: isLanguage(read.defaultLanguage) ? read.defaultLanguage : (languages[0] ?? "TR"),
    mainDomain: read.mainDomain,
    gtagId: read.gtagId,
    customerServiceUrl: read.customerServiceUrl,
    copyright: read.copyright,
    description: textsOf(read.description),
    maintenance: read.maintenance,
    maintenanceTitle: textsOf(read.maintenanceTitle),
    maintenanceText: textsOf(read.maintenanceText),
    maintenanceEnd: localInput(read.maintenanceEnd),
    blockedNetworks: read.blockedNetworks.join("\n"),
    regionText: textsOf(read.regionText),
    smsDialingCodes: read.smsDialingCodes.join(", "),
    imageCDNs: read.imageCDNs.join("\n"),
    launchGameCDNs: read.launchGameCDNs.join("\n"),
  };
}

const listOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The texts given (an empty one left out). */
function given(texts: Texts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const code of SUPPORTED) {
    const text = texts[code].trim();
    if (text) out[code] = text;
  }
  return out;
}

/** Every setting of a draft as the site takes it. */
function settingsOf(draft: Draft): Required<MerchantSettings> {
  return {
    name: draft.name.trim(),
    active: draft.active,
    currency: draft.currency.trim().toUpperCase(),
    currencySymbol: draft.currencySymbol.trim(),
    languages: SUPPORTED.filter((code) => draft.languages.includes(code)),
    defaultLanguage: draft.defaultLanguage,
    mainDomain: draft.mainDomain.trim(),
    gtagId: draft.gtagId.trim(),
    imageCDNs: listOf(draft.imageCDNs),
    launchGameCDNs: listOf(draft.launchGameCDNs),
    customerServiceUrl: draft.customerServiceUrl.trim(),
    description: given(draft.description),
    copyright: draft.copyright.trim(),
    maintenance: draft.maintenance,
    maintenanceTitle: given(draft.maintenanceTitle),
    maintenanceText: given(draft.maintenanceText),
    maintenanceEnd: instantOf(draft.maintenanceEnd),
    blockedNetworks: listOf(draft.blockedNetworks),
    regionText: given(draft.regionText),
    smsDialingCodes: listOf(draft.smsDialingCodes),
  };
}

/** Only the settings that differ from the brand as it was read: the body of the PATCH. */
export function changesOf(base: Draft, draft: Draft): MerchantSettings {
  const before: Record<string, unknown> = settingsOf(base);
  const after = settingsOf(draft);
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key]))) as MerchantSettings;
}

type SiteState = "inactive" | "maintenance" | "open";

function stateOf(read: MerchantRead): SiteState {
  return !read.active ? "inactive" : read.maintenance ? "maintenance" : "open";
}

export function SiteSettings() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const writer = holds(ops.session, "admin");
  const merchant = useMerchant();
  const [generation, setGeneration] = useState(0);
  const save = useAction((body: MerchantSettings) => ops.call("opsUpdateMerchant", { path: { code: ops.brand }, body }), {
    doneText: t(language, "saved"),
    onDone: (read) => {
      queries.setQueryData(merchantKey(ops.brand), read);
      setGeneration((value) => value + 1);
    },
  });
  const read = merchant.data;

  return (
    <section aria-labelledby="oc-site-settings">
      <PageTitle>
        <span id="oc-site-settings">{t(language, "siteSettings")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      {!writer ? <p className="kit-field__hint">{t(language, "readOnly")}</p> : null}
      <LoadFailure error={merchant.error} />
      {merchant.isLoading ? <p>{t(language, "loading")}</p> : null}
      {read ? (
        <>
          <p className="br-now" data-testid="site-state">
            {t(language, "statusNow")} <Badge value={stateOf(read)} text={t(language, stateOf(read))} />
            {read.maintenance && read.maintenanceEnd ? <span> → {when(read.maintenanceEnd, language)}</span> : null}
            {read.updatedAt ? <span className="kit-field__hint">{t(language, "updatedAt", { when: when(read.updatedAt, language) })}</span> : null}
          </p>
          <SettingsForm key={`${read.code}:${generation}`} read={read} writer={writer} pending={save.pending} onSave={(body) => void save.submit(body)} refuse={save.refuse} reset={save.reset}>
            <OutcomeLine outcome={save.outcome} />
          </SettingsForm>
        </>
      ) : null}
    </section>
  );
}

interface FormProps {
  read: MerchantRead;
  writer: boolean;
  pending: boolean;
  onSave: (body: MerchantSettings) => void;
  refuse: (text: string) => void;
  reset: () => void;
  children: ReactNode;
}

/** The form over one reading of the brand (a new reading, after a save, starts it afresh). */
function SettingsForm({ read, writer, pending, onSave, refuse, reset, children }: FormProps) {
  const { language } = useLanguage();
  const [base] = useState(() => draftOf(read));
  const [draft, setDraft] = useState(base);
  const change = (patch: Partial<Draft>) => {
    reset();
    setDraft((current) => ({ ...current, ...patch }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.name.trim()) return refuse(t(language, "required"));
    if (draft.languages.length === 0) return refuse(t(language, "oneLanguage"));
    if (!draft.languages.includes(draft.defaultLanguage)) return refuse(t(language, "defaultNotListed"));
    const body = changesOf(base, draft);
    if (Object.keys(body).length === 0) return refuse(t(language, "noChanges"));
    onSave(body);
  };

  return (
    <form className="br-form" onSubmit={submit} aria-label={t(language, "siteSettings")} noValidate>
      <fieldset className="br-group" disabled={!writer}>
        <legend>{t(language, "statusTitle")}</legend>
        <Check label={t(language, "active")} checked={draft.active} onChange={(active) => change({ active })} />
        <div className="oc-row" role="radiogroup" aria-label={t(language, "siteState")}>
          <label className="br-check">
            <input type="radio" name="br-site-state" checked={!draft.maintenance} onChange={() => change({ maintenance: false })} />
            {t(language, "open")}
          </label>
          <label className="br-check">
            <input type="radio" name="br-site-state" checked={draft.maintenance} onChange={() => change({ maintenance: true })} />
            {t(language, "maintenance")}
          </label>
        </div>
        <Field label={t(language, "maintenanceEnd")} type="datetime-local" value={draft.maintenanceEnd} onChange={(maintenanceEnd) => change({ maintenanceEnd })} />
        <LanguageTexts label={(code) => t(language, "maintenanceTitleIn", { language: code })} value={draft.maintenanceTitle} onChange={(maintenanceTitle) => change({ maintenanceTitle })} rows={1} maxLength={300} />
        <LanguageTexts label={(code) => t(language, "maintenanceTextIn", { language: code })} value={draft.maintenanceText} onChange={(maintenanceText) => change({ maintenanceText })} />
      </fieldset>
      <fieldset className="br-group" disabled={!writer}>
        <legend>{t(language, "region")}</legend>
        <TextArea label={t(language, "blockedNetworks")} value={draft.blockedNetworks} onChange={(blockedNetworks) => change({ blockedNetworks })} rows={3} />
        <LanguageTexts label={(code) => t(language, "regionTextIn", { language: code })} value={draft.regionText} onChange={(regionText) => change({ regionText })} />
      </fieldset>
      <fieldset className="br-group" disabled={!writer}>
        <legend>{t(language, "general")}</legend>
        <Field label={t(language, "name")} value={draft.name} onChange={(name) => change({ name })} maxLength={100} />
        <div className="oc-row">
          <Field label={t(language, "currency")} value={draft.currency} onChange={(currency) => change({ currency })} maxLength={3} size={5} />
          <Field label={t(language, "currencySymbol")} value={draft.currencySymbol} onChange={(currencySymbol) => change({ currencySymbol })} maxLength={8} size={5} />
        </div>
        <div className="oc-row" role="group" aria-label={t(language, "languages")}>
          <span className="br-label">{t(language, "languages")}</span>
          {SUPPORTED.map((code) => (
            <Check
              key={code}
              label={code}
              checked={draft.languages.includes(code)}
              onChange={(on) => change({ languages: on ? [...draft.languages, code] : draft.languages.filter((item) => item !== code) })}
            />
          ))}
          <label className="kit-field">
            {t(language, "defaultLanguage")}
            <select className="oc-select" value={draft.defaultLanguage} onChange={(event) => isLanguage(event.target.value) && change({ defaultLanguage: event.target.value })}>
              {SUPPORTED.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Field label={t(language, "mainDomain")} value={draft.mainDomain} onChange={(mainDomain) => change({ mainDomain })} maxLength={200} />
        <Field label={t(language, "customerServiceUrl")} value={draft.customerServiceUrl} onChange={(customerServiceUrl) => change({ customerServiceUrl })} />
        <div className="oc-row">
          <Field label={t(language, "gtagId")} value={draft.gtagId} onChange={(gtagId) => change({ gtagId })} maxLength={50} />
          <Field label={t(language, "smsDialingCodes")} value={draft.smsDialingCodes} onChange={(smsDialingCodes) => change({ smsDialingCodes })} />
        </div>
        <Field label={t(language, "copyright")} value={draft.copyright} onChange={(copyright) => change({ copyright })} maxLength={200} />
        <TextArea label={t(language, "imageCDNs")} value={draft.imageCDNs} onChange={(imageCDNs) => change({ imageCDNs })} />
        <TextArea label={t(language, "launchGameCDNs")} value={draft.launchGameCDNs} onChange={(launchGameCDNs) => change({ launchGameCDNs })} />
        <LanguageTexts label={(code) => t(language, "descriptionIn", { language: code })} value={draft.description} onChange={(description) => change({ description })} />
      </fieldset>
      {children}
      {writer ? (
        <div className="oc-row">
          <p className="kit-field__hint">{t(language, "onlyChanged")}</p>
          <button type="submit" className="kit-button" disabled={pending}>
            {t(language, "save")}
          </button>
        </div>
      ) : null}
    </form>
  );
}

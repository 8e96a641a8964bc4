/** The brand's domain routes: the domains the site sends its visitors between, each with a label. Ops has no read
 * of its own for them: the current list comes from the site's public call for the brand. An admin edits the list
 * (add, change, remove a row) and saves it: the save replaces the whole list. The site decides, and its refusal is
 * shown as it says it. */
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import type { DomainRouteItem, DomainRouteRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle, ScrollBox } from "../../../shared/ui";
import { brandKey, useDomainRoutes } from "../reads";
import { t } from "../texts";
import "../brand.css";

interface Route {
  key: number;
  domain: string;
  label: string;
}

/** The rows as the site takes them (a row left wholly empty is dropped), or null when a row has no domain. */
export function routesOf(rows: { domain: string; label: string }[]): DomainRouteItem[] | null {
  const kept = rows.map((row) => ({ domain: row.domain.trim(), label: row.label.trim() })).filter((row) => row.domain || row.label);
  return kept.some((row) => !row.domain) ? null : kept;
}

export function DomainRoutes() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const writer = holds(ops.session, "admin");
  const routes = useDomainRoutes();
  const [generation, setGeneration] = useState(0);
  const save = useAction((items: DomainRouteItem[]) => ops.call("opsReplaceDomainRoutes", { path: { code: ops.brand }, body: { routes: items } }), {
    doneText: t(language, "saved"),
    onDone: (read) => {
      queries.setQueryData(brandKey("opsDomainRoutes", ops.brand), read);
      setGeneration((value) => value + 1);
    },
  });
  const read = routes.data;

  return (
    <section aria-labelledby="oc-domain-routes">
      <PageTitle>
        <span id="oc-domain-routes">{t(language, "domainRoutes")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, writer ? "routesIntro" : "readOnly")}</p>
      <LoadFailure error={routes.error} />
      {routes.isLoading ? <p>{t(language, "loading")}</p> : null}
      {read && !writer ? (
        read.length === 0 ? (
          <p>{t(language, "noRoutes")}</p>
        ) : (
          <ScrollBox label={t(language, "domainRoutes")}>
            <table className="oc-table" data-testid="domain-routes">
              <thead>
                <tr>
                  <th scope="col">{t(language, "domain")}</th>
                  <th scope="col">{t(language, "label")}</th>
                </tr>
              </thead>
              <tbody>
                {read.map((route) => (
                  <tr key={route.domain}>
                    <td>{route.domain}</td>
                    <td>{route.label || "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )
      ) : null}
      {read && writer ? (
        <RoutesForm key={`${ops.brand}:${generation}`} read={read} pending={save.pending} onSave={(items) => void save.submit(items)} refuse={save.refuse} reset={save.reset}>
          <OutcomeLine outcome={save.outcome} />
        </RoutesForm>
      ) : null}
    </section>
  );
}

interface FormProps {
  read: DomainRouteRead[];
  pending: boolean;
  onSave: (items: DomainRouteItem[]) => void;
  refuse: (text: string) => void;
  reset: () => void;
  children: ReactNode;
}

function RoutesForm({ read, pending, onSave, refuse, reset, children }: FormProps) {
  const { language } = useLanguage();
  const [rows, setRows] = useState<Route[]>(() => read.map((route, key) => ({ key, domain: route.domain, label: route.label })));
  const [next, setNext] = useState(read.length);
  const change = (key: number, patch: Partial<Route>) => {
    reset();
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };
  const add = () => {
    reset();
    setRows((current) => [...current, { key: next, domain: "", label: "" }]);
    setNext(next + 1);
  };
  const remove = (key: number) => {
    reset();
    setRows((current) => current.filter((row) => row.key !== key));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = routesOf(rows);
    if (!items) return refuse(t(language, "domainNeeded"));
    onSave(items);
  };

  return (
    <form className="br-form" onSubmit={submit} aria-label={t(language, "domainRoutes")} noValidate>
      {rows.length === 0 ? <p>{t(language, "noRoutes")}</p> : null}
      <ol className="br-routes" data-testid="domain-routes">
        {rows.map((row, index) => (
          <li key={row.key}>
            <div className="oc-row" role="group" aria-label={t(language, "routeNo", { number: index + 1 })}>
              <Field label={t(language, "domain")} value={row.domain} onChange={(domain) => change(row.key, { domain })} maxLength={200} />
              <Field label={t(language, "label")} value={row.label} onChange={(label) => change(row.key, { label })} maxLength={100} />
              <button type="button" className="kit-button kit-button--ghost" onClick={() => remove(row.key)}>
                {t(language, "removeRoute")}
              </button>
            </div>
          </li>
        ))}
      </ol>
      {children}
      <div className="oc-row">
        <button type="button" className="kit-button kit-button--ghost" onClick={add}>
          {t(language, "addRoute")}
        </button>
        <button type="submit" className="kit-button" disabled={pending}>
          {t(language, "save")}
        </button>
      </div>
    </form>
  );
}

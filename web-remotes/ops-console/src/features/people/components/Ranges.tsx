/** The address ranges the ops login admits (admins only): the list, and asking to add or remove one — each a
 * request a second admin approves on the requests page. The auth service decides; its refusal is shown as it says. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { OpsRangeRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle, ScrollBox, when } from "../../../shared/ui";
import { t } from "../texts";

export function Ranges() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const admin = holds(ops.session, "admin");
  const [cidr, setCidr] = useState("");
  const list = useQuery({ queryKey: ["ops", "ranges"], enabled: admin, queryFn: () => ops.call("opsRanges", {}) });
  const asked = () => queries.invalidateQueries({ queryKey: ["ops", "requests"] });
  const add = useAction((body: { cidr: string }) => ops.call("opsRequestRange", { body }), { onDone: asked, doneText: t(language, "rangeAsked") });
  const remove = useAction((body: { cidr: string }) => ops.call("opsRequestRangeRemoval", { body }), { onDone: asked, doneText: t(language, "rangeAsked") });
  const rows: OpsRangeRead[] = list.data ?? [];
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!cidr.trim()) return add.refuse(t(language, "required"));
    remove.reset();
    void add.submit({ cidr: cidr.trim() });
  };

  return (
    <section aria-labelledby="oc-ranges">
      <PageTitle>
        <span id="oc-ranges">{t(language, "ranges")}</span>
      </PageTitle>
      {admin ? <p className="kit-field__hint">{t(language, "rangesHint")}</p> : <p>{t(language, "noRole")}</p>}
      <LoadFailure error={list.error} />
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "ranges")}>
          <table className="oc-table" data-testid="ranges">
            <thead>
              <tr>
                <th scope="col">{t(language, "cidr")}</th>
                <th scope="col">{t(language, "addedBy")}</th>
                <th scope="col">{t(language, "approvedBy")}</th>
                <th scope="col">{t(language, "since")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.cidr}>
                  <td>{row.cidr}</td>
                  <td>{row.addedBy}</td>
                  <td>{row.approvedBy}</td>
                  <td>{when(row.createdAt, language)}</td>
                  <td>
                    <button type="button" className="kit-button kit-button--ghost" disabled={remove.pending} onClick={() => { add.reset(); void remove.submit({ cidr: row.cidr }); }}>
                      {t(language, "askRemoval")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <OutcomeLine outcome={remove.outcome} />
      {admin ? (
        <form className="oc-row" onSubmit={send} aria-label={t(language, "askRange")} noValidate>
          <Field label={t(language, "cidr")} value={cidr} onChange={setCidr} hint={t(language, "cidrHint")} maxLength={64} autoComplete="off" />
          <button type="submit" className="kit-button" disabled={add.pending}>
            {t(language, "askRange")}
          </button>
        </form>
      ) : null}
      <OutcomeLine outcome={add.outcome} />
    </section>
  );
}

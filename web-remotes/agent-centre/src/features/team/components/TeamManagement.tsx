import type { FormEvent } from "react";
import { useState } from "react";
import type { TeamDownlineRead } from "@portal/kit";
import { LoadFailure, Pager, useLanguage } from "@portal/kit";
import { useOpenContract } from "../../../shared/ContractModal";
import { t } from "../../../shared/texts";
import { ScrollBox } from "../../../shared/ui";
import type { MemberFilter } from "../api";
import { useMembers } from "../api";
import { TransferDialog } from "./TransferDialog";

/** The downlines at every depth (or the direct ones), searched by username and paged; per downline a transfer,
 * and a contract offer to a direct downline agent. */
export function TeamManagement() {
  const { language } = useLanguage();
  const openContract = useOpenContract();
  const [filter, setFilter] = useState<MemberFilter>({ search: "", directOnly: false });
  const [applied, setApplied] = useState(filter);
  const [pageNo, setPageNo] = useState(1);
  const [transferTo, setTransferTo] = useState<TeamDownlineRead | null>(null);
  const members = useMembers(applied, pageNo);
  const page = members.data;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPageNo(1);
    setApplied(filter);
  };

  return (
    <section className="ac-panel">
      <h2>{t(language, "teamManagement")}</h2>
      <form className="ac-row" onSubmit={search} aria-label={t(language, "search")}>
        <label className="kit-field">
          {t(language, "username")}
          <input className="ac-select" value={filter.search} onChange={(event) => setFilter({ ...filter, search: event.target.value })} name="search" />
        </label>
        <label className="ac-check">
          <input type="checkbox" checked={filter.directOnly} onChange={(event) => setFilter({ ...filter, directOnly: event.target.checked })} />
          {t(language, "directOnly")}
        </label>
        <button type="submit" className="kit-button">
          {t(language, "search")}
        </button>
      </form>
      <LoadFailure error={members.error} />
      {page && page.list.length === 0 && <p>{t(language, "empty")}</p>}
      {page && page.list.length > 0 && (
        <ScrollBox label={t(language, "members")} testId="team-members">
          <table className="ac-table">
            <thead>
              <tr>
                <th>{t(language, "username")}</th>
                <th>{t(language, "accountType")}</th>
                <th className="num">{t(language, "depth")}</th>
                <th>{t(language, "downlineOf")}</th>
                <th className="num">{t(language, "directDownlines")}</th>
                <th>{t(language, "registeredAt")}</th>
                <th>{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((member) => (
                <tr key={member.accountId}>
                  <td>{member.username ?? member.accountId}</td>
                  <td>{t(language, member.isAgent ? "agent" : "player")}</td>
                  <td className="num">{member.depth}</td>
                  <td>{member.depth === 1 ? t(language, "you") : (member.uplineUsername ?? "—")}</td>
                  <td className="num">{member.downlines}</td>
                  <td>{member.registeredAt ? new Date(member.registeredAt).toLocaleDateString() : "—"}</td>
                  <td>
                    <div className="ac-cell-actions">
                    <button type="button" className="kit-button kit-button--ghost ac-small" onClick={() => setTransferTo(member)}>
                      {t(language, "transfer")}
                    </button>
                    {member.depth === 1 && member.isAgent && (
                      <button type="button" className="kit-button kit-button--ghost ac-small" onClick={() => openContract({ mode: "offer", downlineId: member.accountId })}>
                        {t(language, "offerContract")}
                      </button>
                    )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {page && (
        <>
          <p className="ac-muted">{t(language, "showing", { n: page.list.length, total: page.total })}</p>
          <Pager label={t(language, "members")} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />
        </>
      )}
      {transferTo && <TransferDialog downline={transferTo} onClose={() => setTransferTo(null)} />}
    </section>
  );
}

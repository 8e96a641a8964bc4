/** A member's money journal, paged, filtered (movement type, UTC days) and sorted (newest or oldest first) by the
 * wallet: the page asks for an account id; ``MemberJournal`` draws the journal of one account (the deposit queue shows
 * it below a row's "history"). Every role reads it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { JournalOrder, OperationQuery, RecordRead } from "@portal/kit";
import { Field, LoadFailure, Pager, formatMoney, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { PageTitle, ScrollBox, when } from "../../../shared/ui";
import { MOVEMENT_TYPES, recordType, t } from "../texts";
import "../finance.css";

export const JOURNAL_PAGE_SIZE = 20;

type MovementType = NonNullable<OperationQuery["opsMemberJournal"]["type"]>;

export interface JournalFilters {
  type: MovementType | "";
  startDate: string;
  endDate: string;
  sort: JournalOrder;
}

export const FIRST_JOURNAL: JournalFilters = { type: "", startDate: "", endDate: "", sort: "newest" };

/** The query of a page of the journal: only the filters given. */
export function journalQuery(filters: JournalFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: JOURNAL_PAGE_SIZE,
    sort: filters.sort,
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.startDate ? { startDate: filters.startDate } : {}),
    ...(filters.endDate ? { endDate: filters.endDate } : {}),
  };
}

export function Journal() {
  const { language } = useLanguage();
  const [account, setAccount] = useState("");
  const [shown, setShown] = useState("");
  const [missing, setMissing] = useState(false);

  const show = (event: FormEvent) => {
    event.preventDefault();
    const value = account.trim();
    setMissing(!value);
    if (value) setShown(value);
  };

  return (
    <section aria-labelledby="oc-journal">
      <PageTitle>
        <span id="oc-journal">{t(language, "journal")}</span>
      </PageTitle>
      <form className="oc-row" onSubmit={show} aria-label={t(language, "show")}>
        <Field
          label={t(language, "accountFilter")}
          value={account}
          onChange={setAccount}
          hint={t(language, "journalHint")}
          error={missing ? t(language, "required") : null}
          maxLength={64}
        />
        <button type="submit" className="kit-button">
          {t(language, "show")}
        </button>
      </form>
      {shown ? <MemberJournal accountId={shown} /> : null}
    </section>
  );
}

/** The journal of ``accountId`` in the brand chosen in the frame, from its first page each time the account changes. */
export function MemberJournal({ accountId }: { accountId: string }) {
  return <JournalPages key={accountId} accountId={accountId} />;
}

function JournalPages({ accountId }: { accountId: string }) {
  const { language } = useLanguage();
  const ops = useOps();
  const [pageNo, setPageNo] = useState(1);
  const [draft, setDraft] = useState<JournalFilters>(FIRST_JOURNAL);
  const [filters, setFilters] = useState<JournalFilters>(FIRST_JOURNAL);
  const journal = useQuery({
    queryKey: ["ops", "journal", ops.brand, accountId, filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsMemberJournal", { path: { code: ops.brand, account_id: accountId }, query: journalQuery(filters, pageNo) }),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPageNo(1);
  };
  const page = journal.data ?? null;
  const rows: RecordRead[] = page?.list ?? [];
  const title = t(language, "historyOf", { account: accountId });

  return (
    <div className="fin-block" role="group" aria-label={title}>
      <h2 className="fin-subtitle">{title}</h2>
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "journalFilter")}>
        <label className="kit-field">
          {t(language, "movementType")}
          <select className="oc-select" value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as JournalFilters["type"] })}>
            <option value="">{t(language, "all")}</option>
            {MOVEMENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {recordType(language, value)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "fromDay")} type="date" value={draft.startDate} onChange={(startDate) => setDraft({ ...draft, startDate })} />
        <Field label={t(language, "toDay")} type="date" value={draft.endDate} onChange={(endDate) => setDraft({ ...draft, endDate })} />
        <label className="kit-field">
          {t(language, "sort")}
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as JournalOrder })}>
            <option value="newest">{t(language, "newest")}</option>
            <option value="oldest">{t(language, "oldest")}</option>
          </select>
        </label>
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      <LoadFailure error={journal.error} />
      {journal.isLoading ? <p>{t(language, "loading")}</p> : null}
      {page && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={title}>
          <table className="oc-table" data-testid="member-journal">
            <thead>
              <tr>
                <th scope="col">{t(language, "time")}</th>
                <th scope="col">{t(language, "type")}</th>
                <th scope="col">{t(language, "wallet")}</th>
                <th scope="col" className="num">{t(language, "amount")}</th>
                <th scope="col" className="num">{t(language, "balanceAfter")}</th>
                <th scope="col">{t(language, "reference")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{when(row.time, language)}</td>
                  <td>{recordType(language, row.type)}</td>
                  <td>{row.wallet}</td>
                  <td className={row.amount < 0 ? "num fin-debit" : "num"}>
                    {formatMoney(row.amount)} {row.currency}
                  </td>
                  <td className="num">
                    {formatMoney(row.balanceAfter)} {row.currency}
                  </td>
                  <td className="oc-id" title={row.reference}>
                    {row.reference || "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? (
        <Pager
          label={title}
          previous={t(language, "previous")}
          next={t(language, "nextPage")}
          pageNo={pageNo}
          shown={page.pageNum}
          totalPages={page.totalPages}
          onPage={setPageNo}
        />
      ) : null}
    </div>
  );
}

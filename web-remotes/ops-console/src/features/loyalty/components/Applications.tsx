/** Members' applications to the brand's activity promotions, newest first, a page at a time, filtered by state (the
 * waiting ones first) and by member: each with its remark and its images (loaded when asked: they are large; shown
 * as thumbnails that open larger). The finance readers read the queue; a finance maker (or an admin) approves one
 * waiting with the bonus to grant (in money, at most the promotion's maximum: the promotion's wagering applies) or
 * rejects it with a reason, each in a dialog. The points service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useCallback, useState } from "react";
import type { Action, ApplicationRead, ApplicationStatus } from "@portal/kit";
import { Dialog, Field, LoadFailure, OutcomeLine, Pager, formatMoney, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import { MAX_MINOR, hundredthsOf } from "./PromotionForm";
import "../loyalty.css";
import "./promotions.css";

export const APPLICATION_STATUSES: readonly ApplicationStatus[] = ["PENDING", "APPROVED", "REJECTED"];
export const PAGE_SIZE = 20;
/** The promotions read to find the one an application names (its maximum bonus): the service's largest page. */
const PROMOTIONS_PAGE = 100;

interface Filter {
  status: ApplicationStatus | "";
  account: string;
  pageNo: number;
}

/** What a decision sends. */
export type Verdict = { id: number; verdict: "approve"; amount: number; reason: string | null } | { id: number; verdict: "reject"; reason: string };

type Asked = { verdict: "approve" | "reject"; row: ApplicationRead } | null;

interface Shown {
  id: number;
  n: number;
  src: string;
}

/** An application's images: a button that loads them, then each as a thumbnail that opens it larger. */
function Images({ row, onOpen }: { row: ApplicationRead; onOpen: (image: Shown) => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const [asked, setAsked] = useState(false);
  const images = useQuery({
    queryKey: ["ops", "points", "applications", ops.brand, "images", row.applicationId],
    enabled: asked && !!ops.brand,
    staleTime: Infinity, // an application's images never change
    queryFn: () => ops.call("opsApplicationImages", { path: { code: ops.brand, applicationId: row.applicationId } }),
  });
  if (row.images === 0) return <span className="ly-sub">{t(language, "noImages")}</span>;
  if (!asked) {
    return (
      <button type="button" className="kit-button kit-button--ghost" onClick={() => setAsked(true)}>
        {t(language, "showImages", { n: row.images })}
      </button>
    );
  }
  return (
    <>
      <LoadFailure error={images.error} />
      {images.isLoading ? <span className="ly-sub">{t(language, "loading")}</span> : null}
      <div className="pr-thumbs">
        {(images.data ?? []).map((src, index) => (
          <button key={index} type="button" className="pr-thumb" aria-label={t(language, "openImage", { id: row.applicationId, n: index + 1 })} onClick={() => onOpen({ id: row.applicationId, n: index + 1, src })}>
            <img src={src} alt="" width={56} height={56} />
          </button>
        ))}
      </div>
    </>
  );
}

function ApproveDialog({ row, maxBonus, decide, onClose }: { row: ApplicationRead; maxBonus: number | null; decide: Action<Verdict, ApplicationRead>; onClose: () => void }) {
  const { language } = useLanguage();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = hundredthsOf(amount, 1, MAX_MINOR);
    if (minor === null) return decide.refuse(t(language, "amountInvalid"));
    if (maxBonus !== null && minor > maxBonus) return decide.refuse(t(language, "amountTooLarge", { max: formatMoney(maxBonus) }));
    void decide.submit({ id: row.applicationId, verdict: "approve", amount: minor, reason: note.trim() || null });
  };
  return (
    <Dialog title={t(language, "approveTitle", { id: row.applicationId })} onClose={onClose} closeLabel={t(language, "close")}>
      <form className="pr-dialog-form" onSubmit={submit} noValidate data-testid="approve-application">
        <p>
          {row.promotionName} · <span className="oc-id">{row.accountId}</span>
        </p>
        <Field
          label={t(language, "bonusAmount")}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          size={14}
          required
          hint={maxBonus !== null ? t(language, "amountAtMost", { max: formatMoney(maxBonus) }) : undefined}
        />
        <Field label={t(language, "approveNote")} value={note} onChange={setNote} maxLength={500} />
        <OutcomeLine outcome={decide.outcome} />
        <div className="oc-row">
          <button type="submit" className="kit-button" disabled={decide.pending}>
            {t(language, "approve")}
          </button>
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {t(language, "cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RejectDialog({ row, decide, onClose }: { row: ApplicationRead; decide: Action<Verdict, ApplicationRead>; onClose: () => void }) {
  const { language } = useLanguage();
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return decide.refuse(t(language, "required"));
    void decide.submit({ id: row.applicationId, verdict: "reject", reason: reason.trim() });
  };
  return (
    <Dialog title={t(language, "rejectTitle", { id: row.applicationId })} onClose={onClose} closeLabel={t(language, "close")}>
      <form className="pr-dialog-form" onSubmit={submit} noValidate data-testid="reject-application">
        <p>
          {row.promotionName} · <span className="oc-id">{row.accountId}</span>
        </p>
        <Field label={t(language, "rejectReason")} value={reason} onChange={setReason} maxLength={500} required />
        <OutcomeLine outcome={decide.outcome} />
        <div className="oc-row">
          <button type="submit" className="kit-button" disabled={decide.pending}>
            {t(language, "confirmReject")}
          </button>
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {t(language, "cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function Applications() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const maker = holds(ops.session, "finance-maker");
  const [status, setStatus] = useState<ApplicationStatus | "">("PENDING");
  const [account, setAccount] = useState("");
  const [filter, setFilter] = useState<Filter>({ status: "PENDING", account: "", pageNo: 1 });
  const [asked, setAsked] = useState<Asked>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const list = useQuery({
    queryKey: ["ops", "points", "applications", ops.brand, filter],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsPromotionApplications", {
        path: { code: ops.brand },
        query: { status: filter.status || null, accountId: filter.account || null, pageNo: filter.pageNo, pageSize: PAGE_SIZE },
      }),
  });
  // the promotion's maximum bonus, to say it and check it before calling (the service checks it again)
  const approving = asked?.verdict === "approve" ? asked.row : null;
  const promotions = useQuery({
    queryKey: ["ops", "points", "promotions", ops.brand, "all"],
    enabled: !!ops.brand && approving !== null,
    queryFn: () => ops.call("opsPromotions", { path: { code: ops.brand }, query: { pageNo: 1, pageSize: PROMOTIONS_PAGE } }),
  });
  const maxBonus = promotions.data?.list.find((promotion) => promotion.promotionId === approving?.promotionId)?.maxBonus ?? null;
  const decide = useAction(
    (input: Verdict) =>
      input.verdict === "approve"
        ? ops.call("opsApproveApplication", { path: { code: ops.brand, applicationId: input.id }, body: { amount: input.amount, reason: input.reason } })
        : ops.call("opsRejectApplication", { path: { code: ops.brand, applicationId: input.id }, body: { reason: input.reason } }),
    {
      onDone: () => {
        setAsked(null);
        return Promise.all([
          queries.invalidateQueries({ queryKey: ["ops", "points", "applications", ops.brand] }),
          queries.invalidateQueries({ queryKey: ["ops", "points", "bonuses", ops.brand] }), // an approval grants one
        ]);
      },
    },
  );
  const close = useCallback(() => setAsked(null), []);
  const closeImage = useCallback(() => setShown(null), []);
  const ask = (verdict: "approve" | "reject", row: ApplicationRead) => {
    decide.reset();
    setAsked({ verdict, row });
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ status, account: account.trim(), pageNo: 1 });
  };
  // a page emptied by decisions (its last row decided): back to the last page that has rows
  const lastPage = list.data?.totalPages ?? 0;
  if (lastPage > 0 && filter.pageNo > lastPage && !list.isPlaceholderData) setFilter({ ...filter, pageNo: lastPage });
  const rows: ApplicationRead[] = list.data?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on
  const decided = !asked && decide.done && decide.latest ? decide.latest : null;

  return (
    <section aria-labelledby="oc-applications">
      <PageTitle>
        <span id="oc-applications">{t(language, "promotionApplications")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, "applicationsHint")}</p>
      <form className="oc-row" onSubmit={search} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "status")}
          <select className="oc-select" value={status} onChange={(event) => setStatus(event.target.value as ApplicationStatus | "")}>
            <option value="">{t(language, "all")}</option>
            {APPLICATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {named(language, value)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "accountFilter")} value={account} onChange={setAccount} maxLength={64} />
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      {decided ? (
        <p className="kit-ok" role="status">
          {decided.status === "APPROVED" ? t(language, "approvedWith", { amount: formatMoney(decided.amount ?? 0) }) : t(language, "rejectedDone")}
        </p>
      ) : null}
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "promotionApplications")}>
          <table className="oc-table" data-testid="applications">
            <thead>
              <tr>
                <th scope="col">{t(language, "number")}</th>
                <th scope="col">{t(language, "promotion")}</th>
                <th scope="col">{t(language, "remark")}</th>
                <th scope="col">{t(language, "images")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.applicationId} data-application={row.applicationId}>
                  <td>
                    <span className="oc-id">{row.applicationId}</span>
                    <span className="ly-sub">{when(row.createdAt, language)}</span>
                    <span className="ly-sub oc-id" title={row.accountId}>
                      {row.accountId}
                    </span>
                  </td>
                  <td className="ly-cut pr-wrap">{row.promotionName}</td>
                  <td className="ly-cut pr-wrap">{row.remark}</td>
                  <td>
                    <Images row={row} onOpen={setShown} />
                  </td>
                  <td className="ly-cut pr-wrap">
                    <Badge value={row.status} text={named(language, row.status)} />
                    {row.amount !== null ? <span className="ly-sub">{t(language, "bonusGiven", { amount: formatMoney(row.amount) })}</span> : null}
                    {row.decidedBy ? <span className="ly-sub">{t(language, "decidedBy", { name: row.decidedBy, when: when(row.decidedAt, language) })}</span> : null}
                    {row.reason ? <span className="ly-sub">{row.reason}</span> : null}
                  </td>
                  <td>
                    {maker && row.status === "PENDING" ? (
                      <div className="oc-row">
                        <button type="button" className="kit-button" disabled={stale || decide.pending} onClick={() => ask("approve", row)}>
                          {t(language, "approve")}
                        </button>
                        <button type="button" className="kit-button kit-button--ghost" disabled={stale || decide.pending} onClick={() => ask("reject", row)}>
                          {t(language, "reject")}
                        </button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {list.data && list.data.totalPages > 1 ? (
        <Pager label={t(language, "promotionApplications")} pageNo={filter.pageNo} totalPages={list.data.totalPages} shown={list.data.pageNum} onPage={(pageNo) => setFilter({ ...filter, pageNo })} previous={t(language, "previous")} next={t(language, "nextPage")} />
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {asked?.verdict === "approve" ? <ApproveDialog key={asked.row.applicationId} row={asked.row} maxBonus={maxBonus} decide={decide} onClose={close} /> : null}
      {asked?.verdict === "reject" ? <RejectDialog key={asked.row.applicationId} row={asked.row} decide={decide} onClose={close} /> : null}
      {shown ? (
        <Dialog title={t(language, "imageTitle", { id: shown.id, n: shown.n })} onClose={closeImage} closeLabel={t(language, "close")} wide>
          <img className="pr-large" src={shown.src} alt={t(language, "imageAlt", { id: shown.id, n: shown.n })} />
        </Dialog>
      ) : null}
    </section>
  );
}

/** The brand's reconciliation report: its ledger checked when the page opens and again on "check now" — every
 * currency's sum, the totals by kind of account, and every balance or transaction that does not add up. For the
 * brand's finance readers (viewer, finance, admin), as the server rules. */
import { LoadFailure, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { PageTitle, when } from "../../../shared/ui";
import { t } from "../texts";
import "../reconciliation.css";
import { CurrencyTable, DifferenceTable, TotalsTable, UnbalancedTable } from "./ReportTables";

export function Reconciliation() {
  const { language } = useLanguage();
  const ops = useOps();
  const report = useQuery({
    queryKey: ["ops", "reconciliation", ops.brand],
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsReconciliation", { path: { code: ops.brand } }),
  });
  const found = report.data ?? null;

  return (
    <section aria-labelledby="oc-reconciliation">
      <PageTitle>
        <span id="oc-reconciliation">{t(language, "reconciliation")}</span>
      </PageTitle>
      <p className="rec-hint">{t(language, "reconciliationHint")}</p>
      <div className="oc-row">
        <button type="button" className="kit-button" disabled={report.isFetching} onClick={() => void report.refetch()}>
          {t(language, "checkNow")}
        </button>
        {found ? <span>{t(language, "checkedAt", { time: when(found.checkedAt, language) })}</span> : null}
      </div>
      <LoadFailure error={report.error} />
      {report.isLoading ? <p>{t(language, "loading")}</p> : null}
      {found ? (
        <>
          <p role="status" className={found.balanced ? "rec-state rec-state--ok" : "rec-state rec-state--alert"} data-testid="reconciliation-state">
            {t(language, found.balanced ? "addsUp" : "doesNotAddUp")}
          </p>
          <CurrencyTable rows={found.currencies} />
          <TotalsTable rows={found.totals} />
          {found.differenceCount > 0 ? <DifferenceTable rows={found.differences} count={found.differenceCount} /> : null}
          {found.unbalancedCount > 0 ? <UnbalancedTable rows={found.unbalanced} count={found.unbalancedCount} /> : null}
        </>
      ) : null}
    </section>
  );
}

/** The points details: how points are earned (the brand's earning rules) and the member's points records, a page at
 * a time. */
import { useState } from "react";
import type { Language, PointRecordRead } from "@portal/kit";
import { formatMoney, LoadFailure, Pager, useSession } from "@portal/kit";
import { usePointRecords, usePointRules } from "../api";
import { points, when } from "../format";
import { earningRules, ruleText, signedPoints } from "../rules";
import { pointsLabel, pointsText } from "../texts";
import { StatusBadge } from "./StatusBadge";

function recordType(language: Language, row: PointRecordRead): string {
  const kind = pointsLabel(language, row.kind);
  return row.kind === "EARN" ? `${kind} · ${pointsLabel(language, row.pointType)}` : kind;
}

export function DetailsPanel({ language }: { language: Language }) {
  const session = useSession();
  const rules = usePointRules();
  const [pageNo, setPageNo] = useState(1);
  const records = usePointRecords(pageNo);
  const currency = session.balance?.currency ?? "";
  const shown = earningRules(rules.data ?? []);
  const rows = records.data?.list ?? [];
  return (
    <div className="pm-section">
      <section className="pm-rules" aria-labelledby="pm-rules-title">
        <h2 id="pm-rules-title">{pointsText(language, "earningRules")}</h2>
        <LoadFailure error={rules.error} />
        {rules.data && shown.length === 0 && <p className="pm-empty">{pointsText(language, "noRules")}</p>}
        {shown.length > 0 && (
          <ul data-testid="earning-rules">
            {shown.map((rule) => (
              <li key={rule.pointType}>{ruleText(language, rule, currency)}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="pm-records-title">
        <h2 id="pm-records-title">{pointsText(language, "records")}</h2>
        <LoadFailure error={records.error} />
        {records.data && rows.length === 0 && <p className="pm-empty">{pointsText(language, "noRecords")}</p>}
        {rows.length > 0 && (
          <table className="pm-table" data-testid="point-records">
            <thead>
              <tr>
                <th scope="col">{pointsText(language, "time")}</th>
                <th scope="col">{pointsText(language, "type")}</th>
                <th scope="col">{pointsText(language, "item")}</th>
                <th scope="col">{pointsText(language, "change")}</th>
                <th scope="col">{pointsText(language, "balanceAfter")}</th>
                <th scope="col">{pointsText(language, "status")}</th>
                <th scope="col">{pointsText(language, "remark")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label={pointsText(language, "time")}>{when(row.time, language)}</td>
                  <td data-label={pointsText(language, "type")}>{recordType(language, row)}</td>
                  <td data-label={pointsText(language, "item")}>{recordItem(language, row, currency)}</td>
                  <td data-label={pointsText(language, "change")} className={row.points < 0 ? "pm-minus" : "pm-plus"}>
                    {signedPoints(row.points, language)}
                  </td>
                  <td data-label={pointsText(language, "balanceAfter")}>{points(row.balanceAfter, language)}</td>
                  <td data-label={pointsText(language, "status")}>
                    <StatusBadge language={language} status={row.status} />
                  </td>
                  <td data-label={pointsText(language, "remark")}>{remark(language, row, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager
          label={pointsText(language, "pages")}
          pageNo={pageNo}
          totalPages={records.data?.totalPages ?? 1}
          shown={records.data?.pageNum ?? pageNo}
          onPage={setPageNo}
          previous={pointsText(language, "previous")}
          next={pointsText(language, "next")}
        />
      </section>
    </div>
  );
}

/** What a record exchanged: a mall item and its quantity, or a conversion's cash. */
function recordItem(language: Language, row: PointRecordRead, currency: string): string {
  if (row.item) return `${row.item}${row.quantity ? ` × ${row.quantity}` : ""}`;
  if (row.amountRequired !== null) return pointsText(language, "cash", { amount: formatMoney(row.amountRequired, "", language), currency });
  return "—";
}

/** An earning's remark names what it was earned on and by which rule; the service's remark otherwise. */
function remark(language: Language, row: PointRecordRead, currency: string): string {
  if (row.remark) return row.remark;
  if (row.kind !== "EARN" || row.bettingUnit <= 0) return "—";
  const rule = ruleText(language, { pointType: row.pointType as "SLOT", bettingUnit: row.bettingUnit, ratio: row.ratio, enabled: true }, currency);
  return `${pointsText(language, "basis")}: ${formatMoney(row.baseAmount, "", language)} ${currency} (${rule})`;
}

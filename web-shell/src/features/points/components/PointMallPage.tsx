/** /pointMall: the member's points (balance, earned, spent), the mall's items as cards with the redeem dialog, the
 * member's redemptions with their states and reasons, points converted to cash, and the points details (how points
 * are earned, the points records). A visitor is asked to log in; a trial account never gets here (the route shows the real-account notice). */
import { useState } from "react";
import type { ItemRead, Language, PointRecordRead, RedemptionRead, RedemptionStatus } from "@portal/kit";
import { formatMoney, LoadFailure, Pager, Tabs, useLanguage, useSearchParams, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { usePointBalance, usePointItems, usePointRecords, usePointRules, useRedemptions } from "../api";
import { earningRules, itemState, ruleText, signedPoints } from "../rules";
import { pointsLabel, pointsText } from "../texts";
import { ConvertPanel } from "./ConvertPanel";
import { RedeemDialog } from "./RedeemDialog";

type Tab = "shop" | "redemptions" | "convert" | "details";
const TABS: Tab[] = ["shop", "redemptions", "convert", "details"];
const STATES: RedemptionStatus[] = ["IN_PROCESS", "APPROVED", "REJECTED"];

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function points(value: number): string {
  return value.toLocaleString("en-US");
}

export function PointMallPage() {
  const { language } = useLanguage();
  const session = useSession();
  if (!session.token) return <LoginPrompt />;
  if (session.member === null || session.isTrial) {
    return (
      <p className="loader" aria-busy="true">
        …
      </p>
    );
  }
  return <Mall language={language} />;
}

function LoginPrompt() {
  const { language } = useLanguage();
  const modal = useModal();
  return (
    <section className="pm pm-login" aria-labelledby="pm-title" data-testid="point-mall-login">
      <div className="pm-login__card">
        <h1 id="pm-title">{pointsText(language, "pointMall")}</h1>
        <p>{pointsText(language, "loginLead")}</p>
        <div className="pm-login__actions">
          <button type="button" className="kit-button" onClick={() => modal.open({ name: "login" })}>
            {pointsText(language, "login")}
          </button>
          <button type="button" className="kit-button kit-button--ghost" onClick={() => modal.open({ name: "register" })}>
            {pointsText(language, "register")}
          </button>
        </div>
      </div>
    </section>
  );
}

function Mall({ language }: { language: Language }) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get("tab") as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : "shop";
  const balance = usePointBalance();
  const choose = (next: Tab) => setSearch(next === "shop" ? {} : { tab: next }, { replace: true });
  return (
    <section className="pm" aria-labelledby="pm-title">
      <header className="pm-head">
        <h1 id="pm-title">{pointsText(language, "pointMall")}</h1>
        <dl className="pm-summary" aria-label={pointsText(language, "myPoints")} aria-busy={balance.isPending}>
          <div className="pm-summary__main">
            <dt>{pointsText(language, "balance")}</dt>
            <dd data-testid="points-balance">{balance.data ? points(balance.data.balance) : "—"}</dd>
          </div>
          <div>
            <dt>{pointsText(language, "earned")}</dt>
            <dd data-testid="points-earned">{balance.data ? points(balance.data.earned) : "—"}</dd>
          </div>
          <div>
            <dt>{pointsText(language, "spent")}</dt>
            <dd>{balance.data ? points(balance.data.spent) : "—"}</dd>
          </div>
        </dl>
      </header>
      <LoadFailure error={balance.error} />
      <Tabs
        label={pointsText(language, "pointMall")}
        tabs={TABS.map((key) => ({ key, title: pointsText(language, key) }))}
        active={tab}
        onChange={choose}
      />
      <div role="tabpanel" aria-label={pointsText(language, tab)} className="pm-panel">
        {tab === "shop" && <Shop language={language} balance={balance.data?.balance ?? null} />}
        {tab === "redemptions" && <Redemptions language={language} />}
        {tab === "convert" && <ConvertPanel language={language} balance={balance.data?.balance ?? null} />}
        {tab === "details" && <Details language={language} />}
      </div>
    </section>
  );
}

function Shop({ language, balance }: { language: Language; balance: number | null }) {
  const items = usePointItems();
  const [chosen, setChosen] = useState<ItemRead | null>(null);
  if (items.error) return <LoadFailure error={items.error} />;
  if (!items.data) return <p className="muted" aria-busy="true">…</p>;
  if (items.data.length === 0) return <p className="pm-empty">{pointsText(language, "noItems")}</p>;
  return (
    <>
      <ul className="pm-items" aria-label={pointsText(language, "shop")}>
        {items.data.map((item) => {
          const state = itemState(item, balance);
          const noteId = `pm-item-${item.itemId}-note`;
          return (
            <li key={item.itemId} className={state === "soldOut" ? "pm-item pm-item--sold-out" : "pm-item"} data-testid={`mall-item-${item.itemId}`}>
              <div className="pm-item__picture">
                <img src={item.picture} alt={item.name} loading="lazy" />
                {state === "soldOut" && <span className="pm-badge pm-badge--sold-out">{pointsText(language, "soldOut")}</span>}
              </div>
              <div className="pm-item__body">
                <h3>{item.name}</h3>
                <p className="pm-item__points">{pointsText(language, "unitPoints", { n: points(item.points) })}</p>
                <p id={noteId} className={state === "available" ? "muted" : "pm-item__note"}>
                  {state === "soldOut"
                    ? pointsText(language, "soldOut")
                    : state === "notEnough"
                      ? `${pointsText(language, "stock", { n: item.stock })} · ${pointsText(language, "notEnough")}`
                      : pointsText(language, "stock", { n: item.stock })}
                </p>
                <button
                  type="button"
                  className="kit-button kit-button--block"
                  disabled={state !== "available"}
                  aria-describedby={noteId}
                  onClick={() => setChosen(item)}
                >
                  {pointsText(language, "redeem")}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {chosen && <RedeemDialog key={chosen.itemId} item={chosen} balance={balance} onClose={() => setChosen(null)} />}
    </>
  );
}

function StatusBadge({ language, status }: { language: Language; status: string }) {
  const upper = status.toUpperCase();
  return <span className={`pm-badge pm-badge--${upper.toLowerCase().replace("_", "-")}`}>{pointsLabel(language, upper)}</span>;
}

function Redemptions({ language }: { language: Language }) {
  const [status, setStatus] = useState<RedemptionStatus | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const page = useRedemptions(status, pageNo);
  const rows: RedemptionRead[] = page.data?.list ?? [];
  return (
    <div className="pm-section">
      <label className="pm-filter">
        <span>{pointsText(language, "filter")}</span>
        <select
          value={status ?? ""}
          onChange={(event) => {
            setStatus((event.target.value || null) as RedemptionStatus | null);
            setPageNo(1);
          }}
        >
          <option value="">{pointsText(language, "allStates")}</option>
          {STATES.map((state) => (
            <option key={state} value={state}>
              {pointsText(language, state)}
            </option>
          ))}
        </select>
      </label>
      <LoadFailure error={page.error} />
      {page.data && rows.length === 0 && <p className="pm-empty">{pointsText(language, "noRedemptions")}</p>}
      {rows.length > 0 && (
        <table className="pm-table" data-testid="redemptions">
          <thead>
            <tr>
              <th scope="col">{pointsText(language, "transactionNo")}</th>
              <th scope="col">{pointsText(language, "time")}</th>
              <th scope="col">{pointsText(language, "item")}</th>
              <th scope="col">{pointsText(language, "quantity")}</th>
              <th scope="col">{pointsText(language, "change")}</th>
              <th scope="col">{pointsText(language, "status")}</th>
              <th scope="col">{pointsText(language, "reason")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.transactionNo} data-testid={`redemption-${row.transactionNo}`}>
                <td data-label={pointsText(language, "transactionNo")}>{row.transactionNo}</td>
                <td data-label={pointsText(language, "time")}>{when(row.createdAt)}</td>
                <td data-label={pointsText(language, "item")}>{row.itemName}</td>
                <td data-label={pointsText(language, "quantity")}>{row.quantity}</td>
                <td data-label={pointsText(language, "change")}>{signedPoints(-row.points)}</td>
                <td data-label={pointsText(language, "status")}>
                  <StatusBadge language={language} status={row.status} />
                </td>
                <td data-label={pointsText(language, "reason")}>{row.reason ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        label={pointsText(language, "pages")}
        pageNo={pageNo}
        totalPages={page.data?.totalPages ?? 1}
        shown={page.data?.pageNum ?? pageNo}
        onPage={setPageNo}
        previous={pointsText(language, "previous")}
        next={pointsText(language, "next")}
      />
    </div>
  );
}

function recordType(language: Language, row: PointRecordRead): string {
  const kind = pointsLabel(language, row.kind);
  return row.kind === "EARN" ? `${kind} · ${pointsLabel(language, row.pointType)}` : kind;
}

function Details({ language }: { language: Language }) {
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
                  <td data-label={pointsText(language, "time")}>{when(row.time)}</td>
                  <td data-label={pointsText(language, "type")}>{recordType(language, row)}</td>
                  <td data-label={pointsText(language, "item")}>{recordItem(language, row, currency)}</td>
                  <td data-label={pointsText(language, "change")} className={row.points < 0 ? "pm-minus" : "pm-plus"}>
                    {signedPoints(row.points)}
                  </td>
                  <td data-label={pointsText(language, "balanceAfter")}>{points(row.balanceAfter)}</td>
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
  if (row.amountRequired !== null) return pointsText(language, "cash", { amount: formatMoney(row.amountRequired), currency });
  return "—";
}

/** An earning's remark names what it was earned on and by which rule; the service's remark otherwise. */
function remark(language: Language, row: PointRecordRead, currency: string): string {
  if (row.remark) return row.remark;
  if (row.kind !== "EARN" || row.bettingUnit <= 0) return "—";
  const rule = ruleText(language, { pointType: row.pointType as "SLOT", bettingUnit: row.bettingUnit, ratio: row.ratio, enabled: true }, currency);
  return `${pointsText(language, "basis")}: ${formatMoney(row.baseAmount)} ${currency} (${rule})`;
}

/** The day's charts: new accounts, deposits and withdrawals, stakes and GGR by day, and the play by vendor and by
 * game type, over a range of UTC days (the last 30 by default), from the daily totals auth, the wallet and games
 * keep. For the brand's finance readers (viewer, finance, admin), as the server rules. */
import type { FormEvent } from "react";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Field, LoadFailure, formatMoney, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { PageTitle } from "../../../shared/ui";
import type { DayFigures, Share } from "../figures";
import { currenciesOf, daily, shares, totals, utcDay } from "../figures";
import { gameTypeName, t } from "../texts";
import "../dashboards.css";
import { Chart } from "./Chart";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COLOURS = { members: "#1d6f5f", agents: "#e9a23b", trials: "#8c8a84", deposits: "#1d6f5f", withdrawals: "#c8553d", stake: "#3a6ea5", ggr: "#1d6f5f" };
const HEIGHT = 240;

interface Range {
  startDate: string;
  endDate: string;
}

function lastThirtyDays(): Range {
  const today = new Date();
  return { startDate: utcDay(today, -29), endDate: utcDay(today) };
}

/** Minor units as the axis and tooltip show them: the major unit, grouped. */
const money = (minor: number) => formatMoney(minor);
const shortDay = (day: string) => day.slice(5);

export function Dashboard() {
  const { language } = useLanguage();
  const ops = useOps();
  const [range, setRange] = useState<Range>(lastThirtyDays);
  const [draft, setDraft] = useState<Range>(range);
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const valid = DAY.test(draft.startDate) && DAY.test(draft.endDate);

  const common = { enabled: !!ops.brand, placeholderData: keepPreviousData };
  const path = { code: ops.brand };
  const query = { startDate: range.startDate, endDate: range.endDate };
  const registrations = useQuery({ ...common, queryKey: ["ops", "dash", "registrations", ops.brand, range], queryFn: () => ops.call("opsRegistrationsByDay", { path, query }) });
  const moneyDays = useQuery({ ...common, queryKey: ["ops", "dash", "money", ops.brand, range], queryFn: () => ops.call("opsMoneyByDay", { path, query }) });
  const play = useQuery({ ...common, queryKey: ["ops", "dash", "play", ops.brand, range], queryFn: () => ops.call("opsPlayByDay", { path, query }) });

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (valid) setRange(draft);
  };

  const loaded = registrations.data && moneyDays.data && play.data;
  const currencies = loaded ? currenciesOf(moneyDays.data, play.data) : [];
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? null);
  const days: DayFigures[] = loaded ? daily(registrations.data, moneyDays.data, play.data, currency) : [];
  const sum = loaded ? totals(registrations.data, moneyDays.data, play.data, currency) : null;
  const vendors: Share[] = loaded ? shares(play.data, currency, "vendor") : [];
  const gameTypes: Share[] = loaded ? shares(play.data, currency, "gameType").map((share) => ({ ...share, name: gameTypeName(language, share.name) })) : [];
  const amount = (minor: number) => (currency ? `${money(minor)} ${currency}` : money(minor));
  const shareColumns = (first: string) => [
    { title: first, cell: (row: Share) => row.name },
    { title: t(language, "bets"), cell: (row: Share) => String(row.bets), numeric: true },
    { title: t(language, "stake"), cell: (row: Share) => amount(row.stake), numeric: true },
    { title: t(language, "ggr"), cell: (row: Share) => amount(row.ggr), numeric: true },
  ];

  return (
    <section aria-labelledby="oc-dashboard" className="dash">
      <PageTitle>
        <span id="oc-dashboard">{t(language, "dailyFigures")}</span>
      </PageTitle>
      <form className="oc-row" onSubmit={show} aria-label={t(language, "show")}>
        <Field label={t(language, "from")} type="date" value={draft.startDate} onChange={(startDate) => setDraft({ ...draft, startDate })} />
        <Field label={t(language, "to")} type="date" value={draft.endDate} onChange={(endDate) => setDraft({ ...draft, endDate })} />
        {currencies.length > 1 ? (
          <label className="kit-field">
            <span>{t(language, "currency")}</span>
            <select className="oc-select" value={currency ?? ""} onChange={(event) => setChosenCurrency(event.target.value)}>
              {currencies.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="kit-button" disabled={!valid}>
          {t(language, "show")}
        </button>
      </form>
      <p className="dash-note">{t(language, "utcNote")}</p>
      <LoadFailure error={registrations.error ?? moneyDays.error ?? play.error} />
      {!loaded && !(registrations.error ?? moneyDays.error ?? play.error) ? <p>{t(language, "loading")}</p> : null}
      {sum ? (
        <dl className="dash-totals" aria-label={t(language, "summary")} data-testid="dash-totals">
          <div>
            <dt>{t(language, "registrations")}</dt>
            <dd data-testid="total-registrations">{sum.registrations}</dd>
          </div>
          <div>
            <dt>{t(language, "deposits")}</dt>
            <dd data-testid="total-deposits">
              {amount(sum.depositAmount)}
              <small>{t(language, "count", { count: sum.deposits })}</small>
            </dd>
          </div>
          <div>
            <dt>{t(language, "withdrawals")}</dt>
            <dd data-testid="total-withdrawals">
              {amount(sum.withdrawalAmount)}
              <small>{t(language, "count", { count: sum.withdrawals })}</small>
            </dd>
          </div>
          <div>
            <dt>{t(language, "stake")}</dt>
            <dd data-testid="total-stake">
              {amount(sum.stake)}
              <small>{t(language, "count", { count: sum.bets })}</small>
            </dd>
          </div>
          <div>
            <dt>{t(language, "ggr")}</dt>
            <dd data-testid="total-ggr">{amount(sum.ggr)}</dd>
          </div>
        </dl>
      ) : null}
      {loaded ? (
        <div className="dash-charts">
          <Chart
            id="dash-registrations"
            title={t(language, "registrationsByDay")}
            rows={days}
            rowKey={(row) => row.day}
            columns={[
              { title: t(language, "day"), cell: (row) => row.day },
              { title: t(language, "newMembers"), cell: (row) => String(row.members), numeric: true },
              { title: t(language, "newAgents"), cell: (row) => String(row.agents), numeric: true },
              { title: t(language, "trials"), cell: (row) => String(row.trials), numeric: true },
            ]}
          >
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <BarChart data={days} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={12} />
                <YAxis allowDecimals={false} width={40} />
                <Tooltip />
                <Legend />
                <Bar dataKey="members" stackId="accounts" name={t(language, "newMembers")} fill={COLOURS.members} />
                <Bar dataKey="agents" stackId="accounts" name={t(language, "newAgents")} fill={COLOURS.agents} />
                <Bar dataKey="trials" stackId="accounts" name={t(language, "trials")} fill={COLOURS.trials} />
              </BarChart>
            </ResponsiveContainer>
          </Chart>
          <Chart
            id="dash-money"
            title={t(language, "moneyByDay")}
            rows={days}
            rowKey={(row) => row.day}
            columns={[
              { title: t(language, "day"), cell: (row) => row.day },
              { title: t(language, "depositAmount"), cell: (row) => amount(row.depositAmount), numeric: true },
              { title: t(language, "withdrawalAmount"), cell: (row) => amount(row.withdrawalAmount), numeric: true },
            ]}
          >
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <BarChart data={days} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={12} />
                <YAxis tickFormatter={money} width={80} />
                <Tooltip formatter={(value) => amount(Number(value))} />
                <Legend />
                <Bar dataKey="depositAmount" name={t(language, "depositAmount")} fill={COLOURS.deposits} />
                <Bar dataKey="withdrawalAmount" name={t(language, "withdrawalAmount")} fill={COLOURS.withdrawals} />
              </BarChart>
            </ResponsiveContainer>
          </Chart>
          <Chart
            id="dash-play"
            title={t(language, "playByDay")}
            rows={days}
            rowKey={(row) => row.day}
            columns={[
              { title: t(language, "day"), cell: (row) => row.day },
              { title: t(language, "bets"), cell: (row) => String(row.bets), numeric: true },
              { title: t(language, "stake"), cell: (row) => amount(row.stake), numeric: true },
              { title: t(language, "ggr"), cell: (row) => amount(row.ggr), numeric: true },
            ]}
          >
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <ComposedChart data={days} accessibilityLayer={false}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={12} />
                <YAxis tickFormatter={money} width={80} />
                <Tooltip formatter={(value) => amount(Number(value))} />
                <Legend />
                <Bar dataKey="stake" name={t(language, "stake")} fill={COLOURS.stake} />
                <Line dataKey="ggr" name={t(language, "ggr")} stroke={COLOURS.ggr} strokeWidth={2} dot={false} />
              </ComposedChart>
            </ResponsiveContainer>
          </Chart>
          {vendors.length === 0 ? <p>{t(language, "noPlay")}</p> : null}
          {vendors.length > 0 ? (
            <ShareChart id="dash-vendors" title={t(language, "byVendor")} rows={vendors} columns={shareColumns(t(language, "vendor"))} amount={amount} />
          ) : null}
          {gameTypes.length > 0 ? (
            <ShareChart id="dash-game-types" title={t(language, "byGameType")} rows={gameTypes} columns={shareColumns(t(language, "gameType"))} amount={amount} />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ShareChart({ id, title, rows, columns, amount }: { id: string; title: string; rows: Share[]; columns: { title: string; cell: (row: Share) => string; numeric?: boolean }[]; amount: (minor: number) => string }) {
  const { language } = useLanguage();
  return (
    <Chart id={id} title={title} rows={rows} rowKey={(row) => row.name} columns={columns}>
      <ResponsiveContainer width="100%" height={Math.max(HEIGHT / 2, rows.length * 36 + 60)}>
        <BarChart data={rows} layout="vertical" margin={{ left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={money} />
          <YAxis type="category" dataKey="name" width={96} />
          <Tooltip formatter={(value) => amount(Number(value))} />
          <Legend />
          <Bar dataKey="stake" name={t(language, "stake")} fill={COLOURS.stake} />
          <Bar dataKey="ggr" name={t(language, "ggr")} fill={COLOURS.ggr} />
        </BarChart>
      </ResponsiveContainer>
    </Chart>
  );
}

/** The dashboards' arithmetic, pure: the services answer a row a day (and a row a day, vendor and game type for the
 * play); these sum them into the totals, the daily series and the rankings the charts draw, in one currency. */
import type { MoneyDayRead, PlayDayRead, RegistrationDayRead } from "@portal/kit";

export interface Totals {
  registrations: number;
  deposits: number;
  depositAmount: number;
  withdrawals: number;
  withdrawalAmount: number;
  bets: number;
  stake: number;
  ggr: number;
}

export interface DayFigures {
  day: string;
  members: number;
  agents: number;
  trials: number;
  depositAmount: number;
  withdrawalAmount: number;
  bets: number;
  stake: number;
  ggr: number;
}

export interface Share {
  name: string;
  bets: number;
  stake: number;
  ggr: number;
}

/** The currencies money or play moved in, the most used first (a brand has one; a second shows a choice). */
export function currenciesOf(money: MoneyDayRead[], play: PlayDayRead[]): string[] {
  const used = new Map<string, number>();
  for (const row of money) used.set(row.currency, (used.get(row.currency) ?? 0) + row.depositAmount + row.withdrawalAmount);
  for (const row of play) used.set(row.currency, (used.get(row.currency) ?? 0) + row.stake);
  return [...used.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
}

/** One row a day of the range (the registrations answer every day), money and play of ``currency`` added in. */
export function daily(registrations: RegistrationDayRead[], money: MoneyDayRead[], play: PlayDayRead[], currency: string | null): DayFigures[] {
  const days = new Map<string, DayFigures>();
  for (const row of registrations) {
    days.set(row.day, { day: row.day, members: row.members, agents: row.agents, trials: row.trials, depositAmount: 0, withdrawalAmount: 0, bets: 0, stake: 0, ggr: 0 });
  }
  const dayOf = (day: string): DayFigures => {
    const found = days.get(day);
    if (found) return found;
    const made = { day, members: 0, agents: 0, trials: 0, depositAmount: 0, withdrawalAmount: 0, bets: 0, stake: 0, ggr: 0 };
    days.set(day, made);
    return made;
  };
  for (const row of money) {
    if (row.currency !== currency) continue;
    const figures = dayOf(row.day);
    figures.depositAmount += row.depositAmount;
    figures.withdrawalAmount += row.withdrawalAmount;
  }
  for (const row of play) {
    if (row.currency !== currency) continue;
    const figures = dayOf(row.day);
    figures.bets += row.bets;
    figures.stake += row.stake;
    figures.ggr += row.ggr;
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

export function totals(registrations: RegistrationDayRead[], money: MoneyDayRead[], play: PlayDayRead[], currency: string | null): Totals {
  const sum = { registrations: 0, deposits: 0, depositAmount: 0, withdrawals: 0, withdrawalAmount: 0, bets: 0, stake: 0, ggr: 0 };
  for (const row of registrations) sum.registrations += row.members + row.agents;
  for (const row of money) {
    if (row.currency !== currency) continue;
    sum.deposits += row.deposits;
    sum.depositAmount += row.depositAmount;
    sum.withdrawals += row.withdrawals;
    sum.withdrawalAmount += row.withdrawalAmount;
  }
  for (const row of play) {
    if (row.currency !== currency) continue;
    sum.bets += row.bets;
    sum.stake += row.stake;
    sum.ggr += row.ggr;
  }
  return sum;
}

/** The play of ``currency`` over the range by vendor or by game type, the largest stake first. */
export function shares(play: PlayDayRead[], currency: string | null, by: "vendor" | "gameType"): Share[] {
  const found = new Map<string, Share>();
  for (const row of play) {
    if (row.currency !== currency) continue;
    const name = row[by];
    const share = found.get(name) ?? { name, bets: 0, stake: 0, ggr: 0 };
    share.bets += row.bets;
    share.stake += row.stake;
    share.ggr += row.ggr;
    found.set(name, share);
  }
  return [...found.values()].sort((a, b) => b.stake - a.stake || a.name.localeCompare(b.name));
}

/** ``yyyy-MM-dd`` of a UTC day ``offset`` days from ``today`` (the dashboards count UTC days). */
export function utcDay(today: Date, offset = 0): string {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset));
  return day.toISOString().slice(0, 10);
}

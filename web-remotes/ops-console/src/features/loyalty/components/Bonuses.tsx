/** The bonuses granted to the brand's members, newest or oldest first, a page at a time, filtered by state and member: each
 * with its member, promotion, amount, how much of its wagering is done (a bar), its state and dates. For the finance
 * readers (members' money); nothing here is changed by hand: the wallet and the bets move a bonus. */
import { useState } from "react";
import type { BonusRead, GrantStatus, QueueOrder } from "@portal/kit";
import { LoadFailure, Pager, formatMoney, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import { QueueFilter } from "./QueueFilter";
import "../loyalty.css";
import "./promotions.css";

export const GRANT_STATUSES: readonly GrantStatus[] = ["GRANTING", "ACTIVE", "RELEASING", "RELEASED", "EXPIRING", "EXPIRED", "FORFEITED", "FAILED"];
export const PAGE_SIZE = 20;

interface Filter {
  status: GrantStatus | "";
  account: string;
  sort: QueueOrder;
  pageNo: number;
}

/** How much of a bonus's wagering is done, in whole percent (a bet that met it may pass what is required). */
export function wageredPercent(done: number, required: number): number {
  if (required <= 0) return 100;
  return Math.min(100, Math.floor((done * 100) / required));
}

export function Bonuses() {
  const { language } = useLanguage();
  const ops = useOps();
  const [filter, setFilter] = useState<Filter>({ status: "", account: "", sort: "newest", pageNo: 1 });
  const list = useQuery({
    queryKey: ["ops", "points", "bonuses", ops.brand, filter],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsBonuses", {
        path: { code: ops.brand },
        query: { status: filter.status || null, accountId: filter.account || null, sort: filter.sort, pageNo: filter.pageNo, pageSize: PAGE_SIZE },
      }),
  });
  const rows: BonusRead[] = list.data?.list ?? [];

  return (
    <section aria-labelledby="oc-bonuses">
      <PageTitle>
        <span id="oc-bonuses">{t(language, "bonuses")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, "bonusesHint")}</p>
      <QueueFilter statuses={GRANT_STATUSES} initial="" onSearch={(status, account, sort) => setFilter({ status, account, sort, pageNo: 1 })} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "bonuses")}>
          <table className="oc-table" data-testid="bonuses">
            <thead>
              <tr>
                <th scope="col">{t(language, "member")}</th>
                <th scope="col">{t(language, "promotion")}</th>
                <th scope="col" className="num">{t(language, "bonus")}</th>
                <th scope="col">{t(language, "promoWagering")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "promoDates")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const percent = wageredPercent(row.turnoverDone, row.turnoverRequired);
                return (
                  <tr key={row.grantId} data-bonus={row.grantId}>
                    <td>
                      <span className="oc-id" title={row.accountId}>
                        {row.accountId}
                      </span>
                    </td>
                    <td className="ly-cut pr-wrap">
                      {row.promotionName}
                      <span className="ly-sub">#{row.promotionId}</span>
                    </td>
                    <td className="num">
                      {formatMoney(row.amount)}
                      {row.depositAmount > 0 ? <span className="ly-sub">{t(language, "depositOf", { amount: formatMoney(row.depositAmount) })}</span> : null}
                    </td>
                    <td>
                      <div className="pr-progress">
                        <progress max={100} value={percent} aria-label={t(language, "wageringBar", { id: row.grantId })} aria-valuetext={`${percent} %`} />
                        <span className="ly-sub">
                          {t(language, "wageringOf", { done: formatMoney(row.turnoverDone), required: formatMoney(row.turnoverRequired) })} ({percent} %)
                        </span>
                      </div>
                    </td>
                    <td>
                      <Badge value={row.status} text={named(language, row.status)} />
                    </td>
                    <td>
                      <span className="ly-sub">{t(language, "grantedAt", { when: when(row.createdAt, language) })}</span>
                      <span className="ly-sub">{t(language, "expiresAt", { when: when(row.expiresAt, language) })}</span>
                      {row.settledAt ? <span className="ly-sub">{t(language, "settledAt", { when: when(row.settledAt, language) })}</span> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {list.data && list.data.totalPages > 1 ? (
        <Pager label={t(language, "bonuses")} pageNo={filter.pageNo} totalPages={list.data.totalPages} shown={list.data.pageNum} onPage={(pageNo) => setFilter({ ...filter, pageNo })} previous={t(language, "previous")} next={t(language, "nextPage")} />
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
    </section>
  );
}

/** The account record's call (`transactionRecords`) answers the money lines, or the points record for
 * `type=points`: its answer is declared as either page. These give a caller the page it asked for (an answer of
 * the other kind, which only another filter brings, reads as empty). */
import type { PageRead_PointRecordRead, PageRead_RecordRead } from "./api.gen";

export type AnyRecordsPage = PageRead_RecordRead | PageRead_PointRecordRead;

export function moneyRecords(page: AnyRecordsPage): PageRead_RecordRead {
  return page.list.every((row) => "wallet" in row) ? (page as PageRead_RecordRead) : { ...page, list: [] };
}

export function pointRecords(page: AnyRecordsPage): PageRead_PointRecordRead {
  return page.list.every((row) => "balanceAfter" in row && "kind" in row) ? (page as PageRead_PointRecordRead) : { ...page, list: [] };
}

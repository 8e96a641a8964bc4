import { describe, expect, it } from "vitest";
import type { PageRead_PointRecordRead, PageRead_RecordRead } from "./api.gen";
import { moneyRecords, pointRecords } from "./records";

const money = { pageNum: 1, totalPages: 1, total: 1, list: [{ wallet: "main", amount: 100 }] } as unknown as PageRead_RecordRead;
const points = { pageNum: 1, totalPages: 1, total: 1, list: [{ kind: "EARN", balanceAfter: 2, points: 2 }] } as unknown as PageRead_PointRecordRead;

describe("the account record's two pages", () => {
  it("gives each caller the page it asked for, and an empty one of the other kind", () => {
    expect(moneyRecords(money)).toBe(money);
    expect(pointRecords(points)).toBe(points);
    expect(moneyRecords(points).list).toEqual([]);
    expect(pointRecords(money).list).toEqual([]);
    expect(moneyRecords({ ...money, list: [] }).list).toEqual([]);
  });
});

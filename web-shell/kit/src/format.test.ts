// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatIsoDate, formatNumber, formatPercent, formatTime, parseDate } from "./format";
import { formatters as bound } from "./i18n";
import { formatMoney, moneyInputProblem, parseMoney } from "./money";

const WHEN = "2026-01-05T09:07:00Z";
const UTC = { timeZone: "UTC" };

describe("dates in the language's format", () => {
  it("Turkish: dd.MM.yyyy HH:mm", () => {
    expect(formatDateTime("TR", WHEN, UTC)).toBe("05.01.2026 09:07");
    expect(formatDate("TR", WHEN, UTC)).toBe("05.01.2026");
  });
  it("Chinese: yyyy/MM/dd", () => {
    expect(formatDateTime("CN", WHEN, UTC)).toBe("2026/01/05 09:07");
    expect(formatDate("CN", WHEN, UTC)).toBe("2026/01/05");
  });
  it("English: the portal's English (day first, 24 hours), never US", () => {
    expect(formatDate("EN", WHEN, UTC)).toBe("05/01/2026");
    expect(formatDateTime("EN", WHEN, UTC)).not.toMatch(/AM|PM/);
    expect(formatTime("EN", "2026-01-05T21:07:00Z", UTC)).toBe("21:07");
  });
  it("shows what is not a time as it came, nothing for nothing", () => {
    expect(formatDateTime("TR", "soon")).toBe("soon");
    expect(formatDate("TR", null)).toBe("");
  });
});

describe("numbers and money in the language's format", () => {
  it("Turkish groups with dots and decimals with a comma", () => {
    expect(formatNumber("TR", 1234)).toBe("1.234");
    expect(formatNumber("TR", 1234.56, 2)).toBe("1.234,56");
    expect(formatMoney(123_456, "₺", "TR")).toBe("₺1.234,56");
    expect(bound("TR").money(-5)).toBe("-0,05");
    expect(formatPercent("TR", 50)).toBe("%50");
  });
  it("English and Chinese", () => {
    expect(formatMoney(123_456, "₺", "EN")).toBe("₺1,234.56");
    expect(formatMoney(123_456, "", "CN")).toBe("1,234.56");
    expect(formatPercent("EN", 12.5)).toBe("12.5%");
  });
  it("keeps the old call working (no language: English)", () => {
    expect(formatMoney(123_456_789, "₺")).toBe("₺1,234,567.89");
  });
});

describe("typed amounts", () => {
  it("says when an amount has more than two decimals, not that it is out of limits", () => {
    expect(moneyInputProblem("10.123")).toBe("decimals");
    expect(moneyInputProblem("10,123", "TR")).toBe("decimals");
    expect(moneyInputProblem("abc")).toBe("format");
    expect(moneyInputProblem("10.12")).toBeNull();
  });
  it("reads a Turkish decimal comma", () => {
    expect(parseMoney("10,5", "TR")).toBe(1050);
    expect(parseMoney("1.234,56", "TR")).toBe(123_456);
    expect(parseMoney("1,234", "EN")).toBe(123_400);
    expect(parseMoney("10,5", "EN")).toBe(1050);
  });
});

describe("typed days", () => {
  it("reads a day in the language's format as the service takes it, and writes one back", () => {
    expect(parseDate("TR", "27.11.2026")).toBe("2026-11-27");
    expect(parseDate("EN", "7/1/2026")).toBe("2026-01-07");
    expect(parseDate("CN", "2026/11/27")).toBe("2026-11-27");
    expect(parseDate("TR", "2026-11-27")).toBe("2026-11-27");
    expect(parseDate("TR", "31.02.2026")).toBeNull();
    expect(parseDate("EN", "11/27/2026")).toBeNull(); // US order is not the portal's English
    expect(formatIsoDate("TR", "2026-11-27")).toBe("27.11.2026");
    expect(formatIsoDate("CN", "2026-01-05")).toBe("2026/01/05");
  });
});

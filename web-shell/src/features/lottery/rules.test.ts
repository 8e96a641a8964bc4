import { describe, expect, it } from "vitest";
import { ballClass, ballText, countdown, oddsMilli, pcbSum, possibleWin, prizeText, slipTotals, trendPoints } from "./rules";

describe("lottery rules", () => {
  it("writes a VN prize's number with its prize's digits", () => {
    expect(prizeText(943, 5)).toBe("00943");
    expect(prizeText(783741, 6)).toBe("783741");
    expect(prizeText(7, 2)).toBe("07");
  });

  it("counts down to the second and never below zero", () => {
    expect(countdown(61_000, 0)).toBe("01:01");
    expect(countdown(1_500, 0)).toBe("00:02");
    expect(countdown(0, 5_000)).toBe("00:00");
    expect(countdown(3_725_000, 0)).toBe("1:02:05");
  });

  it("reads decimal odds exactly and pays a hit rounded down as the service does", () => {
    expect(oddsMilli("1.98")).toBe(1980);
    expect(oddsMilli("47")).toBe(47_000);
    expect(oddsMilli("316.6")).toBe(316_600);
    expect(possibleWin(333, "1.98")).toBe(659);
    expect(slipTotals([{ stake: 1000, odds: "1.98" }, { stake: 500, odds: "9.8" }])).toEqual({ total: 1500, possibleWin: 6880 });
  });

  it("colours balls by their set, racing cars by number and dice as faces", () => {
    const colours = { RED: [1, 2], BLUE: [3], GREEN: [49] };
    expect(ballClass("lhc", 49, colours)).toBe("lot-ball lot-ball--green");
    expect(ballClass("pcb", 13, { GRAY: [0, 13, 14, 27] })).toBe("lot-ball lot-ball--gray");
    expect(ballClass("pk10", 10, {})).toBe("lot-ball lot-ball--car10");
    expect(ballClass("ssc", 4, {})).toBe("lot-ball");
    expect(ballText("k3", 6)).toBe("⚅");
    expect(ballText("11x5", 3)).toBe("03");
    expect(ballText("ssc", 3)).toBe("3");
    expect(pcbSum([4, 4, 5])).toBe(13);
  });

  it("draws each position's trend oldest first", () => {
    expect(trendPoints([[9], [0]], 0, 0, 9, 100, 90)).toBe("0,90 100,0");
  });
});

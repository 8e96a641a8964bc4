/** No English left on a Turkish or Chinese page of the member centre: every text table has each key in every
 * language, and a TR or CN text equal to the English one only where it reads the same everywhere. */
import { untranslated } from "@portal/kit";
import { describe, expect, it } from "vitest";
import { CATALOG as bonuses } from "./features/bonuses/texts";
import { CATALOG as missions } from "./features/missions/texts";
import { CATALOG as wallet } from "./features/wallet/texts";
import { CATALOG as withdrawals } from "./features/withdrawals/texts";
import { CATALOG as loyalty } from "./shared/loyaltyTexts";
import { CATALOG as shared } from "./shared/texts";

describe("the member centre's text tables", () => {
  it("leave nothing in English in Turkish or Chinese", () => {
    const left = [
      ...untranslated(shared, ["bonus"]), // "bonus" is the Turkish word too
      ...untranslated(bonuses, ["amount"]), // TR "Bonus"
      ...untranslated(missions),
      ...untranslated(wallet),
      ...untranslated(withdrawals),
      ...untranslated(loyalty),
    ];
    expect(left).toEqual([]);
  });
});

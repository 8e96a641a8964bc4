import { describe, expect, it } from "vitest";
import { affiliateFromUrl, referralFromUrl } from "./components/RegisterModal";

describe("a friend's invite link", () => {
  it("fills the registration's referral code from ?ref=, apart from an agent's affiliate code", () => {
    expect(referralFromUrl("?ref=K7QX2MPA")).toBe("K7QX2MPA");
    expect(referralFromUrl("?ref=%20K7QX2MPA%20&x=1")).toBe("K7QX2MPA");
    expect(referralFromUrl("?code=F2AGENT1")).toBe("");
    expect(affiliateFromUrl("?ref=K7QX2MPA")).toBe("");
  });
});

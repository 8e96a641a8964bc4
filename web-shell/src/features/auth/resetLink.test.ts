import { afterEach, describe, expect, it } from "vitest";
import { takeResetToken } from "./api";

describe("the e-mailed reset link", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("gives its token once and leaves no trace of it in the address", () => {
    window.history.replaceState(null, "", "/?lang=EN#resetToken=abcDEF123_-xyz4567890");
    expect(takeResetToken(window.location, window.history)).toBe("abcDEF123_-xyz4567890");
    expect(window.location.href).not.toContain("resetToken");
    expect(window.location.search).toBe("?lang=EN");
    expect(takeResetToken(window.location, window.history)).toBeNull();
  });

  it("ignores an address without a token, and a token in the query (which servers and logs would see)", () => {
    window.history.replaceState(null, "", "/?resetToken=abcDEF123_-xyz4567890#section");
    expect(takeResetToken(window.location, window.history)).toBeNull();
    expect(window.location.hash).toBe("#section");
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { visitorPopupAtStart } from "./popup";

describe("the visitor's popup at the first render", () => {
  beforeEach(() => sessionStorage.clear());

  it("opens for a visitor on any page but the login and register pages", () => {
    expect(visitorPopupAtStart(null, sessionStorage, "/")).toBe(true);
    expect(visitorPopupAtStart(null, sessionStorage, "/promotions")).toBe(true);
    expect(visitorPopupAtStart(null, sessionStorage, "/login")).toBe(false);
    expect(visitorPopupAtStart(null, sessionStorage, "/register")).toBe(false);
  });

  it("waits for the session's check when a token is held, and stays shut once a visitor closed it", () => {
    expect(visitorPopupAtStart("t-1", sessionStorage, "/")).toBe(false);
    sessionStorage.setItem("popupClosed:visitor", "1");
    expect(visitorPopupAtStart(null, sessionStorage, "/")).toBe(false);
    sessionStorage.setItem("popupClosed:member", "1");
    sessionStorage.removeItem("popupClosed:visitor");
    expect(visitorPopupAtStart(null, sessionStorage, "/")).toBe(true); // a member's close is not a visitor's
  });
});

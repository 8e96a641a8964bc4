import { cleanup, render, screen } from "@testing-library/react";
import type { Language, SiteConfigRead } from "@portal/kit";
import { LanguageContext } from "@portal/kit";
import { afterEach, describe, expect, it } from "vitest";
import { SiteContext, siteValue } from "../shared/site";
import { Footer } from "./Footer";

const CONFIG = { description: "", copyright: "© 2026 F2 Türkiye. All rights reserved.", whitelabelVal: {} } as unknown as SiteConfigRead;

function show(language: Language) {
  render(
    <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
      <SiteContext.Provider value={siteValue(CONFIG, [])}>
        <Footer />
      </SiteContext.Provider>
    </LanguageContext.Provider>,
  );
}

describe("the footer's copyright", () => {
  afterEach(cleanup);

  it("is in the page's language, the brand's name and year kept", () => {
    show("TR");
    expect(screen.getByText("© 2026 F2 Türkiye. Tüm hakları saklıdır.")).toBeTruthy();
    cleanup();
    show("CN");
    expect(screen.getByText("© 2026 F2 Türkiye. 版权所有。")).toBeTruthy();
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Language, SiteConfigRead } from "@portal/kit";
import { ApiError, createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { SiteContext, siteValue } from "../../shared/site";
import { loginWithPassword } from "./api";
import { AgentLogin } from "./components/AgentLogin";
import { LoginModal } from "./components/LoginModal";
import { RegisterModal } from "./components/RegisterModal";

vi.mock("./api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api")>()),
  loginWithPassword: vi.fn(),
}));
const login = vi.mocked(loginWithPassword);

/** What auth says, in the request's language, when a captcha is asked too often. */
const THROTTLED: Record<string, string> = {
  TR: "Çok fazla istek gönderdiniz, lütfen biraz bekleyin.",
  EN: "Too many requests, please wait a moment.",
  CN: "请求过于频繁，请稍候。",
};
const FIRST_IMAGE = "data:image/png;base64,Zmlyc3Q=";

/** The captcha answers once, then refuses every refresh with 429 (auth's throttle); the register rules are empty. */
function serve() {
  let captchas = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      const language = (init.headers as Record<string, string>)["Language"] ?? "TR";
      if (path.startsWith("/wps/captcha")) {
        captchas += 1;
        if (captchas === 1) {
          return new Response(JSON.stringify({ success: true, value: { captchaId: "c1", image: FIRST_IMAGE }, errorCode: null, message: null }));
        }
        const body = { success: false, value: null, errorCode: "TOO_MANY_REQUESTS", message: THROTTLED[language] };
        return new Response(JSON.stringify(body), { status: 429 });
      }
      if (path.startsWith("/wps/system/setting/register")) {
        return new Response(JSON.stringify({ success: true, value: [], errorCode: null, message: null }));
      }
      return new Response(JSON.stringify({ success: false, value: null, errorCode: "not_found", message: null }), { status: 404 });
    }),
  );
}

const CONFIG = { merchant: "turkeyf2", name: "F2", languages: ["TR", "EN", "CN"], whitelabelVal: { REGCAPTCHA3: true } } as unknown as SiteConfigRead;

function renderIn(language: Language, children: React.ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
        <SessionProvider>
          <SiteContext.Provider value={siteValue(CONFIG, [])}>
            <MemoryRouter>{children}</MemoryRouter>
          </SiteContext.Provider>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

/** Log in without a captcha: auth asks for one, and it is shown. */
async function failLoginUntilCaptcha(form: HTMLElement) {
  login.mockRejectedValue(new ApiError("captcha.required", "captcha required", 400));
  fireEvent.change(within(form).getByLabelText(/^(Kullanıcı adı|Username)$/), { target: { value: "player1" } });
  fireEvent.change(within(form).getByLabelText(/^(Şifre|Password)$/), { target: { value: "secret123" } });
  fireEvent.submit(form);
  await waitFor(() => expect(form.querySelector(`img[src="${FIRST_IMAGE}"]`)).not.toBeNull());
}

async function refreshIsThrottled(form: HTMLElement, language: Language) {
  const row = form.querySelector(".captcha-row") as HTMLElement;
  fireEvent.click(within(row).getByRole("button", { name: /Yeni kod|New code|换一张|刷新/ }));
  const said = await within(row).findByTestId("captcha-failure");
  expect(within(said).getByRole("alert").textContent).toBe(THROTTLED[language]);
  // The image already shown stays, with its answer field, so the member can still answer it.
  expect(row.querySelector(`img[src="${FIRST_IMAGE}"]`)).not.toBeNull();
  expect(within(row).getByRole("textbox")).toBeTruthy();
}

describe("a captcha refresh answered 429", () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    serve();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    login.mockReset();
  });

  it.each(["TR", "EN"] as Language[])("says the throttle where the login's captcha is (%s)", async (language) => {
    renderIn(language, <LoginModal />);
    const form = document.querySelector("form") as HTMLElement;
    await failLoginUntilCaptcha(form);
    await refreshIsThrottled(form, language);
  });

  it("says it at the agent entry's captcha too", async () => {
    renderIn("EN", <AgentLogin />);
    const form = screen.getByRole("form") as HTMLElement;
    await failLoginUntilCaptcha(form);
    await refreshIsThrottled(form, "EN");
  });

  it("says it at the registration's captcha, in the request's language", async () => {
    renderIn("CN", <RegisterModal />);
    const row = await waitFor(() => {
      const found = document.querySelector(".captcha-row") as HTMLElement | null;
      expect(found?.querySelector(`img[src="${FIRST_IMAGE}"]`)).toBeTruthy();
      return found as HTMLElement;
    });
    await refreshIsThrottled(row.closest("form") as HTMLElement, "CN");
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LanguageContext } from "./i18n";
import { OutcomeLine, useAction } from "./action";
import { ApiError } from "./envelope";

function Form({ run, check }: { run: (amount: number) => Promise<string>; check?: (amount: number) => string | null }) {
  const action = useAction(run, { doneText: "Saved." });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const problem = check?.(5);
        if (problem) return action.refuse(problem);
        void action.submit(5);
      }}
    >
      <OutcomeLine outcome={action.outcome} />
      <span data-testid="code">{action.code ?? ""}</span>
      <button type="submit">go</button>
    </form>
  );
}

function mount(form: React.JSX.Element) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>{form}</LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByText("go"));
    await Promise.resolve();
  });
}

describe("useAction: one helper for every form's call", () => {
  afterEach(cleanup);

  it("shows the server's message of a refusal as an alert, with its code", async () => {
    mount(<Form run={() => Promise.reject(new ApiError("payment_password.invalid", "Wrong payment password.", 400))} />);
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong payment password.");
    expect(screen.getByTestId("code").textContent).toBe("payment_password.invalid");
  });

  it("words a network failure itself and says success quietly", async () => {
    const { unmount } = mount(<Form run={() => Promise.reject(new ApiError("network.abnormal", "", 0))} />);
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe("The network is not answering, please try again.");
    unmount();
    mount(<Form run={(amount) => Promise.resolve(`moved ${amount}`)} />);
    await submit();
    expect((await screen.findByRole("status")).textContent).toBe("Saved.");
  });

  it("refuses with the form's own text before calling", async () => {
    let called = false;
    mount(
      <Form
        run={() => {
          called = true;
          return Promise.resolve("x");
        }}
        check={() => "Enter a valid amount."}
      />,
    );
    await submit();
    expect(screen.getByRole("alert").textContent).toBe("Enter a valid amount.");
    expect(called).toBe(false);
  });
});

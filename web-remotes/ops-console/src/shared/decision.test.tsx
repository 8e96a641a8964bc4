import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { LanguageContext, OutcomeLine, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Verdict } from "./decision";
import { DecisionCell, useDecision } from "./decision";

type Run = (input: Verdict<"approve">) => Promise<string>;

function Row({ run, onDone, reasoned }: { run: Run; onDone: () => unknown; reasoned?: boolean }) {
  const decide = useDecision(run, { onDone, doneText: "Done.", ...(reasoned === undefined ? {} : { reasoned }) });
  return (
    <>
      <OutcomeLine outcome={decide.outcome} />
      <DecisionCell decision={decide} id="r1" actions={["approve", "reject"]} />
    </>
  );
}

function renderRow(reasoned?: boolean) {
  const run = vi.fn<Run>(async () => "ok");
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>
        <Row run={run} onDone={onDone} {...(reasoned === undefined ? {} : { reasoned })} />
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
  return { run, onDone };
}

afterEach(cleanup);

describe("a row's decision", () => {
  it("refuses an empty or blank reason without calling", async () => {
    const { run } = renderRow();
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    fireEvent.click(screen.getByRole("button", { name: "Send rejection" }));
    expect(await screen.findByText("This field is required.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Reason for rejecting"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Send rejection" }));
    expect(screen.getByText("This field is required.")).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
  });

  it("sends the reason trimmed, then closes the form and clears the reason", async () => {
    const { run, onDone } = renderRow();
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    fireEvent.change(screen.getByLabelText("Reason for rejecting"), { target: { value: "  no evidence  " } });
    fireEvent.click(screen.getByRole("button", { name: "Send rejection" }));
    expect((await screen.findByRole("status")).textContent).toBe("Done.");
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]?.[0]).toEqual({ id: "r1", action: "reject", reason: "no evidence" });
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText("Reason for rejecting")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect((screen.getByLabelText("Reason for rejecting") as HTMLInputElement).value).toBe("");
  });

  it("closes the form on cancel without calling", () => {
    const { run } = renderRow();
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("Reason for rejecting")).toBeNull();
    expect(screen.getByRole("button", { name: "Approve" })).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
  });

  it("sends any other action at once, and a rejection at once where it takes no reason", async () => {
    const { run } = renderRow(false);
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    expect(run.mock.calls.map(([input]) => input)).toEqual([
      { id: "r1", action: "approve" },
      { id: "r1", action: "reject" },
    ]);
    expect(screen.queryByLabelText("Reason for rejecting")).toBeNull();
  });
});

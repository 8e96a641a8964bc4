import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import type { Language } from "@portal/kit";
import { LanguageContext } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Dates } from "./DateSearch";
import { DateSearch } from "./DateSearch";

function Harness({ onSearch }: { onSearch: (dates: Dates) => void }) {
  const [dates, setDates] = useState<Dates>({ startDate: "2026-11-01", endDate: "" });
  return <DateSearch dates={dates} onDates={setDates} onSearch={() => onSearch(dates)} />;
}

function show(language: Language, onSearch: (dates: Dates) => void) {
  render(
    <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
      <Harness onSearch={onSearch} />
    </LanguageContext.Provider>,
  );
}

describe("the record pages' dates", () => {
  afterEach(cleanup);

  it("are shown and typed in the page's language and searched as the service takes them", () => {
    const searched = vi.fn();
    show("TR", searched);
    const start = screen.getByLabelText("Başlangıç") as HTMLInputElement;
    expect(start.value).toBe("01.11.2026");
    expect(start.placeholder).toBe("GG.AA.YYYY");
    fireEvent.change(screen.getByLabelText("Bitiş"), { target: { value: "27.11.2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Ara" }));
    expect(searched).toHaveBeenCalledWith({ startDate: "2026-11-01", endDate: "2026-11-27" });
    cleanup();
    show("CN", searched);
    expect((screen.getByLabelText("开始") as HTMLInputElement).value).toBe("2026/11/01");
  });

  it("says how to write a date it cannot read, and does not search", () => {
    const searched = vi.fn();
    show("EN", searched);
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "11/27/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(screen.getByRole("alert").textContent).toBe("Write the date as DD/MM/YYYY.");
    expect(searched).not.toHaveBeenCalled();
  });
});

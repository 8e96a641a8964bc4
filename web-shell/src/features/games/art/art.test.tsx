import { cleanup, render } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { GameArt } from "../components/GameArt";
import { cardName, symbolName } from "./names";
import { artPlan, hashOf, motifOf, nameLines } from "./plan";
import { PlayingCard } from "./PlayingCard";
import { SLOT_SYMBOL_CODES, SlotSymbol } from "./SlotSymbols";
import { monogram, VendorMark } from "./VendorMark";

afterEach(cleanup);

const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{2600}-\u{27BF}\u{1F000}-\u{1FAFF}]/u;
// The art's ids are unique per render (React's useId); the drawing is what must not change.
const drawing = (html: string) => html.replace(/(id="|url\(#)[^"-)]+/g, "$1ID");

function art(name: string, vendor: string, category: string, seed?: string) {
  return drawing(renderToStaticMarkup(<GameArt name={name} vendor={vendor} category={category} seed={seed} />));
}

const SEEDED: [string, string, string][] = [
  ["Fruit Five", "BGS", "RNG"], ["Fortune Ox", "PG", "RNG"], ["Live Roulette", "DIG", "LIVE"], ["Live Baccarat", "DIG", "LIVE"],
  ["Ocean King", "DIG", "FISH"], ["Dragon Tiger", "BGS", "PVP"], ["Dice 99", "BGS", "PVP"], ["Sportsbook", "BTI", "SPORTS"],
  ["AV Esports", "AV", "ESPORTS"], ["Sabong Arena", "DS88", "COCKFIGHT"], ["Speed SSC 1'", "LOTT", "LOTT"], ["十倍金牛", "PG", "RNG"],
];

describe("GameArt", () => {
  it("draws the same art for the same game, every time", () => {
    for (const [name, vendor, category] of SEEDED) expect(art(name, vendor, category)).toBe(art(name, vendor, category));
    expect(artPlan("PG:PG_FORTUNE_OX")).toEqual(artPlan("PG:PG_FORTUNE_OX"));
  });

  it("draws different art for different names and for different categories", () => {
    const all = SEEDED.map(([name, vendor, category]) => art(name, vendor, category));
    expect(new Set(all).size).toBe(all.length);
    expect(art("Lucky Star", "PG", "RNG")).not.toBe(art("Lucky Star", "PG", "FISH"));
    expect(artPlan("Fortune Ox").hue).not.toBe(artPlan("Fortune Cat").hue);
  });

  it("keeps a game's colours when its name changes language, when seeded by its code", () => {
    const tr = renderToStaticMarkup(<GameArt name="Şanslı Öküz" vendor="PG" category="RNG" seed="PG:PG_FORTUNE_OX" />);
    const en = renderToStaticMarkup(<GameArt name="Fortune Ox" vendor="PG" category="RNG" seed="PG:PG_FORTUNE_OX" />);
    const colours = (html: string) => html.match(/hsl\([^)]+\)/g);
    expect(colours(tr)).toEqual(colours(en));
  });

  it("draws each category's motif", () => {
    const motifs = SEEDED.map(([name, , category]) => motifOf(category, name));
    expect(motifs).toEqual(["slots", "slots", "roulette", "table", "fish", "cards", "dice", "sports", "esports", "cockfight", "lottery", "slots"]);
    expect(motifOf("RNG", "Scratch Gold", "SC")).toBe("scratch");
    expect(motifOf("RNG", "Jackpot Gems", "JP")).toBe("jackpot");
  });

  it("sets the name in the art, names the image and the vendor, and holds no emoji or two-letter tile", () => {
    render(<GameArt name="Treasures of Aztec 🎰" vendor="PG" vendorName="PG Soft" category="RNG" />);
    const image = document.querySelector("svg[role=img]");
    expect(image?.getAttribute("aria-label")).toBe("Treasures of Aztec · PG Soft");
    expect(image?.querySelector("title")?.textContent).toBe("Treasures of Aztec · PG Soft");
    const words = [...(image?.querySelectorAll("text") ?? [])].map((node) => node.textContent).join(" ");
    expect(words).toContain("Treasures");
    expect(words).toContain("Aztec");
    expect(document.body.innerHTML).not.toMatch(EMOJI);
    expect(document.querySelector("[data-vendor=PG]")).not.toBeNull();
    for (const [name, vendor, category] of SEEDED) expect(art(name, vendor, category)).not.toMatch(EMOJI);
  });

  it("fits a long name on two lines and a short one on one", () => {
    expect(nameLines("Dice 99").lines).toEqual(["Dice 99"]);
    const long = nameLines("Büyük İkramiye Taşları");
    expect(long.lines).toHaveLength(2);
    expect(long.lines.join(" ")).toBe("Büyük İkramiye Taşları");
  });

  it("spreads hashes: the FNV-1a of known strings", () => {
    expect(hashOf("")).toBe(0x811c9dc5);
    expect(hashOf("a")).toBe(0xe40c292c);
  });
});

describe("vendor marks", () => {
  it("are generated from the vendor code, the same for the same code", () => {
    const mark = (code: string) => drawing(renderToStaticMarkup(<VendorMark code={code} name={code} />));
    expect(mark("PG")).toBe(mark("PG"));
    expect(mark("PG")).not.toBe(mark("DIG"));
    expect(monogram("TCG_LOTTO_VN")).toBe("TLV");
    expect(monogram("DS88")).toBe("DS88");
    render(<VendorMark code="PG" name="PG Soft" />);
    expect(document.querySelector("svg")?.getAttribute("aria-label")).toBe("PG Soft");
  });
});

describe("slot symbols and cards", () => {
  it("draws every symbol of the games service as SVG, named in TR, EN and CN, with no emoji", () => {
    expect(SLOT_SYMBOL_CODES.sort()).toEqual(["7", "BAR", "BELL", "CHERRY", "LEMON", "PLUM", "W"]);
    for (const code of SLOT_SYMBOL_CODES) {
      const html = renderToStaticMarkup(<SlotSymbol code={code} label={symbolName("TR", code)} />);
      expect(html).toMatch(/^<svg/);
      expect(html).toMatch(/<(path|circle|rect)/);
      expect(html).not.toMatch(EMOJI);
    }
    expect(["TR", "EN", "CN"].map((language) => symbolName(language as "TR", "CHERRY"))).toEqual(["Kiraz", "Cherry", "樱桃"]);
    expect(symbolName("EN", "W")).toBe("Wild");
  });

  it("draws cards with their suits as paths and names them in the player's language", () => {
    render(<PlayingCard code="QH" label={cardName("EN", "QH")} />);
    const card = document.querySelector("svg[role=img]");
    expect(card?.getAttribute("aria-label")).toBe("Queen of hearts");
    expect(card?.textContent).not.toMatch(/[♠♥♦♣]/);
    expect(card?.querySelectorAll("path").length).toBeGreaterThanOrEqual(3);
    expect(cardName("TR", "10S")).toBe("Maça 10");
    expect(cardName("CN", "AD")).toBe("方块A");
    expect(cardName("EN", undefined)).toBe("Face-down card");
    expect(renderToStaticMarkup(<PlayingCard code={null} label="x" />)).toContain('data-card="back"');
  });
});

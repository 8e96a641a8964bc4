/** Playing cards drawn as SVG: the suits as paths (no font glyphs), a card face by its code (rank and suit,
 * "10H", "AS", as the games service names them) and the back of a card not dealt yet. */

export type Suit = "S" | "H" | "D" | "C";
export const RED_SUITS: readonly string[] = ["H", "D"];

const SUIT_PATHS: Record<Suit, string> = {
  H: "M10 18 L2.4 9.8 A4.4 4.4 0 0 1 10 4.6 A4.4 4.4 0 0 1 17.6 9.8 Z",
  D: "M10 1 L18 10 L10 19 L2 10 Z",
  S: "M10 1.5 L17.6 10 A4.3 4.3 0 0 1 10.8 14.2 L13 19 H7 L9.2 14.2 A4.3 4.3 0 0 1 2.4 10 Z",
  C: "M10 1.6 A4.2 4.2 0 0 1 13.2 8.6 A4.2 4.2 0 1 1 11.2 15 L13 19 H7 L8.8 15 A4.2 4.2 0 1 1 6.8 8.6 A4.2 4.2 0 0 1 10 1.6 Z",
};

/** A suit's pip, a 20 × 20 drawing placed at (x, y) and scaled by ``size`` / 20. */
export function SuitPip({ suit, x, y, size }: { suit: Suit; x: number; y: number; size: number }) {
  return <path d={SUIT_PATHS[suit]} transform={`translate(${x} ${y}) scale(${size / 20})`} fill={RED_SUITS.includes(suit) ? "#d32f2f" : "#1b1b1f"} />;
}

/** A card's rank and suit from its code ("10H": 10 of hearts); null for anything else. */
export function parseCard(code: string | undefined | null): { rank: string; suit: Suit } | null {
  const match = /^(A|[2-9]|10|J|Q|K)([SHDC])$/.exec(code ?? "");
  return match ? { rank: match[1] as string, suit: match[2] as Suit } : null;
}

/** A card face as an SVG group in a 60 × 84 box; without a card, its back. */
export function CardShape({ code }: { code?: string | null | undefined }) {
  const card = parseCard(code);
  if (!card) {
    return (
      <g>
        <rect x={1} y={1} width={58} height={82} rx={6} fill="#fff" stroke="#c9c9c9" strokeWidth={1.5} />
        <rect x={5} y={5} width={50} height={74} rx={4} fill="#b71c1c" />
        <path d="M5 19 L19 5 M5 33 L33 5 M5 47 L47 5 M5 61 L55 11 M5 75 L55 25 M19 79 L55 43 M33 79 L55 57 M47 79 L55 71" stroke="#e57373" strokeWidth={2} />
        <rect x={18} y={30} width={24} height={24} rx={4} transform="rotate(45 30 42)" fill="#ffd54f" stroke="#7f0000" strokeWidth={1.5} />
      </g>
    );
  }
  const colour = RED_SUITS.includes(card.suit) ? "#d32f2f" : "#1b1b1f";
  const corner = (
    <>
      <text x={8} y={17} textAnchor="middle" fontSize={card.rank === "10" ? 11 : 13} fontWeight={800} fill={colour} fontFamily="Georgia, serif">
        {card.rank}
      </text>
      <SuitPip suit={card.suit} x={3.5} y={20} size={9} />
    </>
  );
  return (
    <g>
      <rect x={1} y={1} width={58} height={82} rx={6} fill="#fff" stroke="#c9c9c9" strokeWidth={1.5} />
      {corner}
      <g transform="rotate(180 30 42)">{corner}</g>
      <SuitPip suit={card.suit} x={15} y={27} size={30} />
    </g>
  );
}

/** A card on its own: an image named ``label`` (the card's name in the player's language). */
export function PlayingCard({ code, label, className }: { code?: string | null | undefined; label: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 60 84" role="img" aria-label={label} data-card={code ?? "back"}>
      <title>{label}</title>
      <CardShape code={code} />
    </svg>
  );
}

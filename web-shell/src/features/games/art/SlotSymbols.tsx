/** The in-house slot's symbols drawn as SVG (no emoji or font glyphs): each in a 100 × 100 box. The codes are
 * the games service's (services/games bgs/slot.py): LEMON, CHERRY, PLUM, BAR, BELL, 7 and W, the wild. */
import type { ReactElement } from "react";

const OUTLINE = { stroke: "#3b1d08", strokeWidth: 3, strokeLinejoin: "round" as const };

function Cherry() {
  return (
    <g>
      <path d="M50 14 C44 30 34 44 30 60 M50 14 C56 32 64 46 70 62" fill="none" stroke="#2f7d32" strokeWidth={5} strokeLinecap="round" />
      <path d="M50 14 C62 6 78 10 84 20 C70 26 58 24 50 14 Z" fill="#43a047" {...OUTLINE} />
      <circle cx={30} cy={70} r={18} fill="#d32f2f" {...OUTLINE} />
      <circle cx={70} cy={72} r={18} fill="#e53935" {...OUTLINE} />
      <circle cx={24} cy={64} r={5} fill="#fff" opacity={0.7} />
      <circle cx={64} cy={66} r={5} fill="#fff" opacity={0.7} />
    </g>
  );
}

function Lemon() {
  return (
    <g>
      <path d="M10 52 C14 26 40 14 62 20 C78 24 90 38 90 48 C86 74 60 88 38 82 C22 78 10 66 10 52 Z" fill="#fdd835" {...OUTLINE} />
      <path d="M86 44 L96 40 M12 56 L4 60" stroke="#3b1d08" strokeWidth={4} strokeLinecap="round" />
      <path d="M28 40 C36 30 50 28 60 30" fill="none" stroke="#fff" strokeWidth={5} strokeLinecap="round" opacity={0.7} />
    </g>
  );
}

function Plum() {
  return (
    <g>
      <path d="M50 22 C48 14 52 8 58 6" fill="none" stroke="#5d4037" strokeWidth={4} strokeLinecap="round" />
      <path d="M56 16 C66 6 82 8 88 16 C78 24 64 24 56 16 Z" fill="#66bb6a" {...OUTLINE} />
      <path d="M50 22 C28 18 12 36 14 56 C16 78 34 92 52 90 C72 88 88 72 86 52 C84 32 68 20 50 22 Z" fill="#7b1fa2" {...OUTLINE} />
      <path d="M50 26 C44 44 44 66 52 86" fill="none" stroke="#4a148c" strokeWidth={3} />
      <ellipse cx={32} cy={46} rx={6} ry={10} fill="#fff" opacity={0.45} />
    </g>
  );
}

function Bar() {
  return (
    <g>
      <rect x={6} y={28} width={88} height={44} rx={8} fill="#212121" stroke="#ffca28" strokeWidth={5} />
      <text x={50} y={62} textAnchor="middle" fontSize={30} fontWeight={900} fill="#ffca28" fontFamily="Arial Black, Impact, sans-serif" letterSpacing={1}>
        BAR
      </text>
    </g>
  );
}

function Bell() {
  return (
    <g>
      <circle cx={50} cy={14} r={6} fill="#f9a825" {...OUTLINE} />
      <path d="M50 18 C30 18 26 36 26 50 C26 62 20 68 12 74 L88 74 C80 68 74 62 74 50 C74 36 70 18 50 18 Z" fill="#fbc02d" {...OUTLINE} />
      <rect x={10} y={72} width={80} height={10} rx={5} fill="#f9a825" {...OUTLINE} />
      <circle cx={50} cy={88} r={8} fill="#f57f17" {...OUTLINE} />
      <path d="M36 34 C34 42 34 52 34 60" fill="none" stroke="#fff" strokeWidth={5} strokeLinecap="round" opacity={0.6} />
    </g>
  );
}

function Seven() {
  return (
    <g>
      <path d="M16 10 H88 V26 C70 44 60 64 56 92 H32 C36 66 48 46 64 30 H16 Z" fill="#e53935" stroke="#ffd54f" strokeWidth={5} strokeLinejoin="round" />
      <path d="M22 16 H80" stroke="#fff" strokeWidth={4} strokeLinecap="round" opacity={0.55} />
    </g>
  );
}

function Wild() {
  return (
    <g>
      <path d="M50 4 L62 36 L96 37 L69 58 L79 92 L50 72 L21 92 L31 58 L4 37 L38 36 Z" fill="#8e24aa" stroke="#ffd54f" strokeWidth={4} strokeLinejoin="round" />
      <rect x={12} y={46} width={76} height={22} rx={6} fill="#ffd54f" stroke="#4a148c" strokeWidth={2} />
      <text x={50} y={63} textAnchor="middle" fontSize={17} fontWeight={900} fill="#4a148c" fontFamily="Arial Black, Impact, sans-serif">
        WILD
      </text>
    </g>
  );
}

const SHAPES: Record<string, () => ReactElement> = { CHERRY: Cherry, LEMON: Lemon, PLUM: Plum, BAR: Bar, BELL: Bell, "7": Seven, W: Wild };
export const SLOT_SYMBOL_CODES = Object.keys(SHAPES);

/** A symbol's drawing as an SVG group in a 100 × 100 box (an unknown code: a plain gold coin). */
export function SymbolShape({ code }: { code: string }) {
  const Shape = SHAPES[code];
  return Shape ? <Shape /> : <circle cx={50} cy={50} r={40} fill="#ffca28" stroke="#3b1d08" strokeWidth={3} />;
}

/** A symbol on its own, an image named in the player's language. */
export function SlotSymbol({ code, label, className }: { code: string; label: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 100 100" role="img" aria-label={label} data-symbol={code}>
      <title>{label}</title>
      <SymbolShape code={code} />
    </svg>
  );
}

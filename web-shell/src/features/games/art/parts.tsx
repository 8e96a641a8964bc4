/** Small drawings the game art's motifs share: coins, casino chips, sparkles, lottery balls, a die's face. */
import type { ArtPlan } from "./plan";

/** The art's gradient ids (unique on the page) and its plan. */
export interface MotifProps {
  plan: ArtPlan;
  ids: { gold: string; shine: string; clip: string };
}

export function Coin({ x, y, r, gold }: { x: number; y: number; r: number; gold: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={`url(#${gold})`} stroke="#8a5a00" strokeWidth={r / 8} />
      <circle cx={x} cy={y} r={r * 0.66} fill="none" stroke="#fff3c4" strokeWidth={r / 10} opacity={0.8} />
      <path d={`M${x - r * 0.3} ${y - r * 0.55} L${x + r * 0.1} ${y - r * 0.15}`} stroke="#fff" strokeWidth={r / 6} strokeLinecap="round" opacity={0.7} />
    </g>
  );
}

export function Chip({ x, y, r, colour }: { x: number; y: number; r: number; colour: string }) {
  const dash = (2 * Math.PI * r * 0.82) / 12;
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={colour} stroke="#1b1b1f" strokeWidth={1.2} />
      <circle cx={x} cy={y} r={r * 0.82} fill="none" stroke="#fff" strokeWidth={r * 0.22} strokeDasharray={`${dash * 0.5} ${dash * 0.5}`} />
      <circle cx={x} cy={y} r={r * 0.5} fill="#fff" opacity={0.92} />
      <circle cx={x} cy={y} r={r * 0.36} fill="none" stroke={colour} strokeWidth={r * 0.08} />
    </g>
  );
}

/** A stack of chips seen from the side, ``count`` high. */
export function ChipStack({ x, y, colour, count }: { x: number; y: number; colour: string; count: number }) {
  return (
    <g>
      {Array.from({ length: count }, (_, index) => (
        <g key={index}>
          <ellipse cx={x} cy={y - index * 5} rx={14} ry={5} fill={colour} stroke="#1b1b1f" strokeWidth={1} />
          <path d={`M${x - 6} ${y - index * 5 + 4.6} v-3 M${x + 6} ${y - index * 5 + 4.6} v-3`} stroke="#fff" strokeWidth={2} />
        </g>
      ))}
      <ellipse cx={x} cy={y - (count - 1) * 5} rx={9} ry={3} fill="none" stroke="#fff" strokeWidth={1.5} strokeDasharray="3 2" />
    </g>
  );
}

export function Sparkle({ x, y, size }: { x: number; y: number; size: number }) {
  const s = size;
  return <path d={`M${x} ${y - s} L${x + s * 0.25} ${y - s * 0.25} L${x + s} ${y} L${x + s * 0.25} ${y + s * 0.25} L${x} ${y + s} L${x - s * 0.25} ${y + s * 0.25} L${x - s} ${y} L${x - s * 0.25} ${y - s * 0.25} Z`} fill="#fff" opacity={0.9} />;
}

export const BALL_COLOURS = ["#e53935", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#fdd835"];

export function Ball({ x, y, r, colour, number, shine }: { x: number; y: number; r: number; colour: string; number: number; shine: string }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={colour} stroke="rgb(0 0 0 / 35%)" strokeWidth={1.5} />
      <circle cx={x} cy={y} r={r * 0.56} fill="#fff" />
      <text x={x} y={y + r * 0.22} textAnchor="middle" fontSize={r * 0.62} fontWeight={800} fill="#1b1b1f" fontFamily="Arial, sans-serif">
        {String(number).padStart(2, "0")}
      </text>
      <circle cx={x} cy={y} r={r} fill={`url(#${shine})`} />
    </g>
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** A die showing ``face`` (1–6), ``size`` wide, centred at (x, y) and turned ``turn`` degrees. */
export function Die({ x, y, size, face, turn }: { x: number; y: number; size: number; face: number; turn: number }) {
  const step = size * 0.27;
  return (
    <g transform={`rotate(${turn} ${x} ${y})`}>
      <rect x={x - size / 2 + 3} y={y - size / 2 + 5} width={size} height={size} rx={size * 0.18} fill="rgb(0 0 0 / 30%)" />
      <rect x={x - size / 2} y={y - size / 2} width={size} height={size} rx={size * 0.18} fill="#fafafa" stroke="#9e9e9e" strokeWidth={1.5} />
      {(PIPS[face] ?? PIPS[1] ?? []).map(([dx, dy], index) => (
        <circle key={index} cx={x + dx * step} cy={y + dy * step} r={size * 0.09} fill={face === 1 ? "#d32f2f" : "#1b1b1f"} />
      ))}
    </g>
  );
}

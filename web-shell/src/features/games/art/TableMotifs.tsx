/** The table games' motifs: a roulette wheel, cards and chips on the felt, a fan of cards, dice. */
import { CardShape } from "./PlayingCard";
import { Chip, ChipStack, Die, Sparkle, type MotifProps } from "./parts";

const RANKS = ["A", "K", "Q", "J", "10", "9", "7"];
const SUITS = ["S", "H", "D", "C"];
const CHIPS = ["#c62828", "#1565c0", "#2e7d32", "#212121", "#6a1b9a"];

function cardCode(pick: number): string {
  return `${RANKS[pick % RANKS.length]}${SUITS[Math.floor(pick / 7) % SUITS.length]}`;
}

function Card({ code, x, y, turn, scale }: { code: string; x: number; y: number; turn: number; scale: number }) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${turn}) scale(${scale}) translate(-30 -42)`}>
      <rect x={3} y={5} width={58} height={82} rx={6} fill="rgb(0 0 0 / 30%)" />
      <CardShape code={code} />
    </g>
  );
}

export function RouletteMotif({ plan, ids }: MotifProps) {
  const segments = 18;
  const cx = 100;
  const cy = 82;
  const point = (r: number, index: number) => {
    const angle = (index / segments) * 2 * Math.PI - Math.PI / 2;
    return `${(cx + r * Math.cos(angle)).toFixed(1)} ${(cy + r * Math.sin(angle)).toFixed(1)}`;
  };
  const ball = ((plan.picks[0] ?? 0) % segments) + 0.5;
  return (
    <g>
      <circle cx={cx} cy={cy} r={62} fill={`url(#${ids.gold})`} stroke="#4e2a00" strokeWidth={3} />
      <circle cx={cx} cy={cy} r={54} fill="#3e2212" />
      {Array.from({ length: segments }, (_, index) => (
        <path key={index} d={`M${cx} ${cy} L${point(50, index)} A50 50 0 0 1 ${point(50, index + 1)} Z`} fill={index === 0 ? "#2e7d32" : index % 2 ? "#c62828" : "#1b1b1f"} stroke="#d4af37" strokeWidth={0.8} />
      ))}
      <circle cx={cx} cy={cy} r={28} fill="#5d3a1a" stroke="#d4af37" strokeWidth={2} />
      <circle cx={cx} cy={cy} r={16} fill={`url(#${ids.gold})`} />
      <path d={`M${cx - 14} ${cy} H${cx + 14} M${cx} ${cy - 14} V${cy + 14}`} stroke="#6d4300" strokeWidth={4} strokeLinecap="round" />
      <circle cx={Number(point(42, ball).split(" ")[0])} cy={Number(point(42, ball).split(" ")[1])} r={5} fill="#fff" stroke="#9e9e9e" />
      <Chip x={34} y={128} r={16} colour={CHIPS[(plan.picks[1] ?? 0) % CHIPS.length] ?? "#c62828"} />
      <Chip x={168} y={124} r={13} colour={CHIPS[(plan.picks[2] ?? 1) % CHIPS.length] ?? "#1565c0"} />
    </g>
  );
}

export function TableMotif({ plan }: MotifProps) {
  const colour = (index: number) => CHIPS[(plan.picks[index] ?? index) % CHIPS.length] ?? "#c62828";
  return (
    <g>
      <ellipse cx={100} cy={132} rx={96} ry={26} fill="#1b5e20" stroke="#d4af37" strokeWidth={3} />
      <Card code={cardCode(plan.picks[0] ?? 0)} x={80} y={80} turn={-12} scale={0.95} />
      <Card code={cardCode(plan.picks[1] ?? 5)} x={120} y={78} turn={10} scale={0.95} />
      <ChipStack x={36} y={134} colour={colour(2)} count={4} />
      <ChipStack x={164} y={136} colour={colour(3)} count={6} />
      <Chip x={100} y={136} r={12} colour={colour(4)} />
      <Sparkle x={160} y={40} size={8} />
    </g>
  );
}

export function CardsMotif({ plan }: MotifProps) {
  const turns = plan.variant === 2 ? [-16, 0, 16] : [-27, -9, 9, 27];
  return (
    <g>
      {turns.map((turn, index) => (
        <g key={turn} transform={`rotate(${turn} 100 150)`}>
          <Card code={cardCode(plan.picks[index] ?? index)} x={100} y={76} turn={0} scale={0.98} />
        </g>
      ))}
      <Chip x={40} y={126} r={15} colour={CHIPS[(plan.picks[4] ?? 0) % CHIPS.length] ?? "#c62828"} />
      <Sparkle x={164} y={42} size={9} />
    </g>
  );
}

export function DiceMotif({ plan, ids }: MotifProps) {
  const face = (index: number) => ((plan.picks[index] ?? index) % 6) + 1;
  return (
    <g>
      <ellipse cx={100} cy={130} rx={80} ry={14} fill="rgb(0 0 0 / 25%)" />
      <Die x={72} y={88} size={56} face={face(0)} turn={-14 + plan.turn / 2} />
      <Die x={130} y={76} size={50} face={face(1)} turn={16} />
      <Chip x={160} y={124} r={13} colour={CHIPS[(plan.picks[2] ?? 0) % CHIPS.length] ?? "#c62828"} />
      <circle cx={40} cy={40} r={6} fill={`url(#${ids.gold})`} />
      <Sparkle x={160} y={40} size={8} />
    </g>
  );
}

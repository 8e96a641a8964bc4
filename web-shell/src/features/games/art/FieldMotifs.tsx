/** The other categories' motifs: fish in the waves, a football, a game pad, a rooster, lottery balls. */
import { Ball, BALL_COLOURS, Sparkle, type MotifProps } from "./parts";

function Fish({ x, y, size, colour, flip }: { x: number; y: number; size: number; colour: string; flip: boolean }) {
  const s = size / 100;
  return (
    <g transform={`translate(${x} ${y}) scale(${flip ? -s : s} ${s})`}>
      <path d="M30 0 L58 -26 L52 0 L58 26 Z" fill={colour} stroke="#1b1b1f" strokeWidth={3} strokeLinejoin="round" />
      <path d="M-50 0 C-36 -34 10 -36 36 0 C10 36 -36 34 -50 0 Z" fill={colour} stroke="#1b1b1f" strokeWidth={3} />
      <path d="M-6 -30 C4 -44 20 -40 22 -22 Z" fill={colour} stroke="#1b1b1f" strokeWidth={3} />
      <path d="M-8 -16 C-2 -6 -2 6 -8 16 M6 -14 C12 -4 12 4 6 14" fill="none" stroke="rgb(0 0 0 / 30%)" strokeWidth={3} />
      <circle cx={-30} cy={-6} r={8} fill="#fff" stroke="#1b1b1f" strokeWidth={2} />
      <circle cx={-32} cy={-6} r={4} fill="#1b1b1f" />
      <path d="M-40 -18 C-28 -28 -10 -28 4 -22" fill="none" stroke="#fff" strokeWidth={4} strokeLinecap="round" opacity={0.6} />
    </g>
  );
}

export function FishMotif({ plan }: MotifProps) {
  const colour = `hsl(${(plan.hue + 180) % 360} 90% 58%)`;
  const second = `hsl(${(plan.hue + 120) % 360} 85% 62%)`;
  return (
    <g>
      <path d="M0 40 L30 0 H50 L20 40 Z M70 0 H84 L60 50 H48 Z M120 0 H130 L110 60 H102 Z" fill="#fff" opacity={0.08} />
      <Fish x={96} y={80} size={104} colour={colour} flip={plan.mirror} />
      <Fish x={plan.mirror ? 40 : 160} y={40} size={44} colour={second} flip={!plan.mirror} />
      <Fish x={plan.mirror ? 168 : 34} y={118} size={36} colour={second} flip={plan.mirror} />
      {[[150, 110, 5], [160, 94, 3], [44, 70, 4], [52, 56, 2.5]].map(([x = 0, y = 0, r = 2]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={r} fill="none" stroke="#fff" strokeWidth={1.5} opacity={0.8} />
      ))}
      <path d="M0 132 Q25 120 50 132 T100 132 T150 132 T200 132 V150 H0 Z" fill="#fff" opacity={0.25} />
    </g>
  );
}

export function SportsMotif({ ids }: MotifProps) {
  const pentagon = (cx: number, cy: number, r: number) =>
    Array.from({ length: 5 }, (_, index) => {
      const angle = (index / 5) * 2 * Math.PI - Math.PI / 2;
      return `${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`;
    }).join(" ");
  const around = Array.from({ length: 5 }, (_, index) => (index / 5) * 2 * Math.PI - Math.PI / 2 + Math.PI / 5);
  return (
    <g>
      <path d="M10 140 H190 M100 140 V40 M60 140 A40 40 0 0 1 140 140" fill="none" stroke="#fff" strokeWidth={3} opacity={0.25} />
      <path d="M20 70 H52 M12 86 H48 M24 102 H54" stroke="#fff" strokeWidth={4} strokeLinecap="round" opacity={0.6} />
      <clipPath id={ids.clip}>
        <circle cx={112} cy={84} r={46} />
      </clipPath>
      <circle cx={112} cy={84} r={46} fill="#fafafa" stroke="#1b1b1f" strokeWidth={3} />
      <g clipPath={`url(#${ids.clip})`}>
        <polygon points={pentagon(112, 84, 15)} fill="#1b1b1f" />
        {around.map((angle) => (
          <g key={angle}>
            <path d={`M${112 + 15 * Math.cos(angle)} ${84 + 15 * Math.sin(angle)} L${112 + 34 * Math.cos(angle)} ${84 + 34 * Math.sin(angle)}`} stroke="#1b1b1f" strokeWidth={2.5} />
            <polygon points={pentagon(112 + 46 * Math.cos(angle), 84 + 46 * Math.sin(angle), 14)} fill="#1b1b1f" />
          </g>
        ))}
      </g>
      <circle cx={112} cy={84} r={46} fill={`url(#${ids.shine})`} />
    </g>
  );
}

export function EsportsMotif({ plan }: MotifProps) {
  const neon = `hsl(${(plan.hue + 160) % 360} 100% 62%)`;
  return (
    <g>
      <polygon points="100,22 150,50 150,112 100,140 50,112 50,50" fill="none" stroke={neon} strokeWidth={3} opacity={0.8} />
      <path d="M40 62 C40 50 52 46 64 48 H136 C148 46 160 50 160 62 L172 112 C176 128 160 136 148 126 L128 104 H72 L52 126 C40 136 24 128 28 112 Z" fill="#263238" stroke={neon} strokeWidth={3} strokeLinejoin="round" />
      <path d="M62 66 V90 M50 78 H74" stroke="#eceff1" strokeWidth={8} strokeLinecap="round" />
      {[[140, 68, "#ffd54f"], [152, 80, "#ef5350"], [128, 80, "#42a5f5"], [140, 92, "#66bb6a"]].map(([x, y, fill]) => (
        <circle key={String(fill)} cx={Number(x)} cy={Number(y)} r={6} fill={String(fill)} />
      ))}
      <circle cx={86} cy={96} r={8} fill="#455a64" stroke="#90a4ae" strokeWidth={2} />
      <circle cx={114} cy={96} r={8} fill="#455a64" stroke="#90a4ae" strokeWidth={2} />
      <path d="M104 14 L88 44 H100 L92 64 L116 32 H104 Z" fill="#ffd54f" stroke="#1b1b1f" strokeWidth={2} />
    </g>
  );
}

export function CockfightMotif({ plan, ids }: MotifProps) {
  const tail = `hsl(${(plan.hue + 150) % 360} 70% 32%)`;
  return (
    <g transform={plan.mirror ? "translate(200 0) scale(-1 1)" : undefined}>
      <ellipse cx={100} cy={136} rx={84} ry={12} fill={`url(#${ids.gold})`} opacity={0.5} />
      <path d="M86 86 C60 40 30 36 22 60 C40 52 54 62 60 80 M84 92 C50 70 24 84 26 106 C42 90 58 94 70 104" fill={tail} stroke="#1b1b1f" strokeWidth={3} strokeLinejoin="round" />
      <path d="M70 92 C70 70 96 62 116 72 L130 52 C134 40 150 38 156 50 C162 62 152 72 146 80 C150 104 132 124 106 124 C84 124 70 110 70 92 Z" fill="#e65100" stroke="#1b1b1f" strokeWidth={3} strokeLinejoin="round" />
      <path d="M88 92 C96 104 116 108 128 98 C120 116 96 118 88 92 Z" fill="#8d2a00" />
      <path d="M136 42 C136 32 144 30 146 38 C148 28 156 28 156 38 C160 32 166 36 162 44 Z" fill="#d50000" stroke="#1b1b1f" strokeWidth={2} />
      <path d="M158 52 L172 56 L158 60 Z" fill="#ffb300" stroke="#1b1b1f" strokeWidth={2} />
      <path d="M154 62 C158 70 152 76 148 70 Z" fill="#d50000" stroke="#1b1b1f" strokeWidth={1.5} />
      <circle cx={149} cy={50} r={3.5} fill="#fff" stroke="#1b1b1f" strokeWidth={1.5} />
      <path d="M98 122 L94 138 M112 122 L116 138 M94 138 H86 M116 138 H126" stroke="#ffb300" strokeWidth={4} strokeLinecap="round" />
      <Sparkle x={40} y={30} size={8} />
    </g>
  );
}

export function LotteryMotif({ plan, ids }: MotifProps) {
  const spots = [[50, 96, 26], [100, 74, 32], [150, 96, 26], [72, 130, 18], [128, 130, 18]];
  return (
    <g>
      {spots.map(([x = 0, y = 0, r = 0], index) => (
        <Ball key={index} x={x} y={y} r={r} colour={BALL_COLOURS[((plan.picks[index] ?? 0) + index) % BALL_COLOURS.length] ?? "#e53935"} number={((plan.picks[index] ?? index) % 49) + 1} shine={ids.shine} />
      ))}
      <Sparkle x={40} y={46} size={8} />
      <Sparkle x={164} y={50} size={6} />
    </g>
  );
}

/** The slots' motifs: a slot machine, a row of symbols, one big symbol, a jackpot crown and a scratch card. */
import { Coin, Sparkle, type MotifProps } from "./parts";
import { SLOT_SYMBOL_CODES, SymbolShape } from "./SlotSymbols";

function symbolAt(plan: MotifProps["plan"], index: number): string {
  return SLOT_SYMBOL_CODES[(plan.picks[index] ?? 0) % SLOT_SYMBOL_CODES.length] ?? "7";
}

function Placed({ code, x, y, size }: { code: string; x: number; y: number; size: number }) {
  return (
    <g transform={`translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})`}>
      <SymbolShape code={code} />
    </g>
  );
}

function Machine({ plan, ids }: MotifProps) {
  const triple = (plan.picks[3] ?? 0) % 3 === 0;
  const codes = [0, 1, 2].map((index) => (triple ? symbolAt(plan, 0) : symbolAt(plan, index)));
  return (
    <g>
      <path d="M46 46 Q100 4 154 46 Z" fill={`url(#${ids.gold})`} stroke="#6d4300" strokeWidth={2} />
      {[0, 1, 2, 3, 4, 5, 6].map((index) => (
        <circle key={index} cx={58 + index * 14} cy={42 - Math.sin((index / 6) * Math.PI) * 16} r={3} fill={index % 2 ? "#fff59d" : "#ff5252"} />
      ))}
      <rect x={40} y={44} width={120} height={92} rx={14} fill={`url(#${ids.gold})`} stroke="#6d4300" strokeWidth={2.5} />
      <rect x={48} y={56} width={104} height={52} rx={8} fill="#2b1600" />
      {codes.map((code, index) => (
        <g key={index}>
          <rect x={52 + index * 33} y={60} width={30} height={44} rx={5} fill="#fffdf5" />
          <Placed code={code} x={67 + index * 33} y={82} size={26} />
        </g>
      ))}
      <rect x={64} y={116} width={72} height={10} rx={5} fill="#6d4300" />
      <path d="M160 92 L176 92 L176 60" fill="none" stroke="#9e9e9e" strokeWidth={5} strokeLinecap="round" />
      <circle cx={176} cy={54} r={8} fill="#e53935" stroke="#7f0000" strokeWidth={2} />
    </g>
  );
}

function Row({ plan, ids }: MotifProps) {
  const codes = [0, 1, 2].map((index) => symbolAt(plan, index));
  return (
    <g>
      <rect x={14} y={50} width={172} height={70} rx={16} fill="rgb(0 0 0 / 35%)" stroke={`url(#${ids.gold})`} strokeWidth={4} />
      {codes.map((code, index) => (
        <Placed key={index} code={code} x={44 + index * 56} y={85} size={index === 1 ? 62 : 50} />
      ))}
      <Coin x={30} y={40} r={11} gold={ids.gold} />
      <Coin x={172} y={128} r={9} gold={ids.gold} />
      <Sparkle x={160} y={36} size={9} />
    </g>
  );
}

function Big({ plan, ids }: MotifProps) {
  return (
    <g>
      <circle cx={100} cy={82} r={56} fill="rgb(255 255 255 / 14%)" />
      <Placed code={symbolAt(plan, 0)} x={100} y={82} size={92} />
      <Coin x={40} y={118} r={13} gold={ids.gold} />
      <Coin x={160} y={52} r={10} gold={ids.gold} />
      <Coin x={150} y={122} r={8} gold={ids.gold} />
      <Sparkle x={44} y={44} size={10} />
      <Sparkle x={168} y={96} size={6} />
    </g>
  );
}

export function SlotsMotif(props: MotifProps) {
  const Variant = [Machine, Row, Big][props.plan.variant] ?? Machine;
  return <Variant {...props} />;
}

const GEMS = ["#e53935", "#1e88e5", "#43a047", "#8e24aa"];

export function JackpotMotif({ plan, ids }: MotifProps) {
  return (
    <g>
      <path d="M44 96 L36 42 L70 68 L100 30 L130 68 L164 42 L156 96 Z" fill={`url(#${ids.gold})`} stroke="#6d4300" strokeWidth={3} strokeLinejoin="round" />
      <rect x={42} y={94} width={116} height={18} rx={4} fill={`url(#${ids.gold})`} stroke="#6d4300" strokeWidth={3} />
      {[36, 100, 164].map((x, index) => (
        <circle key={x} cx={x} cy={[42, 30, 42][index]} r={7} fill={GEMS[(plan.picks[index] ?? 0) % GEMS.length]} stroke="#fff" strokeWidth={2} />
      ))}
      {[62, 100, 138].map((x, index) => (
        <path key={x} d={`M${x} 112 l12 12 l-12 14 l-12 -14 Z`} fill={GEMS[(index + (plan.picks[3] ?? 0)) % GEMS.length]} stroke="#fff" strokeWidth={2} />
      ))}
      <Sparkle x={100} y={74} size={12} />
      <Sparkle x={30} y={120} size={7} />
      <Sparkle x={174} y={118} size={7} />
    </g>
  );
}

export function ScratchMotif({ plan, ids }: MotifProps) {
  return (
    <g transform="rotate(-8 100 84)">
      <rect x={30} y={34} width={140} height={96} rx={10} fill="#fffdf5" stroke="#6d4300" strokeWidth={3} strokeDasharray="8 4" />
      <rect x={42} y={48} width={116} height={68} rx={8} fill="#b0bec5" />
      {[0, 1].map((index) => (
        <g key={index}>
          <rect x={44 + index * 38} y={50} width={36} height={64} fill="#fff8e1" />
          <Placed code={symbolAt(plan, index)} x={62 + index * 38} y={82} size={30} />
        </g>
      ))}
      <path d="M124 56 l20 8 M122 70 l26 10 M124 86 l22 8" stroke="#cfd8dc" strokeWidth={5} strokeLinecap="round" />
      <Coin x={150} y={122} r={16} gold={ids.gold} />
    </g>
  );
}

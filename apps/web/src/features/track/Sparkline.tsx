import type { TrackCall } from '@kolscope/contract';
import { sparkShape } from './sparkline';

const W = 96;
const H = 32;

/** The price after a call, with the entry marked by a dot; nothing while no path exists. */
export function Sparkline({ call, label }: { call: TrackCall; label: string }) {
  const shape = sparkShape(call.path, { ct: call.entryCt, price: call.entryPrice }, W, H, 3);
  if (!shape.points) return null;
  const tone = shape.rising ? 'up' : 'down';
  return (
    <svg
      className={`track-spark track-spark--${tone}`}
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="img"
      aria-label={label}
      data-testid="call-sparkline"
    >
      <polyline points={shape.points} fill="none" strokeWidth="1.5" strokeLinejoin="round" />
      {shape.entry && (
        <circle className="track-spark__entry" cx={shape.entry.x} cy={shape.entry.y} r="2.5" data-testid="call-entry" />
      )}
    </svg>
  );
}

/**
 * Reads a Chromium trace of the scroll (bench/web-scroll.bench.ts, BENCH_TRACE=1): the renderer
 * main thread's tasks longer than one frame, and what took their time, summed by event name.
 * Nested events overlap their parents, so the sums tell where to look, not a budget that adds up.
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const LONG_US = 16_700;

export function summariseLongFrames(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): string {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`) && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_US);
  const inside = new Map<string, { total: number; count: number }>();
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    for (const e of onMain) {
      if (e === task || e.name === 'RunTask' || e.ts < task.ts || e.ts >= end) continue;
      const s = inside.get(e.name) ?? { total: 0, count: 0 };
      s.total += (e.dur ?? 0) / 1000;
      s.count += 1;
      inside.set(e.name, s);
    }
  }
  const top = [...inside]
    .sort((a, b) => b[1].total - a[1].total)
    .slice(0, 15)
    .map(([name, s]) => `    ${name.padEnd(40)} ${s.total.toFixed(1).padStart(8)} ms in ${s.count}`);
  const lengths = tasks.map((t) => ((t.dur ?? 0) / 1000).toFixed(1)).join(', ');
  return [`main-thread tasks over ${LONG_US / 1000} ms: ${tasks.length} (${lengths})`, ...top].join('\n');
}

/**
 * Bench-only hooks into a conversion. A benchmark sets `globalThis.__convertBench` in a media worker through
 * DevTools (bench/jpeg-stages.bench.ts, bench/avif-threads.bench.ts); the app never sets it. Without it a
 * conversion keeps its few stage times (a performance.now() per stage) to itself and drops them.
 */
export interface StageTime {
  name: string;
  format: string;
  stage: string;
  ms: number;
}

interface BenchHooks {
  /** Each conversion's stage times, appended when it ends. */
  stages?: StageTime[];
  /** Each conversion's output (a bench hashes it to check that a change kept the bytes). */
  outputs?: Array<{ name: string; blob: Blob }>;
  /** AVIF encoder options over the converter's own (an experiment's tiling). */
  avif?: { tileColsLog2?: number; tileRowsLog2?: number };
}

const hooks = (): BenchHooks | undefined => (globalThis as { __convertBench?: BenchHooks }).__convertBench;

/** Times a conversion's stages: `lap(stage)` ends the stage running since the last lap. */
export function stageTimer(name: string, format: string): { lap: (stage: string) => void; done: (output: Blob) => void } {
  const laps: Array<[string, number]> = [];
  let last = performance.now();
  return {
    lap(stage) {
      const now = performance.now();
      laps.push([stage, now - last]);
      last = now;
    },
    done(output) {
      const bench = hooks();
      if (!bench) return;
      for (const [stage, ms] of laps) bench.stages?.push({ name, format, stage, ms });
      bench.outputs?.push({ name, blob: output });
    },
  };
}

export const benchAvifOptions = (): { tileColsLog2?: number; tileRowsLog2?: number } => hooks()?.avif ?? {};

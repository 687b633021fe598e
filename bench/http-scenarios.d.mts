// Types of bench/http-scenarios.mjs (plain JavaScript, run by Node without a build step).
export const API: string;

export interface Target {
  ratio?: number;
  p99Ms?: number;
  rps?: number;
}

export interface Scenario {
  name: string;
  /** One URL asked again and again. */
  paths?: string[];
  /** Many URLs, each asked once. */
  distinct?: string[];
  target?: Target;
  note?: string;
  connections?: number;
  refusals?: string;
  /** Seconds of each server's warm-up run, when longer than the run's --warmup. */
  warmup?: number;
}

export function scenariosFor(file: string, options?: { distinctPerSlice?: number; slices?: number }): Record<string, Scenario[]>;

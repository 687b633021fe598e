// The one rule of the settings that move work to another thread (`--build-workers`, `--scan-threads`):
// `on` for work of at least a given size (below it, handing the work over costs more than it saves),
// `always` whatever the size (tests run the threaded path on small data), `off` never.
export type ThreadMode = 'on' | 'off' | 'always';

/** Whether work of `size` runs on another thread under `mode`, `from` being the size `on` starts at. */
export const usesThreads = (mode: ThreadMode | undefined, size: number, from: number): boolean =>
  mode === 'always' || (mode === 'on' && size >= from);

// At most N requests in flight per host: publishers are small public servers and we are a bot.
export class HostLimit {
  private active = new Map<string, number>();
  private waiting = new Map<string, Array<() => void>>();
  /** Highest concurrency seen per host, for the tests and the report. */
  readonly peak = new Map<string, number>();

  constructor(private readonly perHost: number) {}

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    while ((this.active.get(host) ?? 0) >= this.perHost) {
      await new Promise<void>((resolve) => this.waiting.set(host, [...(this.waiting.get(host) ?? []), resolve]));
    }
    const now = (this.active.get(host) ?? 0) + 1;
    this.active.set(host, now);
    this.peak.set(host, Math.max(this.peak.get(host) ?? 0, now));
    try {
      return await task();
    } finally {
      this.active.set(host, (this.active.get(host) ?? 1) - 1);
      const next = this.waiting.get(host)?.shift();
      next?.();
    }
  }
}

// At most N requests in flight per host, started at least `spacingMs` apart, and none while the
// host has asked us to wait (Retry-After): publishers are small public servers and we are a bot.
export class HostLimit {
  private active = new Map<string, number>();
  /** Per host, waiters of required sources first, then the rest, each in arrival order. */
  private waiting = new Map<string, { urgent: Array<() => void>; rest: Array<() => void> }>();
  /** Earliest time (ms since epoch) the next request to a host may start. */
  private nextStart = new Map<string, number>();
  /** Highest concurrency seen per host, for the tests and the report. */
  readonly peak = new Map<string, number>();

  constructor(
    private readonly perHost: number,
    private readonly spacingMs = 0,
    private readonly sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
  ) {}

  /** The host said Retry-After: no request to it starts before `ms` from now. */
  pause(host: string, ms: number): void {
    this.nextStart.set(host, Math.max(this.nextStart.get(host) ?? 0, Date.now() + ms));
  }

  /** Waits for this host's next start slot and claims it: called before every attempt, retries included. */
  async spaced(host: string): Promise<void> {
    for (;;) {
      const wait = (this.nextStart.get(host) ?? 0) - Date.now();
      if (wait <= 0) break;
      await this.sleep(wait);
    }
    this.nextStart.set(host, Date.now() + this.spacingMs);
  }

  /** Runs `task` within the host's limit; an `urgent` one (a required source's) is started before
   *  every waiting one that is not, so thousands of optional files never hold a required one back. */
  async run<T>(host: string, task: () => Promise<T>, urgent = false): Promise<T> {
    while ((this.active.get(host) ?? 0) >= this.perHost) {
      let queue = this.waiting.get(host);
      if (!queue) this.waiting.set(host, (queue = { urgent: [], rest: [] }));
      const line = urgent ? queue.urgent : queue.rest;
      await new Promise<void>((resolve) => line.push(resolve));
    }
    const now = (this.active.get(host) ?? 0) + 1;
    this.active.set(host, now);
    this.peak.set(host, Math.max(this.peak.get(host) ?? 0, now));
    try {
      return await task();
    } finally {
      this.active.set(host, (this.active.get(host) ?? 1) - 1);
      const queue = this.waiting.get(host);
      const next = queue?.urgent.shift() ?? queue?.rest.shift();
      next?.();
    }
  }
}

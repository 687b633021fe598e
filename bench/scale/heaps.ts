// Heaps' law V(n) = K·n^β (distinct terms after n terms of running text): measured on a corpus
// and fitted by least squares in log-log space, and the expected vocabulary of a Zipf tail.

export interface HeapsFit {
  K: number;
  beta: number;
}

/** Distinct items after each `every` items of the stream: [n, V(n)] points, geometric spacing. */
export class VocabularyCurve {
  private seen = new Set<string>();
  private n = 0;
  private next = 1000;
  readonly points: Array<[number, number]> = [];
  add(term: string): void {
    this.seen.add(term);
    if (++this.n >= this.next) {
      this.points.push([this.n, this.seen.size]);
      this.next = Math.ceil(this.next * 1.25);
    }
  }
  get terms() {
    return this.n;
  }
  get distinct() {
    return this.seen.size;
  }
  /** The fit over the last half of the points (the early ones are dominated by the commonest words). */
  fit(): HeapsFit {
    const pts = [...this.points, [this.n, this.seen.size] as [number, number]].slice(Math.floor(this.points.length / 2));
    const xs = pts.map(([n]) => Math.log(n)),
      ys = pts.map(([, v]) => Math.log(v));
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length,
      my = ys.reduce((a, b) => a + b, 0) / ys.length;
    let sxy = 0,
      sxx = 0;
    for (let i = 0; i < xs.length; i++) {
      sxy += (xs[i] - mx) * (ys[i] - my);
      sxx += (xs[i] - mx) ** 2;
    }
    const beta = sxx ? sxy / sxx : 1;
    return { K: Math.exp(my - beta * mx), beta };
  }
}

/** Expected distinct ranks among m draws of zipfRank(a, q): ∫_q^∞ 1 - exp(-m·(a-1)·q^(a-1)·r^-a) dr,
 *  numerically in log space (r = q·e^t). */
export function tailVocabulary(m: number, a: number, q: number): number {
  const c = m * (a - 1) * q ** (a - 1);
  let v = 0;
  const dt = 0.2;
  for (let t = dt / 2; t < 40; t += dt) {
    const r = q * Math.exp(t);
    v += -Math.expm1(-c * r ** -a) * r * dt;
  }
  return v;
}

/** Expected distinct words among m draws from an empirical distribution (counts of each word). */
export function empiricalVocabulary(counts: number[], total: number, m: number): number {
  let v = 0;
  for (const c of counts) v += 1 - Math.exp(m * Math.log1p(-c / total));
  return v;
}

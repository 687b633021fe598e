// Weighted counts of (row, column) pairs in an open-addressing hash table of typed arrays: a Map
// keyed by pair would need ~100 bytes an entry and box every number; this needs 12.

export class PairCounts {
  private rows: Int32Array;
  private cols: Int32Array;
  private vals: Float32Array;
  private mask: number;
  size = 0;

  constructor(capacityPow2 = 1 << 20) {
    this.rows = new Int32Array(capacityPow2).fill(-1);
    this.cols = new Int32Array(capacityPow2);
    this.vals = new Float32Array(capacityPow2);
    this.mask = capacityPow2 - 1;
  }

  add(r: number, c: number, v: number): void {
    let h = (Math.imul(r, 0x9e3779b1) ^ Math.imul(c + 0x7f4a7c15, 0x85ebca77)) >>> 0;
    h = (h ^ (h >>> 15)) & this.mask;
    const rows = this.rows;
    for (;;) {
      const k = rows[h];
      if (k === -1) break;
      if (k === r && this.cols[h] === c) {
        this.vals[h] += v;
        return;
      }
      h = (h + 1) & this.mask;
    }
    rows[h] = r;
    this.cols[h] = c;
    this.vals[h] = v;
    if (++this.size * 10 > rows.length * 6) this.grow();
  }

  private grow(): void {
    const { rows, cols, vals } = this;
    this.rows = new Int32Array(rows.length * 2).fill(-1);
    this.cols = new Int32Array(rows.length * 2);
    this.vals = new Float32Array(rows.length * 2);
    this.mask = rows.length * 2 - 1;
    this.size = 0;
    for (let i = 0; i < rows.length; i++) if (rows[i] !== -1) this.add(rows[i], cols[i], vals[i]);
  }

  /** Visits every pair; order is the table's, which depends only on the insertion sequence. */
  forEach(fn: (r: number, c: number, v: number) => void): void {
    const { rows, cols, vals } = this;
    for (let i = 0; i < rows.length; i++) if (rows[i] !== -1) fn(rows[i], cols[i], vals[i]);
  }

  get bytes(): number {
    return this.rows.length * 12;
  }
}

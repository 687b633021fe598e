// A static spatial index over bounding boxes: a uniform grid of cells, each listing the boxes that
// overlap it. Boundaries never change while the server runs, so it is built once at start; a lookup
// is one cell read, with no tree to walk. Boxes are checked exactly after the cell read.

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export class GridIndex {
  private readonly cells = new Map<number, number[]>();

  /** `cellSize` in degrees: 0.5° keeps a city's wards in a handful of cells and a territory in a few thousand. */
  constructor(
    private readonly boxes: readonly Box[],
    private readonly cellSize = 0.5,
  ) {
    boxes.forEach((b, i) => {
      for (let cx = this.col(b.minX); cx <= this.col(b.maxX); cx++) {
        for (let cy = this.row(b.minY); cy <= this.row(b.maxY); cy++) {
          const key = this.key(cx, cy);
          const list = this.cells.get(key);
          if (list) list.push(i);
          else this.cells.set(key, [i]);
        }
      }
    });
  }

  private col(x: number) {
    return Math.floor((x + 180) / this.cellSize);
  }
  private row(y: number) {
    return Math.floor((y + 90) / this.cellSize);
  }
  private key(cx: number, cy: number) {
    return cy * 100_000 + cx;
  }

  /** Indexes of the boxes containing the point (edges included). */
  search(x: number, y: number): number[] {
    const list = this.cells.get(this.key(this.col(x), this.row(y)));
    if (!list) return [];
    const out: number[] = [];
    for (const i of list) {
      const b = this.boxes[i];
      if (x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY) out.push(i);
    }
    return out;
  }

  /** Cell entries held: what the index costs in memory, besides the boxes. */
  get entries(): number {
    let n = 0;
    for (const list of this.cells.values()) n += list.length;
    return n;
  }
}

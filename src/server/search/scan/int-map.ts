// A map from int32 keys to int32 values in typed arrays: open addressing, linear probing, Fibonacci
// hashing, deletion by backward shift (no tombstones). The vector side looks up ids per candidate
// of a search: which int8 slot keeps an entry's vector (int8-slots.ts, past 2 M chunks; below, the
// DenseIntMap at the end of this file), and where an id read from the file lies in the batch
// (vectors.ts). An array over every entry makes the first free but costs 4 bytes a chunk (32 MB at
// 8 M), and a Map boxes every entry. A slot is occupied only when its stamp is the map's current
// one, so `clear` (once a batch) is O(1).

export class IntMap {
  private keys: Int32Array;
  private values: Int32Array;
  private stamps: Uint32Array;
  private stamp = 1;
  private shift: number;
  size = 0;

  /** Room for `expected` entries before the first growth. */
  constructor(expected = 8) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.keys = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
    this.stamps = new Uint32Array(capacity);
    this.shift = 32 - Math.log2(capacity);
  }

  private home(key: number): number {
    return Math.imul(key, -1640531535) >>> this.shift; // 0x9e3779b1 as an int32
  }

  /** The slot holding `key`, or -1. */
  private find(key: number): number {
    const { keys, stamps, stamp } = this,
      last = keys.length - 1;
    for (let i = this.home(key); ; i = (i + 1) & last) {
      if (stamps[i] !== stamp) return -1;
      if (keys[i] === key) return i;
    }
  }

  get(key: number, absent = -1): number {
    const i = this.find(key);
    return i < 0 ? absent : this.values[i];
  }

  has(key: number): boolean {
    return this.find(key) >= 0;
  }

  set(key: number, value: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const { keys, stamps, stamp } = this,
      last = keys.length - 1;
    let i = this.home(key);
    for (; stamps[i] === stamp; i = (i + 1) & last) {
      if (keys[i] === key) {
        this.values[i] = value;
        return;
      }
    }
    stamps[i] = stamp;
    keys[i] = key;
    this.values[i] = value;
    this.size++;
  }

  delete(key: number): boolean {
    let i = this.find(key);
    if (i < 0) return false;
    const { keys, values, stamps, stamp } = this,
      last = keys.length - 1;
    // Backward shift: move up each later entry of the run whose home is not between the hole and it.
    for (let j = (i + 1) & last; stamps[j] === stamp; j = (j + 1) & last) {
      const h = this.home(keys[j]);
      if (((j - h) & last) >= ((j - i) & last)) {
        keys[i] = keys[j];
        values[i] = values[j];
        i = j;
      }
    }
    stamps[i] = 0;
    this.size--;
    return true;
  }

  clear(): void {
    this.size = 0;
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  private grow(): void {
    const { keys, values, stamps, stamp } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    this.stamps = new Uint32Array(keys.length * 2);
    this.stamp = 1;
    this.shift--;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (stamps[i] === stamp) this.set(keys[i], values[i]);
  }
}

/** The same lookups over keys 0 … `keys` - 1 holding values ≥ 0, in one array indexed by key: 4 bytes
 *  a possible key, and no hashing. Int8Slots takes it while the array is small (measured on
 *  data/real.db, 4,257 chunks: the vector side's batch loads took ~3× the CPU with IntMap, ~0.15 ms
 *  a search, ~5 %); past a few million keys the array's bytes matter more than the lookups' cost. */
export class DenseIntMap {
  private readonly values: Int32Array;

  constructor(readonly keys: number) {
    this.values = new Int32Array(keys).fill(-1);
  }

  get(key: number, absent = -1): number {
    const v = key >= 0 && key < this.keys ? this.values[key] : -1;
    return v < 0 ? absent : v;
  }

  has(key: number): boolean {
    return this.get(key) >= 0;
  }

  set(key: number, value: number): void {
    if (!(key >= 0 && key < this.keys)) throw new RangeError(`DenseIntMap: key ${key} outside 0 … ${this.keys - 1}`);
    if (!(value >= 0)) throw new RangeError(`DenseIntMap: value ${value} is negative`);
    this.values[key] = value;
  }

  delete(key: number): boolean {
    if (!this.has(key)) return false;
    this.values[key] = -1;
    return true;
  }
}

// Brute-force shortlist over binary codes held in memory: Hamming distance from the query's code to
// every code (WebAssembly SIMD, or plain JS where WebAssembly SIMD is missing), then the `r`
// entries nearest in Hamming distance among those a filter mask lets through. sqlite-vec's own
// k-nearest search costs O(n·k) at the k (1000) the search pool needs: ~2 s at 1 M chunks.
import { availableParallelism } from 'node:os';
import { usesThreads, type ThreadMode } from '../../../core/memory/thread-mode.js';
import { hammingModule, HISTOGRAMS, histogramBins, instantiateHamming, outside, type HammingFn } from './hamming-wasm.js';
import { CONTROL_BYTES, startScanHelper, type HammingCall, type ScanHelper } from './scan-helper.js';
import { instantiateSelect, type SelectFns } from './select-wasm.js';

/** Codes from which a second thread scans half of them (`scanThreads: 'on'`): at 1 M codes one
 *  thread takes ~3-5 ms, the hand-over tens of microseconds. */
export const SPLIT_FROM = 1_000_000;
/** Codes below which a scan is not split even with a helper (its hand-over would cost more). */
const SPLIT_MIN = 65_536;

/** When the scan takes a second thread (src/core/memory/thread-mode.ts): `on` from SPLIT_FROM codes, on a
 *  machine of more than one core. */
export type ScanThreads = ThreadMode;

/** The threads a scan of `n` codes runs on under `setting`. */
export function scanThreadsFor(setting: ScanThreads, n: number, cores = availableParallelism()): 1 | 2 {
  return usesThreads(setting, n, SPLIT_FROM) && (setting === 'always' || cores > 1) ? 2 : 1;
}

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, b) => {
  let c = 0;
  for (let x = b; x; x >>= 1) c += x & 1;
  return c;
});

export class CodeScan {
  private readonly bytes: number;
  private readonly memory: WebAssembly.Memory;
  private readonly u8: Uint8Array;
  private readonly dist: Uint16Array;
  private readonly queryAt: number;
  private readonly hamming: HammingFn | null;
  private readonly passes: SelectFns | null;
  private readonly helper: ScanHelper | null;
  // Where the selection works in the memory: a copy of the mask (a byte an entry), the histograms
  // (a u32 a distance: HISTOGRAMS for this thread, as many again for the helper's half) and the
  // entries chosen (an i32 each); with a helper, its hand-over words after them.
  private readonly maskAt: number;
  private readonly histAt: number;
  private readonly outAt: number;
  private readonly bins: number;
  private filled = 0;
  /** The mask whose bytes are at maskAt: searches repeat filters, and masks are not changed once
   *  made (FilterColumns.mask), so the same one is not copied again (8 MB at 8 M chunks). */
  private copiedMask: Uint8Array | null = null;
  private copiedEntries = 0;

  /** The longest short list asked for (`shortlist`'s r). */
  readonly maxShortlist: number;

  /** Room for `n` codes of `words` 16-byte words each; `maxShortlist` bounds `shortlist`'s r (the
   *  selection's output region is that long: 4 bytes an entry otherwise, 32 MB at 8 M chunks);
   *  `wasm: false` takes the JavaScript passes (what runs without WebAssembly SIMD; tests compare the two);
   *  `threads: 2` scans half the codes on a second thread (scan-helper.ts) where it can start. */
  constructor(
    readonly n: number,
    readonly words: number,
    { wasm = true, maxShortlist = n, threads = 1 }: { wasm?: boolean; maxShortlist?: number; threads?: 1 | 2 } = {},
  ) {
    this.maxShortlist = Math.max(0, Math.min(n, maxShortlist));
    this.bytes = words * 16;
    const codesEnd = n * this.bytes;
    this.queryAt = codesEnd;
    const distAt = codesEnd + this.bytes;
    this.bins = histogramBins(words);
    const align16 = (x: number) => Math.ceil(x / 16) * 16;
    this.maskAt = align16(distAt + n * 2 + 16);
    this.histAt = align16(this.maskAt + n);
    this.outAt = this.histAt + 2 * HISTOGRAMS * this.bins * 4;
    const controlAt = align16(this.outAt + this.maxShortlist * 4);
    const pages = Math.ceil((controlAt + CONTROL_BYTES + 16) / 65_536) || 1;
    const shared = wasm && threads === 2 && typeof SharedArrayBuffer !== 'undefined';
    // A shared memory needs its maximum; the scan's never grows.
    this.memory = new WebAssembly.Memory(shared ? { initial: pages, maximum: pages, shared: true } : { initial: pages });
    this.u8 = new Uint8Array(this.memory.buffer);
    this.dist = new Uint16Array(this.memory.buffer, distAt, n);
    let hamming: HammingFn | null = null;
    try {
      hamming = wasm ? instantiateHamming(this.memory, words) : null;
    } catch {
      hamming = null;
    }
    this.hamming = hamming;
    let passes: SelectFns | null = null;
    try {
      passes = wasm ? instantiateSelect(this.memory) : null;
    } catch {
      passes = null;
    }
    this.passes = passes;
    this.helper = shared && hamming ? startScanHelper({ memory: this.memory, module: hammingModule(words, true), controlAt }) : null;
  }

  /** Whether a second thread scans half the codes. */
  get threads(): 1 | 2 {
    return this.helper?.alive ? 2 : 1;
  }

  /** Scans whose second half the helper thread ran. */
  get helped(): number {
    return this.helper?.helped ?? 0;
  }

  /** Stops the helper thread, if any (the scan goes on, on one thread). */
  close() {
    this.helper?.close();
  }

  get simd() {
    return this.hamming !== null;
  }

  /** Appends the next code (entries are numbered in the order they are added). */
  push(code: Uint8Array) {
    this.u8.set(code.subarray(0, this.bytes), this.filled * this.bytes);
    this.filled++;
  }

  /** Appends `count` codes stored one after another (a block of src/core/data-file/code-blocks.ts). */
  pushMany(codes: Uint8Array, count: number) {
    if (codes.byteLength !== count * this.bytes)
      throw new Error(`code scan: ${codes.byteLength} bytes for ${count} codes of ${this.bytes}`);
    this.u8.set(codes, this.filled * this.bytes);
    this.filled += count;
  }

  /** Each entry's distance to `query` in `dist`: the JavaScript pass, without a mask (`shortlist`
   *  applies it); the WebAssembly one is `shortlistWasm`'s. */
  private distancesJs(query: Uint8Array) {
    const { u8, bytes, dist } = this,
      queryAt = this.queryAt;
    u8.set(query.subarray(0, bytes), queryAt);
    for (let i = 0, p = 0; i < this.filled; i++) {
      let d = 0;
      for (let b = 0; b < bytes; b++, p++) d += POPCOUNT[u8[p] ^ u8[queryAt + b]];
      dist[i] = d;
    }
  }

  /** Entry numbers of (at most) the `r` codes nearest `query` among those `mask` keeps (1: kept, 0:
   *  not; null: all), in entry order. */
  shortlist(query: Uint8Array, r: number, mask: Uint8Array | null): Int32Array {
    r = Math.min(r, this.filled); // more than there are returns every entry kept, as this does
    if (r > this.maxShortlist) throw new RangeError(`code scan: a short list of ${r} asked, at most ${this.maxShortlist}`);
    if (this.hamming && this.passes) return this.shortlistWasm(query, r, mask, this.hamming, this.passes);
    this.distancesJs(query);
    const n = this.filled,
      dist = this.dist,
      hist = new Uint32Array(this.bins);
    // A mask holds 0 or 1 (FilterColumns.mask): added, not tested, so that a filter passing entries
    // at random costs no mispredicted branch per entry.
    if (mask) {
      for (let i = 0; i < n; i++) hist[dist[i]] += mask[i];
    } else for (let i = 0; i < n; i++) hist[dist[i]]++;
    // The distance threshold whose ball holds r entries; ties at it are taken in entry order.
    let t = 0,
      below = 0;
    while (t < hist.length - 1 && below + hist[t] < r) below += hist[t++];
    const out = new Int32Array(Math.min(r, below + hist[t]));
    let j = 0,
      ties = out.length - below;
    // Few entries are within t (r of up to a million): the distance is tested first, the mask only
    // for those.
    for (let i = 0; i < n && j < out.length; i++) {
      const d = dist[i];
      if (d > t || (mask && !mask[i])) continue;
      if (d < t || ties-- > 0) out[j++] = i;
    }
    return out;
  }

  /** The same in WebAssembly: the distances, the mask and the histogram in one pass over the codes
   *  (hamming-wasm.ts: an entry the mask drops gets a distance past every threshold), then the
   *  selection (select-wasm.ts). */
  private shortlistWasm(query: Uint8Array, r: number, mask: Uint8Array | null, hamming: HammingFn, { select }: SelectFns): Int32Array {
    const n = this.filled,
      buffer = this.memory.buffer;
    this.u8.set(query.subarray(0, this.bytes), this.queryAt);
    const counts = new Uint32Array(buffer, this.histAt, 2 * HISTOGRAMS * this.bins);
    counts.fill(0);
    if (mask && (mask !== this.copiedMask || n !== this.copiedEntries)) {
      this.u8.set(mask.subarray(0, n), this.maskAt);
      this.copiedMask = mask;
      this.copiedEntries = n;
    }
    const distAt = this.dist.byteOffset,
      maskAt = mask ? this.maskAt : 0,
      helper = this.helper;
    if (helper?.alive && n >= SPLIT_MIN) {
      // The helper scans the second half into histograms of its own, this thread the first.
      const half = n >> 1;
      const call: HammingCall = [
        this.queryAt,
        half * this.bytes,
        n - half,
        distAt + half * 2,
        mask ? maskAt + half : 0,
        this.histAt + HISTOGRAMS * this.bins * 4,
      ];
      helper.offer(call);
      hamming(this.queryAt, 0, half, distAt, maskAt, this.histAt);
      helper.finish(() => hamming(...call));
    } else hamming(this.queryAt, 0, n, distAt, maskAt, this.histAt);
    // Every histogram is added up: the helper's are zero when the scan was not split.
    const hist = counts.slice(0, this.bins);
    for (let h = 1; h < 2 * HISTOGRAMS; h++) for (let d = 0; d < this.bins; d++) hist[d] += counts[h * this.bins + d];
    // The threshold stops at the largest real distance: the entries past it are those dropped.
    const last = outside(this.words) - 1;
    let t = 0,
      below = 0;
    while (t < last && below + hist[t] < r) below += hist[t++];
    const count = Math.min(r, below + hist[t]);
    const j = select(this.dist.byteOffset, n, t, count - below, this.outAt, count);
    return new Int32Array(buffer, this.outAt, j).slice();
  }
}

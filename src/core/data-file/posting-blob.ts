// A posting list as one blob: rowids newest (largest) first, the first as a varint and each next
// one as its gap below the one before (≥ 1), varints of 7 bits a byte, low bits first (LEB128).
// The build writes one per level list (`chunk_postings`, src/core/data-file/keyword-index.ts); a search
// reads a list with one row read and a decoding loop instead of stepping FTS5 through it: at 1 M
// chunks a 60,000-posting list cost ~10 ms through FTS5 and JSON, against 0.15 ms for the same
// rowids read as one int32 blob. At ~86 postings a chunk,
// gaps take 1-2 bytes a posting where int32 would take 4.

/** Rowids are SQLite rowids of chunks, and positive int32s (the search keeps them in Int32Arrays). */
const MAX_ROWID = 0x7fff_ffff;

/** Encodes rowids given newest first (strictly decreasing, in 0 .. 2^31-1). */
export function encodePostings(rowids: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(rowids.length * 5);
  let at = 0;
  let prev = 0;
  for (let i = 0; i < rowids.length; i++) {
    const r = rowids[i];
    if (!(Number.isInteger(r) && r >= 0 && r <= MAX_ROWID)) throw new RangeError(`posting ${i}: ${r} is not a rowid`);
    if (i > 0 && r >= prev) throw new RangeError(`posting ${i}: rowid ${r} does not follow ${prev} downwards`);
    let v = i === 0 ? r : prev - r;
    prev = r;
    while (v >= 0x80) {
      out[at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    out[at++] = v;
  }
  return out.slice(0, at);
}

/** The first `limit` rowids of a blob (all of them when it holds fewer), newest first. Decoding
 *  stops at `limit`, so a list cut short costs its length, not the blob's. `count`, the postings the
 *  blob holds when the caller knows it (chunk_postings.docs), sizes the output exactly; without it
 *  the output is first sized by the blob's bytes and then copied to its length (at 8 M chunks a
 *  common word's list is ~1 M postings: 6.4 MB allocated and copied for 4 MB kept). Throws on a
 *  blob that ends inside a varint or holds more than 31 bits (a damaged file). */
export function decodePostings(blob: Uint8Array, limit = Infinity, count = Infinity): Int32Array {
  // A posting takes at least a byte: that bounds the output without a first pass.
  const out = new Int32Array(Math.min(limit, count, blob.length));
  const end = blob.length;
  let n = 0;
  let prev = 0;
  let at = 0;
  while (at < end && n < out.length) {
    let byte = blob[at++];
    let v = byte & 0x7f;
    for (let shift = 7; byte & 0x80; shift += 7) {
      if (at >= end || shift > 28) throw new RangeError(`posting blob: posting ${n} is cut short or longer than 31 bits`);
      byte = blob[at++];
      if (shift === 28 && byte & 0x78) throw new RangeError(`posting blob: posting ${n} is longer than 31 bits`);
      v |= (byte & 0x7f) << shift;
    }
    prev = n === 0 ? v : prev - v;
    if (prev < 0 || (n > 0 && v === 0)) throw new RangeError(`posting blob: posting ${n} does not follow the one before downwards`);
    out[n++] = prev;
  }
  // A copy when shorter: the caches count a list's bytes by its length.
  return n === out.length ? out : out.slice(0, n);
}

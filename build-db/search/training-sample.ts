// The chunk texts the encoder learns from: at most TRAIN_TEXTS (learning is the build's memory
// peak), shared between the legislatures rather than drawn across the file. Drawn across the file,
// Ontario's Hansard (~130,000 chunks beside the House's ~3,700) left the House every third chunk,
// ~1,200 of ~45,000 texts, and federal queries lost much of their vector side (eval/method.md).
import type Database from 'better-sqlite3';

/** Each group's share of `limit`: equal shares, a group smaller than its share taken whole and what
 *  it leaves shared again among the rest (water-filling). Sums to min(limit, total). */
export function fairShares(sizes: readonly number[], limit: number): number[] {
  const shares = sizes.map(() => 0);
  let left = Math.max(0, Math.floor(limit));
  let open = sizes.map((_, i) => i).filter((i) => sizes[i] > 0);
  while (left > 0 && open.length) {
    const each = Math.floor(left / open.length);
    // Fewer texts left than groups: one each to the first, in order.
    if (each === 0) {
      for (const i of open.slice(0, left)) shares[i]++;
      break;
    }
    const small = open.filter((i) => sizes[i] - shares[i] <= each);
    if (!small.length) {
      for (const i of open) shares[i] += each;
      left -= each * open.length;
      // The remainder of the division, one each.
      for (const i of open.slice(0, left)) shares[i]++;
      break;
    }
    for (const i of small) {
      left -= sizes[i] - shares[i];
      shares[i] = sizes[i];
    }
    open = open.filter((i) => !small.includes(i));
  }
  return shares;
}

interface Group {
  level: string;
  pt: string | null;
  n: number;
}

/** Chunk texts for training, in rowid order: each legislature's (level and province) fair share of
 *  `limit`, every n-th of its chunks when it holds more. */
export function sampledTexts(db: Database.Database, limit: number): string[] {
  const groups = db
    .prepare('SELECT level, province_territory AS pt, count(*) AS n FROM chunks GROUP BY level, province_territory ORDER BY level, pt')
    .all() as Group[];
  const shares = fairShares(
    groups.map((g) => g.n),
    limit,
  );
  // Collected first: better-sqlite3 cannot write while a statement iterates, and the caller writes.
  const pick = db.prepare(
    `SELECT rowid, text FROM (SELECT rowid, text, row_number() OVER (ORDER BY rowid) - 1 AS i FROM chunks
     WHERE level = ? AND province_territory IS ?) WHERE i % ? = 0 LIMIT ?`,
  );
  const rows = groups.flatMap((g, k) =>
    shares[k] ? (pick.all(g.level, g.pt, Math.ceil(g.n / shares[k]), shares[k]) as Array<{ rowid: number; text: string }>) : [],
  );
  return rows.sort((a, b) => a.rowid - b.rowid).map((r) => r.text);
}

// fold(): the whole text's NFD with its marks removed, lower-cased (what the build and the filters
// have always compared), computed by decomposing only the runs of non-ASCII characters. Compared
// with that definition on random strings mixing ASCII, precomposed letters, combining marks of
// several classes (canonical reordering), Hangul, Greek sigmas (final-sigma lower case), surrogate
// pairs and compatibility characters; and on every chunk of the real data file when it is present.
import { describe, expect, test } from 'bun:test';
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../../build-db/search/encoder/random.js';
import { fold } from '../../../src/core/domain/text.js';

const definition = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const PIECES = [
  'a',
  'E',
  ' ',
  'z',
  '-',
  "'",
  '1',
  'é',
  'Ç',
  'ǻ',
  'Å',
  '\u0301',
  '\u0323',
  '\u0327',
  '\u0308',
  '\u05b0',
  '한',
  '글',
  'Σ',
  'Α',
  'σ',
  'İ',
  'ß',
  'ﬁ',
  '’',
  '😀',
  'Ω',
  'Ǆ',
  '\u1e0b\u0323',
  'Québec',
  'Montréal ',
  'ÉCOLE',
  '\u00a0',
];
const REAL = join(import.meta.dir, '../../../data/real.db');

describe('fold', () => {
  test('equals the definition on random mixtures, marks after ASCII letters and sigmas at word ends included', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 20_000; i++) {
      let t = '';
      for (let n = Math.floor(random() * 12); n > 0; n--) t += PIECES[Math.floor(random() * PIECES.length)];
      expect(fold(t)).toBe(definition(t));
    }
    for (const t of ['e\u0301', 'a\u0301\u0323b', 'ΑΣ a', 'ΑΣa', 'ΑΣ', 'OΣ.', 'İstanbul', 'Hôtel-Dieu de Québec’s', ''])
      expect(fold(t)).toBe(definition(t));
  });

  test.skipIf(!existsSync(REAL))('equals the definition on every chunk of the real data file', () => {
    const db = new Database(REAL, { readonly: true });
    const texts = db.prepare('SELECT text FROM chunks').pluck().all() as string[];
    db.close();
    expect(texts.length).toBeGreaterThan(1000);
    let differ = 0;
    for (const t of texts) if (fold(t) !== definition(t)) differ++;
    expect(differ).toBe(0);
  });
});

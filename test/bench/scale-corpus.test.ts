// The scale corpus generator at small sizes: deterministic per seed, one chunk per speech, dates
// and sessions as documented, a vocabulary that grows past the model text's, and a bundle the
// (streamed) build turns into exactly that many chunks.
import { afterAll, describe, expect, test } from 'bun:test';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDataFile } from '../../build-db/build.js';
import { openDataFile } from '../../src/core/data-file/open-data-file.js';
import { indexTerms } from '../../src/core/text/terms.js';
import { countWords } from '../../src/core/text/words.js';
import { fitModel } from '../../bench/scale/fit.js';
import { generateSpeeches, type Session } from '../../bench/scale/generate.js';
import { tempDir, writeFixture } from '../helpers/fixture.js';

const root = tempDir('canpol-scale-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A model bundle: the fixture plus 60 multi-paragraph speeches over a small vocabulary.
const model = join(root, 'model');
mkdirSync(model);
writeFixture(model);
const EN = 'the minister said housing costs rose while carbon pricing and transfers to provinces were debated in committee today'.split(
  ' ',
);
const FR = 'le ministre a dit que le logement et la tarification du carbone ont été débattus au comité aujourdhui'.split(' ');
for (let i = 0; i < 60; i++) {
  const fr = i % 5 === 0;
  const words = fr ? FR : EN;
  const paragraph = (n: number) =>
    `${Array.from({ length: 12 + ((i * 7 + n) % 20) }, (_, j) => words[(i * 3 + j * (n + 1)) % words.length]).join(' ')}.`;
  appendFileSync(
    join(model, 'speeches.jsonl'),
    `${JSON.stringify({
      key: `m/${i}`,
      session_key: 'ca/44-1',
      politician_key: null,
      speaker_name_raw: 'Someone',
      spoken_at: '2024-03-06T15:00:00Z',
      language: fr ? 'fr' : 'en',
      level: 'federal',
      speech_type: 'floor',
      text: [1, 2, 3]
        .slice(0, 1 + (i % 3))
        .map(paragraph)
        .join('\n\n'),
      source_system: 'test',
    })}\n`,
  );
}
const sessions = readFileSync(join(model, 'sessions.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Session);

describe('scale corpus', () => {
  const fitted = fitModel(model);
  const generate = (n: number, seed: number) => [...generateSpeeches(fitted, sessions, n, seed)];

  test('the same seed gives the same speeches, another seed others', () => {
    expect(JSON.stringify(generate(300, 1))).toBe(JSON.stringify(generate(300, 1)));
    expect(JSON.stringify(generate(300, 2))).not.toBe(JSON.stringify(generate(300, 1)));
  });

  test('one chunk each, weekday federal dates 1994-2026 with the session sitting then, unique keys, both languages', () => {
    const speeches = generate(2000, 7);
    expect(new Set(speeches.map((s) => s.key)).size).toBe(2000);
    for (const s of speeches) expect(countWords(s.text)).toBeLessThanOrEqual(470);
    const federal = speeches.filter((s) => s.level === 'federal');
    for (const s of federal) {
      const day = new Date(s.spoken_at);
      expect(s.spoken_at >= '1994-01-17' && s.spoken_at < '2026-07-02').toBe(true);
      expect([0, 6]).not.toContain(day.getUTCDay());
    }
    expect(federal.some((s) => s.spoken_at < '2000')).toBe(true);
    expect(federal.filter((s) => s.spoken_at >= '2021-11-22').every((s) => s.session_key === 'ca/44-1')).toBe(true);
    expect(speeches.some((s) => s.language === 'fr') && speeches.some((s) => s.language === 'en')).toBe(true);
  });

  test('the vocabulary keeps growing past the model text (the tail), and the real words stay the commonest', () => {
    const real = new Set(EN.concat(FR).flatMap((w) => [...indexTerms(w, 'en'), ...indexTerms(w, 'fr')]));
    const seen = new Map<string, number>();
    for (const s of generate(3000, 3)) for (const t of indexTerms(s.text, s.language)) seen.set(t, (seen.get(t) ?? 0) + 1);
    const fresh = [...seen.keys()].filter((t) => !real.has(t));
    expect(fresh.length).toBeGreaterThan(real.size);
    const commonest = [...seen]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([t]) => t);
    for (const t of commonest) expect(real.has(t)).toBe(true);
  });

  test('the build turns a generated bundle into one chunk per speech', () => {
    const out = join(root, 'generated');
    mkdirSync(out);
    writeFixture(out);
    writeFileSync(
      join(out, 'speeches.jsonl'),
      `${generate(500, 5)
        .map((s) => JSON.stringify(s))
        .join('\n')}\n`,
    );
    const built = buildDataFile({ sources: out, out: join(root, 'generated.db'), now: new Date('2026-11-02T00:00:00Z') });
    if (!built.ok) throw new Error(JSON.stringify(built.issues.slice(0, 3)));
    const file = openDataFile(join(root, 'generated.db'));
    try {
      expect(file.db.prepare('SELECT count(*) FROM chunks').pluck().get()).toBe(500);
      expect(file.db.prepare('SELECT count(*) FROM speeches').pluck().get()).toBe(500);
    } finally {
      file.close();
    }
  });
});

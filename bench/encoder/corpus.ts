// Real text for the encoder's benchmarks and quality tests, read straight from the shared datasets
// (never copied into the repo): Hansard paragraphs, the parallel paragraphs of sitting 42-1-2, and
// the English/French titles of every bill.
import { getElementsByTagName, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fnv1a } from '../../src/core/encoder/ngrams.js';

export interface Paragraph {
  id: string;
  text: string;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** ParaText paragraphs of one Hansard XML file, in document order. */
export function hansardParagraphs(file: string): Paragraph[] {
  const doc = parseDocument(gunzipSync(readFileSync(file)).toString('utf8'), { xmlMode: true });
  return getElementsByTagName('ParaText', doc, true)
    .map((el) => ({ id: el.attribs.id ?? '', text: clean(textContent(el)) }))
    .filter((p) => p.text);
}

export const hansardFiles = (datasets: string) => {
  const dir = join(datasets, 'hoc-hansard-xml-samples');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xml.gz'))
    .sort()
    .map((f) => join(dir, f));
};

/** English and French editions of sitting 42-1-2, paired by ParaText id (the two files share ids). */
export function parallelParagraphs(datasets: string): Array<[string, string]> {
  const dir = join(datasets, 'hoc-hansard-xml-samples');
  const fr = new Map(hansardParagraphs(join(dir, '42-1-2-fr.xml.gz')).map((p) => [p.id, p.text]));
  return hansardParagraphs(join(dir, '42-1-2-en.xml.gz'))
    .filter((p) => fr.has(p.id))
    .map((p) => [p.text, fr.get(p.id)!]);
}

/** Paragraphs joined into chunks of about `words` words (the build's chunks are paragraph-aligned too). */
export function chunksOf(paragraphs: string[], words = 200): string[] {
  const out: string[] = [];
  let cur: string[] = [],
    n = 0;
  for (const p of paragraphs) {
    cur.push(p);
    n += p.split(' ').length;
    if (n >= words) {
      out.push(cur.join('\n\n'));
      cur = [];
      n = 0;
    }
  }
  if (cur.length) out.push(cur.join('\n\n'));
  return out;
}

export interface TitlePair {
  en: string;
  fr: string;
  held: boolean;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(parseInt(e.slice(e[1] === 'x' ? 2 : 1), e[1] === 'x' ? 16 : 10)) : (ENTITIES[e] ?? m),
  );
const field = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  // Titles carry escaped markup ("n&lt;sup&gt;o&lt;/sup&gt;"): decode, then drop the tags.
  return m ? clean(decode(m[1]).replace(/<[^>]+>/g, '')) : '';
};

/**
 * Long and short title pairs of every bill. `held` marks the evaluation fifth, chosen by a hash of
 * the English long title so that a title reused by several bills is never on both sides.
 */
export function billTitlePairs(datasets: string): TitlePair[] {
  const raw = gunzipSync(readFileSync(join(datasets, 'legisinfo-bills', 'bills_metadata.jsonl.gz'))).toString('utf8');
  const out: TitlePair[] = [];
  for (const line of raw.split('\n')) {
    if (!line) continue;
    const xml = (JSON.parse(line) as { metadata_xml: string }).metadata_xml;
    const en = field(xml, 'LongTitleEn'),
      fr = field(xml, 'LongTitleFr');
    if (!en || !fr) continue;
    const held = fnv1a(en.toLowerCase()) % 5 === 0;
    out.push({ en, fr, held });
    const sen = field(xml, 'ShortTitleEn'),
      sfr = field(xml, 'ShortTitleFr');
    if (sen && sfr) out.push({ en: sen, fr: sfr, held });
  }
  return out;
}

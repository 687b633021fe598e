// BC presiding turns ("The Speaker", "Deputy Speaker", "The Chair") linked to the person the page
// names for the office: the masthead's Speaker, or whoever the last "[… in the chair.]" marker names.
// The real pages are the five in ../shared/datasets/provincial-samples/bc-hansard; the roster is
// hand-built here (the datasets hold no BC roster): the three presiding members those pages name,
// plus an invented second Doerkson so that the marker's "L. Doerkson" must be read by its initial.
import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importBcHansard } from '../../../build-db/import/bc-hansard/index.js';
import { chairMarker, mastheadSpeaker, presidingHolder } from '../../../build-db/import/bc-hansard/presiding.js';
import { transcriptRoot } from '../../../build-db/import/bc-hansard/document.js';
import { walkTranscript } from '../../../build-db/import/bc-hansard/walk.js';
import { parseHtml } from '../../../build-db/import/html-text.js';
import { Identity, type Person } from '../../../build-db/import/identity.js';
import type { ImportContext, ImportOutput, Skip, SourceInput } from '../../../build-db/import/types.js';
import { tempDir } from '../../helpers/fixture.js';
import { bcMember } from '../../helpers/bc-roster.js';

const PAGES = join(import.meta.dir, '../../../../shared/datasets/provincial-samples/bc-hansard');
const present = existsSync(PAGES);
const files = present ? readdirSync(PAGES).filter((f) => /\.html?$/.test(f)) : [];

const member = (key: string, first: string, last: string) => bcMember(key, first, last);
// Hand-built: not from any roster file. "Kim Doerkson" does not exist; it makes the surname alone ambiguous.
const ROSTER: Person[] = [
  member('bc/person/chouhan', 'Raj', 'Chouhan'),
  member('bc/person/elmore', 'Mable', 'Elmore'),
  member('bc/person/doerkson', 'Lorne', 'Doerkson'),
  member('bc/person/k-doerkson', 'Kim', 'Doerkson'),
];
const KEY_OF: Record<string, string> = {
  'Raj Chouhan': 'bc/person/chouhan',
  'Mable Elmore': 'bc/person/elmore',
  'Lorne Doerkson': 'bc/person/doerkson',
  'L. Doerkson': 'bc/person/doerkson',
};

function run(from: string, people: Person[]) {
  const skips: Skip[] = [];
  const ctx: ImportContext = { identity: new Identity(people), existing: {}, skip: (s) => skips.push(s), log: () => {} };
  const out = importBcHansard(from, ctx) as ImportOutput;
  return { speeches: (out.records.speeches ?? []) as Array<SourceInput<'speeches'>>, skips };
}

const read = (f: string) => readFileSync(join(PAGES, f), 'utf8');
/** The transcript part of the raw HTML (the table of contents before it repeats labels). */
const transcriptHtml = (html: string) => html.slice(html.search(/<div (?:id="Transcript"|class="transcript")>/));

/**
 * What the page says, by plain regexes over the raw HTML and independent of the importer's DOM walk:
 * the masthead's Speaker, the chair markers in order, and each presiding label with the marker before it.
 */
function pageSays(html: string) {
  const speaker = /The Honourable\s+(?:<span[^>]*>)?([^<,]+?)(?:<\/span>)?,\s*Speaker</.exec(html)?.[1] ?? null;
  const markers: string[] = [];
  const labels: Array<{ office: string; chair: string | null }> = [];
  const token =
    /\[([^\]<]+?) in the chair\.\]|class="Speaker-?Name">((?:The |Mr\. |Madam )?(?:Acting |Assistant |Deputy )*(?:Speaker|Chair)):?</g;
  for (const m of transcriptHtml(html).matchAll(token)) {
    if (m[1]) markers.push(m[1]);
    else labels.push({ office: m[2], chair: markers.at(-1) ?? null });
  }
  return { speaker, markers, labels };
}

describe.skipIf(!present)('bc-hansard presiding officers on the real pages', () => {
  test('the masthead names the Speaker, Raj Chouhan, on all 5 pages (finals title page and Blues header)', () => {
    expect(files.length).toBe(5);
    for (const f of files) {
      const html = read(f);
      expect(pageSays(html).speaker).toBe('Raj Chouhan');
      expect(mastheadSpeaker(parseHtml(html))).toBe('Raj Chouhan');
    }
  });

  test('the chair markers are read in the order printed', () => {
    const seen: Record<string, string[]> = {};
    for (const f of files) {
      const html = read(f);
      const walked = walkTranscript(transcriptRoot(parseHtml(html)).root, null);
      expect(walked.chairs).toEqual(pageSays(html).markers);
      seen[f.slice(0, 10)] = walked.chairs;
    }
    // Spelled out for two pages, as printed.
    expect(seen['20260218pm']).toEqual(['The Speaker', 'Lorne Doerkson', 'Mable Elmore', 'The Speaker']);
    expect(seen['20260416pm']).toEqual(['The Speaker', 'Mable Elmore', 'L. Doerkson', 'Mable Elmore', 'The Speaker', 'The Speaker']);
  });

  test('each presiding turn is linked to the holder the page names for its office', () => {
    const { speeches, skips } = run(PAGES, ROSTER);
    let checked = 0;
    const holders = new Set<string>();
    for (const f of files) {
      const says = pageSays(read(f));
      const sitting = f.slice(0, 10);
      const got = speeches.filter((s) => s.key.startsWith(`bc/speech/${sitting}/`) && s.is_presiding);
      expect(got.length).toBe(says.labels.length);
      got.forEach((s, i) => {
        const { office, chair } = says.labels[i];
        expect(s.speaker_name_raw).toBe(office);
        expect(s.speaker_role).toBe(office);
        // The page's answer: the Speaker's office is the masthead's; any other is the last marker's.
        const named = /^The Speaker$/.test(office) || chair === 'The Speaker' ? says.speaker : chair;
        expect(s.politician_key).toBe(KEY_OF[named ?? ''] ?? null);
        holders.add(named ?? '');
        checked++;
      });
    }
    // Every office printed on these pages is covered: the Speaker, the Deputy Speaker and the Chair.
    expect(new Set(speeches.filter((s) => s.is_presiding).map((s) => s.speaker_name_raw))).toEqual(
      new Set(['The Speaker', 'Deputy Speaker', 'The Chair']),
    );
    expect(holders).toEqual(new Set(['Raj Chouhan', 'Mable Elmore', 'Lorne Doerkson', 'L. Doerkson']));
    expect(checked).toBe(speeches.filter((s) => s.is_presiding).length);
    expect(skips.filter((s) => s.reason === 'speaker unlinked: presiding officer not named')).toEqual([]);
  });

  test('without the named members in the roster, presiding turns stay unlinked and are reported', () => {
    const { speeches, skips } = run(PAGES, [member('bc/person/other', 'Ann', 'Other')]);
    const presiding = speeches.filter((s) => s.is_presiding);
    expect(presiding.every((s) => s.politician_key === null)).toBe(true);
    const reported = skips.filter(
      (s) => s.reason === 'speaker unlinked: no BC member of that name serving that day' && /named by the/.test(s.detail ?? ''),
    );
    expect(reported.length).toBe(presiding.length);
  });
});

// A hand-written Blues-style page (the publisher's markup, cut down): no masthead, and a deputy's
// turn before any chair marker.
const BARE = `<!DOCTYPE html><html><head><title>Hansard Blues</title></head><body>
<header><h2 class="blues">Hansard Blues</h2><h2 class="draft">Draft Report of Debates</h2>
<p>2nd Session, 43rd Parliament Monday, March 9, 2026 Morning Sitting</p></header>
<div class="transcript"><p class="TimeLine">The House met at 10 a.m.</p>
<p class="SpeakerBegins"><span class="SpeakerName">The Speaker</span><span class="Bold">:</span> Members, please be seated.</p>
<p class="SpeakerBegins"><span class="SpeakerName">Deputy Speaker</span><span class="Bold">:</span> Order.</p>
<p class="ChairChange">[L. Doerkson in the chair.]</p>
<p class="SpeakerBegins"><span class="SpeakerName">Deputy Speaker</span><span class="Bold">:</span> The member has the floor.</p>
</div></body></html>`;

describe('bc-hansard presiding officers on a hand-written page', () => {
  const dir = tempDir('canpol-bc-presiding-');
  writeFileSync(join(dir, '20260309am-House-Blues.htm'), BARE);

  test('no masthead and no marker: unlinked, reported with the reason; the marker after them names the next holder', () => {
    const { speeches, skips } = run(dir, ROSTER);
    expect(speeches.map((s) => s.politician_key)).toEqual([null, null, 'bc/person/doerkson']);
    const why = skips.filter((s) => s.reason === 'speaker unlinked: presiding officer not named').map((s) => s.detail);
    expect(why).toEqual([
      'The Speaker on 2026-03-09: no Speaker named on the masthead',
      'Deputy Speaker on 2026-03-09: no "[… in the chair.]" marker before this Deputy Speaker turn',
    ]);
  });

  test('an initial two members share is ambiguous: unlinked, never guessed', () => {
    const { speeches, skips } = run(dir, [...ROSTER, member('bc/person/l-doerkson-2', 'Linda', 'Doerkson')]);
    expect(speeches[2].politician_key).toBeNull();
    expect(skips.some((s) => s.reason === 'speaker unlinked: several BC members fit' && /L\. Doerkson/.test(s.detail ?? ''))).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('presiding holder rule', () => {
  test('offices and markers', () => {
    expect(chairMarker('[Mable Elmore in the chair.]')).toBe('Mable Elmore');
    expect(chairMarker('[The bells were rung.]')).toBeNull();
    expect(presidingHolder('Madam Speaker', 'Mable Elmore', 'Raj Chouhan')).toEqual({ name: 'Raj Chouhan', from: 'masthead' });
    expect(presidingHolder('The Chair', 'The Speaker', 'Raj Chouhan')).toEqual({ name: 'Raj Chouhan', from: 'masthead' });
    expect(presidingHolder('The Acting Speaker', 'L. Doerkson', null)).toEqual({ name: 'L. Doerkson', from: 'marker' });
    // A deputy speaking while the marker says the Speaker presides: a contradiction, not a guess.
    expect(presidingHolder('Deputy Speaker', 'The Speaker', 'Raj Chouhan').name).toBeNull();
  });
});

// A folder laid out as the federal publishers' hosts, for the loopback upstream's `root`: real House
// Debates XML (from ../shared/datasets) at the House's sitting URLs, and vote list / vote detail
// exports in the House's element names. Tests publish a document by calling these between runs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Discover, ManifestSource, SourcesManifest } from '../../build-db/fetch/manifest-types.js';
import { DATASETS, repoManifest } from './nightly-manifest.js';

export const HOUSE = 'www.ourcommons.ca';

/** A document at `path` (its host first: `api.lims.leg.bc.ca/pcms/…`) under the publisher folder. */
export function publishFile(root: string, path: string, body: string | Buffer): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

const put = (root: string, host: string, path: string, body: string | Buffer) => publishFile(root, join(host, path), body);

/** A real sitting's XML (by default 44-1 No. 303; `sample` names another of hoc-hansard-xml-samples)
 *  published as sitting `number` of `session` ("44-1"). */
export function publishSitting(root: string, session: string, number: number, lang: 'E' | 'F' = 'E', sample?: string): void {
  const [p, s] = session.split('-');
  const n3 = String(number).padStart(3, '0');
  const xml = gunzipSync(
    readFileSync(join(DATASETS, 'hoc-hansard-xml-samples', sample ?? (lang === 'E' ? '44-1-303-en.xml.gz' : '42-1-2-fr.xml.gz'))),
  );
  put(root, HOUSE, `Content/House/${p}${s}/Debates/${n3}/HAN${n3}-${lang}.XML`, xml);
}

/** The session's sitting calendar (the DocumentViewer's `SessionPublicationCalendarsWidget`), each sitting
 *  a link in a table cell as the public importer that reads it selects them (`td a`, `/sitting-(\d+[a-z]?)/`).
 *  Written by hand in that layout: no saved copy of the widget's answer was found. */
export function publishCalendar(root: string, session: string, sittings: Array<number | string>): void {
  const [p, s] = session.split('-');
  const cells = sittings.map((n) => `<td><a href="/DocumentViewer/en/${session}/house/sitting-${n}/hansard">${n}</a></td>`).join('');
  put(
    root,
    HOUSE,
    `DocumentViewer/en/SessionPublicationCalendarsWidget?organization=HOC&publicationTypeId=37&parliament=${p}&session=${s}`,
    `<div class="session-calendar"><table><tbody><tr>${cells}</tr></tbody></table></div>`,
  );
}

/** A lettered sitting (`128b`): its DocumentViewer page with the XML export button (`a.btn-export-xml`,
 *  the class openparliament-era importers read) linking `xmlPath`, and a real sitting's XML there,
 *  with its printed number made `label` ("NUMBER 128B") as a lettered sitting's would read. The
 *  page and the XML's address are written by hand: no public source shows a lettered sitting's. */
export function publishLetteredSitting(
  root: string,
  session: string,
  label: string,
  xmlPath: string,
  sample = '44-1-303-en.xml.gz',
  publicationId?: string,
): void {
  put(
    root,
    HOUSE,
    `DocumentViewer/en/${session}/house/sitting-${label}/hansard`,
    `<!DOCTYPE html><html><body><div class="btn-toolbar"><a class="btn btn-export-xml hidden-xs" href="${xmlPath}-E.XML">XML</a></div></body></html>`,
  );
  put(
    root,
    HOUSE,
    `${xmlPath.slice(1)}-E.XML`,
    letteredXml(readFileSync(join(DATASETS, 'hoc-hansard-xml-samples', sample)), label, publicationId),
  );
}

/** A real sitting's XML with its sitting number printed as `label` (`128b` → "NUMBER 128B"), and
 *  another publication id when given (so its speeches are new ones beside the sample's). */
export function letteredXml(gz: Buffer, label: string, publicationId?: string): string {
  const up = label.toUpperCase();
  const xml = gunzipSync(gz).toString('utf8');
  return (publicationId ? xml.replace(/(<Hansard\b[^>]*\bid=")[^"]*"/, `$1${publicationId}"`) : xml)
    .replace(/(<ExtractedItem Name="Number">)[^<]*</, `$1NUMBER ${up}<`)
    .replace(/(<ExtractedItem Name="MetaNumberNumber">)[^<]*</, `$1${up}<`);
}

/** A Parliament's member search export (its XML as written by the test) at the House's URL. */
export function publishMemberExport(root: string, parliament: number, xml: string): void {
  put(root, HOUSE, `Members/en/search/xml?parliament=${parliament}`, xml);
}

export interface Division {
  number: number;
  date: string;
}

/** The session's vote list export, one `<Vote>` per division. */
export function publishVoteList(root: string, session: string, divisions: Division[]): void {
  const [p, s] = session.split('-');
  const votes = divisions
    .map(
      (d) => `  <Vote>
    <ParliamentNumber>${p}</ParliamentNumber>
    <SessionNumber>${s}</SessionNumber>
    <DecisionEventDateTime>${d.date}T15:00:00</DecisionEventDateTime>
    <DecisionDivisionSubject>Division ${d.number}</DecisionDivisionSubject>
    <DecisionResultName>Agreed To</DecisionResultName>
    <DecisionDivisionNumberOfYeas>170</DecisionDivisionNumberOfYeas>
    <DecisionDivisionNumberOfNays>150</DecisionDivisionNumberOfNays>
    <DecisionDivisionNumberOfPaired>0</DecisionDivisionNumberOfPaired>
    <DecisionDivisionNumber>${d.number}</DecisionDivisionNumber>
  </Vote>`,
    )
    .join('\n');
  put(
    root,
    HOUSE,
    `members/en/votes/xml?parlSession=${p}-${s}`,
    `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfVote>\n${votes}\n</ArrayOfVote>\n`,
  );
  for (const d of divisions) {
    put(
      root,
      HOUSE,
      `members/en/votes/${p}/${s}/${d.number}/xml`,
      `<?xml version="1.0" encoding="utf-8"?>
<ArrayOfVoteParticipant>
  <VoteParticipant><ParliamentNumber>${p}</ParliamentNumber><SessionNumber>${s}</SessionNumber><DecisionDivisionNumber>${d.number}</DecisionDivisionNumber><PersonId>89156</PersonId><PersonOfficialFirstName>Ziad</PersonOfficialFirstName><PersonOfficialLastName>Aboultaif</PersonOfficialLastName><ConstituencyName>Edmonton Manning</ConstituencyName><VoteValueName>Yea</VoteValueName><IsVoteYea>true</IsVoteYea><IsVoteNay>false</IsVoteNay><IsVotePaired>false</IsVotePaired></VoteParticipant>
</ArrayOfVoteParticipant>
`,
    );
  }
}

const repo = (id: string): ManifestSource => repoManifest().sources.find((x) => x.id === id)!;

/** The discovery part of the sources manifest, as config/sources.manifest.json writes it, for two sessions. */
export function discoveryManifest(
  sessions = [
    { id: '43-2', opened: '2020-09-23' },
    { id: '44-1', opened: '2021-11-22' },
  ],
): SourcesManifest {
  return {
    version: 1,
    user_agent: 'canpol-test/0 (+https://example.invalid)',
    defaults: { timeout_ms: 2000, retries: 1, backoff_ms: 5, per_host: 2, spacing_ms: 0 },
    sessions,
    sources: [
      // The repo's own entries, with a smaller miss budget and one re-checked sitting (no revision
      // window: every sitting here was held minutes ago) so the tests stay short.
      {
        ...repo('hoc-debates'),
        required: false,
        discover: {
          ...(repo('hoc-debates').discover as Extract<Discover, { kind: 'numbered' }>),
          miss_budget: 3,
          recheck_last: 1,
          revision_days: 0,
        },
      },
      repo('hoc-votes'),
    ],
  };
}

export interface Meeting {
  number: number;
  docId: number;
  evidence: boolean;
  /** The meeting's day (`YYYY-MM-DD`), written in its row's class as the House does. */
  date?: string;
  /** The viewer has no XML export button (REGS and BILI never post XML). */
  noXml?: boolean;
}

/** The session's committee list in the House's layout (selectors: openparliament's parl_cmte.py;
 *  section ids: a public scraper of the List page): standing committees, then the joint committees'
 *  section; a committee's subcommittees inside its item, named "Name (ACRONYM)". Written by hand. */
export function publishCommitteeList(
  root: string,
  session: string,
  committees: { standing: string[]; joint?: string[]; subcommittees?: Record<string, string[]> },
): void {
  const [p, s] = session.split('-');
  const item = (a: string) => {
    const subs = (committees.subcommittees?.[a] ?? [])
      .map((x) => `<div class="subcommittee-item"><div class="subcommittee-name">Subcommittee ${x} (${x})</div></div>`)
      .join('');
    return `<div class="accordion-item"><div class="accordion-bar-title"><span class="committee-acronym-cell">${a}</span><span class="committee-name">Committee ${a}</span></div>${subs}</div>`;
  };
  const joint = committees.joint?.length
    ? `<div id="joint-committees-section" class="committees-list">\n${committees.joint.map(item).join('\n')}\n</div>`
    : '';
  put(
    root,
    HOUSE,
    `Committees/en/List?parl=${p}&session=${s}`,
    `<!DOCTYPE html><html><body><div id="standing-committees-section" class="committees-list">\n${committees.standing.map(item).join('\n')}\n</div>${joint}</body></html>`,
  );
}

/** A committee's meetings page on `host`, each meeting's evidence viewer with its XML export button,
 *  and the Evidence XML (a real one from ../shared/datasets) EN + FR, all on that host. */
export function publishMeetings(root: string, session: string, acronym: string, meetings: Meeting[], host = HOUSE): void {
  const [p, s] = session.split('-');
  const rows = meetings
    .map(
      (
        m,
      ) => `<div class="accordion-item${m.date ? ` meeting-item-${m.date}` : ''} "><div class="meeting-title"><span class="meeting-number">#${m.number}</span></div>
    <a class="btn btn-meeting-notice" href="//${host}/DocumentViewer/en/${session}/${acronym}/meeting-${m.number}/notice">Notice</a>
    ${m.evidence ? `<a class="btn btn-meeting-evidence" href="//${host}/DocumentViewer/en/${session}/${acronym}/meeting-${m.number}/evidence">Evidence</a>` : ''}</div>`,
    )
    .join('\n');
  put(
    root,
    host,
    `Committees/en/${acronym}/Meetings?parl=${p}&session=${s}`,
    `<!DOCTYPE html><html><body><div id="meeting-accordion">\n${rows}\n</div></body></html>`,
  );
  const en = gunzipSync(readFileSync(join(DATASETS, 'hoc-hansard-xml-samples', '12324877-en.xml.gz')));
  const fr = gunzipSync(readFileSync(join(DATASETS, 'hoc-hansard-xml-samples', '11796678-fr.xml.gz')));
  for (const m of meetings.filter((x) => x.evidence)) {
    const xml = `/Content/Committee/${p}${s}/${acronym}/Evidence/EV${m.docId}/${acronym}EV${m.number}`;
    const button = m.noXml ? '' : `<a class="btn btn-export-xml" href="${xml}-E.XML">XML</a>`;
    put(
      root,
      host,
      `DocumentViewer/en/${session}/${acronym}/meeting-${m.number}/evidence`,
      `<!DOCTYPE html><html><body><div class="btn-toolbar">${button}</div></body></html>`,
    );
    if (m.noXml) continue;
    put(root, host, `${xml.slice(1)}-E.XML`, en);
    put(root, host, `${xml.slice(1)}-F.XML`, fr);
  }
}

/** One standing committee of `session` with its meetings, in the House's page layout. */
export function publishCommittee(root: string, session: string, acronym: string, meetings: Meeting[], others: string[] = []): void {
  publishCommitteeList(root, session, { standing: [acronym, ...others] });
  publishMeetings(root, session, acronym, meetings);
}

/** The committee evidence source exactly as config/sources.manifest.json has it. */
export const committeeSource = repoManifest().sources.find((x) => x.id === 'hoc-committee-evidence')!;

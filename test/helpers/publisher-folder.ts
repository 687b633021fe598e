// A folder laid out as the federal publishers' hosts, for the loopback upstream's `root`: real House
// Debates XML (from ../shared/datasets) at the House's sitting URLs, and vote list / vote detail
// exports in the House's element names. Tests publish a document by calling these between runs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SourcesManifest } from '../../build-db/fetch/manifest-types.js';
import { DATASETS } from './nightly-manifest.js';

export const HOUSE = 'www.ourcommons.ca';

function put(root: string, host: string, path: string, body: string | Buffer): void {
  const file = join(root, host, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

/** A real sitting's XML (44-1 No. 303) published as sitting `number` of `session` ("44-1"). */
export function publishSitting(root: string, session: string, number: number, lang: 'E' | 'F' = 'E'): void {
  const [p, s] = session.split('-');
  const n3 = String(number).padStart(3, '0');
  const xml = gunzipSync(readFileSync(join(DATASETS, 'hoc-hansard-xml-samples', lang === 'E' ? '44-1-303-en.xml.gz' : '42-1-2-fr.xml.gz')));
  put(root, HOUSE, `Content/House/${p}${s}/Debates/${n3}/HAN${n3}-${lang}.XML`, xml);
}

export interface Division { number: number; date: string }

/** The session's vote list export, one `<Vote>` per division. */
export function publishVoteList(root: string, session: string, divisions: Division[]): void {
  const [p, s] = session.split('-');
  const votes = divisions.map((d) => `  <Vote>
    <ParliamentNumber>${p}</ParliamentNumber>
    <SessionNumber>${s}</SessionNumber>
    <DecisionEventDateTime>${d.date}T15:00:00</DecisionEventDateTime>
    <DecisionDivisionSubject>Division ${d.number}</DecisionDivisionSubject>
    <DecisionResultName>Agreed To</DecisionResultName>
    <DecisionDivisionNumberOfYeas>170</DecisionDivisionNumberOfYeas>
    <DecisionDivisionNumberOfNays>150</DecisionDivisionNumberOfNays>
    <DecisionDivisionNumberOfPaired>0</DecisionDivisionNumberOfPaired>
    <DecisionDivisionNumber>${d.number}</DecisionDivisionNumber>
  </Vote>`).join('\n');
  put(root, HOUSE, `members/en/votes/xml?parlSession=${p}-${s}`, `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfVote>\n${votes}\n</ArrayOfVote>\n`);
  for (const d of divisions) {
    put(root, HOUSE, `members/en/votes/${p}/${s}/${d.number}/xml`, `<?xml version="1.0" encoding="utf-8"?>
<ArrayOfVoteParticipant>
  <VoteParticipant><ParliamentNumber>${p}</ParliamentNumber><SessionNumber>${s}</SessionNumber><DecisionDivisionNumber>${d.number}</DecisionDivisionNumber><PersonId>89156</PersonId><PersonOfficialFirstName>Ziad</PersonOfficialFirstName><PersonOfficialLastName>Aboultaif</PersonOfficialLastName><ConstituencyName>Edmonton Manning</ConstituencyName><VoteValueName>Yea</VoteValueName><IsVoteYea>true</IsVoteYea><IsVoteNay>false</IsVoteNay><IsVotePaired>false</IsVotePaired></VoteParticipant>
</ArrayOfVoteParticipant>
`);
  }
}

const XML = { content_types: ['application/xml', 'text/xml'] };

/** The discovery part of the sources manifest, as config/sources.manifest.json writes it, for two sessions. */
export function discoveryManifest(sessions = [{ id: '43-2', opened: '2020-09-23' }, { id: '44-1', opened: '2021-11-22' }]): SourcesManifest {
  const base = { publisher: 'House of Commons of Canada', licence: 'test', attribution: 'test', required: false, format: 'xml' as const, files: [] };
  return {
    version: 1, user_agent: 'canpol-test/0 (+https://example.invalid)',
    defaults: { timeout_ms: 2000, retries: 1, backoff_ms: 5, per_host: 2, spacing_ms: 0 },
    sessions,
    sources: [
      {
        ...base, id: 'hoc-debates', importer: 'hoc-hansard', dataset_dir: 'hoc-hansard-xml-samples', check: { ...XML, min_bytes: 5000, root: 'Hansard' },
        discover: {
          kind: 'numbered', miss_budget: 3, recheck_last: 1, reprobe_days: 30,
          files: [
            { path: '{parliament}-{session}-{number}-en.xml.gz', url: 'https://www.ourcommons.ca/Content/House/{parliament}{session}/Debates/{number3}/HAN{number3}-E.XML' },
            { path: '{parliament}-{session}-{number}-fr.xml.gz', url: 'https://www.ourcommons.ca/Content/House/{parliament}{session}/Debates/{number3}/HAN{number3}-F.XML', optional: true },
          ],
        },
      },
      {
        ...base, id: 'hoc-votes', importer: null, dataset_dir: 'hoc-votes', check: XML,
        discover: {
          kind: 'index-list', item: 'Vote', key: 'DecisionDivisionNumber', date: 'DecisionEventDateTime', recheck: 'never',
          index: { path: 'votes-{parliament}-{session}.xml', url: 'https://www.ourcommons.ca/members/en/votes/xml?parlSession={parliament}-{session}', check: { ...XML, root: 'ArrayOfVote' } },
          detail: { path: '{parliament}-{session}/{key}.xml', url: 'https://www.ourcommons.ca/members/en/votes/{parliament}/{session}/{key}/xml', check: { ...XML, root: 'ArrayOfVoteParticipant' } },
        },
      },
    ],
  };
}

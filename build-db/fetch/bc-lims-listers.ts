// The BC Legislature's LIMS: its GraphQL list of sessions (`allSessions`, fetched by POST) names each
// session's LIMS id, which progress-of-bills is keyed by, and each parliament's id, which the members
// query takes. From `params.from_parliament` on: every session's bills (GET
// `/pdms/bills/progress-of-bills/<sessionId>`) and every parliament's members (POST
// `allMemberParliaments(condition: {parliamentId})`). LIMS answers an unknown session id with
// another session's bills, so ids are only ever taken from this list (the importer refuses a reply
// whose files name another session). Layouts: ../shared/datasets/provincial-samples/bc-bills/NOTES.md,
// and a real saved members answer (docs/importers.md, bc-members).
import type { Lister, ManifestFile } from './manifest-types.js';

/** The document server: GraphQL is served from api.lims.leg.bc.ca, the bills and V&P from here. */
const PDMS = 'https://lims.leg.bc.ca/pdms';

/** The fields the bc-members importer reads, in the shape of the saved answer. */
export const MEMBERS_QUERY =
  'query BcMembers($parliamentId: Int!) { allMemberParliaments(condition: {parliamentId: $parliamentId}) { nodes { memberId active ' +
  'partyByPartyId { name abbreviation } constituencyByConstituencyId { name } memberByMemberId { id firstName lastName middleName ' +
  'memberResignationsByMemberId { nodes { resignationDate } } memberElectionsByMemberId { nodes { electionDate } } } } } }';

type Node = { id?: unknown; number?: unknown; parliamentByParliamentId?: { id?: unknown; number?: unknown } | null };
type Session = { id: number; parliamentId: number; parliament: number; session: number };

/** 43 → "43rd": the LIMS folder of session 2 of the 43rd Parliament is "43rd2nd". */
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** The sessions of an allSessions answer from `from_parliament` on. */
function sessionsFrom(index: string, from: number): { sessions: Session[]; problems: string[] } {
  let nodes: Node[];
  try {
    nodes = JSON.parse(index)?.data?.allSessions?.nodes;
  } catch (err) {
    return { sessions: [], problems: [`sessions answer is not JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(nodes)) return { sessions: [], problems: ['sessions answer has no data.allSessions.nodes'] };
  const sessions: Session[] = [];
  const problems: string[] = [];
  for (const [i, s] of nodes.entries()) {
    const p = s?.parliamentByParliamentId;
    if (!Number.isInteger(s?.id) || !Number.isInteger(s?.number) || !Number.isInteger(p?.id) || !Number.isInteger(p?.number)) {
      problems.push(`session node ${i + 1}: no id and number or parliament id and number`);
      continue;
    }
    if ((p!.number as number) >= from)
      sessions.push({ id: s.id as number, parliamentId: p!.id as number, parliament: p!.number as number, session: s.number as number });
  }
  return { sessions, problems };
}

/** Each session's progress of bills, `bc-bills/bc_bills_<sessionId>.json`, and its Votes and
 *  Proceedings listing, `bc-votes/bc_vp_list_<43rd2nd>.json` (itself listed with `bc-lims-vp-days`). */
export const bcLimsBills: Lister = (index, _urlOf, _indexUrl = '', params = {}) => {
  const { sessions, problems } = sessionsFrom(index, Number(params.from_parliament ?? 0));
  const files: ManifestFile[] = sessions.flatMap((s) => {
    const folder = `${ordinal(s.parliament)}${ordinal(s.session)}`;
    return [
      {
        path: `bc-bills/bc_bills_${s.id}.json`,
        url: `${PDMS}/bills/progress-of-bills/${s.id}`,
        format: 'json' as const,
        check: { content_types: ['application/json'], min_bytes: 2 },
      },
      {
        path: `bc-votes/bc_vp_list_${folder}.json`,
        url: `${PDMS}/votes-and-proceedings/${folder}`,
        format: 'json' as const,
        check: { content_types: ['application/json'], min_bytes: 2 },
        list_with: 'bc-lims-vp-days',
      },
    ];
  });
  return { files: files.sort((a, b) => a.path.localeCompare(b.path)), problems };
};

/** A session's V&P listing (`allParliamentaryFileAttributes.nodes[]`: `fileName`, `filePath`
 *  "/ldp/43rd2nd/votes", `published`) → each published sitting day's file, `bc-votes/<43rd2nd>/<fileName>`,
 *  from `https://lims.leg.bc.ca/pdms<filePath>/<fileName>`. A day's file does not change once out. */
const VP_DAY = /^v\d{6}\.html?$/;
export const bcLimsVpDays: Lister = (index, _urlOf, indexUrl = '') => {
  let nodes: Array<{ fileName?: unknown; filePath?: unknown; published?: unknown }>;
  try {
    nodes = JSON.parse(index)?.allParliamentaryFileAttributes?.nodes;
  } catch (err) {
    return { files: [], problems: [`V&P listing is not JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(nodes)) return { files: [], problems: ['V&P listing has no allParliamentaryFileAttributes.nodes'] };
  const files: ManifestFile[] = [];
  const problems: string[] = [];
  for (const n of nodes) {
    const name = typeof n?.fileName === 'string' ? n.fileName.trim() : '';
    const folder = /^\/ldp\/(\d+(?:st|nd|rd|th)\d+(?:st|nd|rd|th))\/votes\/?$/.exec(typeof n?.filePath === 'string' ? n.filePath : '')?.[1];
    if (n?.published === false) continue;
    if (!VP_DAY.test(name) || !folder) {
      problems.push(
        `V&P listing: a file that is not a sitting day's (${JSON.stringify(n?.filePath ?? null)}/${JSON.stringify(n?.fileName ?? null)})`,
      );
      continue;
    }
    files.push({
      path: `bc-votes/${folder}/${name}`,
      url: new URL(`/pdms/ldp/${folder}/votes/${encodeURIComponent(name)}`, indexUrl).href,
      format: 'html',
      check: { content_types: ['text/html'], min_bytes: 200 },
      immutable: true,
    });
  }
  return { files: files.sort((a, b) => a.path.localeCompare(b.path)), problems };
};

/** Each parliament's members, `bc-members/bc_members_<number>.json`, by POST to the GraphQL URL the sessions came from. */
export const bcLimsMembers: Lister = (index, _urlOf, indexUrl = '', params = {}) => {
  const { sessions, problems } = sessionsFrom(index, Number(params.from_parliament ?? 0));
  const parliaments = new Map(sessions.map((s) => [s.parliament, s.parliamentId]));
  const files: ManifestFile[] = [...parliaments].map(([number, id]) => ({
    path: `bc-members/bc_members_${number}.json`,
    url: indexUrl,
    format: 'json',
    check: { content_types: ['application/json'], min_bytes: 20 },
    graphql: { operationName: 'BcMembers', query: MEMBERS_QUERY, variables: { parliamentId: id } },
  }));
  return { files: files.sort((a, b) => a.path.localeCompare(b.path)), problems };
};

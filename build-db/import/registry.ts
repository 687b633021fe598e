// Every importer, in the order `import --all` runs them: people first, so that the importers after
// them resolve sponsors, speakers and voters against the politicians already imported.
import type { Importer } from './types.js';
import { hocMembersImporter } from './hoc-members/index.js';
import { parlinfoImporter } from './parlinfo/index.js';
import { everypoliticianImporter } from './everypolitician/index.js';
import { openparliamentImporter } from './openparliament/index.js';
import { hocMembersByParliamentImporter } from './hoc-members-by-parliament/index.js';
import { mpHandlesImporter } from './mp-handles/index.js';
import { wikidataSocialsImporter } from './wikidata/index.js';
import { parlBillsImporter } from './parl-bills/index.js';
import { hocHansardImporter } from './hoc-hansard/index.js';
import { bcHansardImporter } from './bc-hansard/index.js';
import { bcLimsImporter } from './bc-lims/index.js';
import { ontarioMembersImporter } from './ontario-members/index.js';
import { ontarioHansardImporter } from './ontario-hansard/index.js';
import { ontarioBillsImporter } from './ontario-bills/index.js';
import { ontarioCommitteesImporter } from './ontario-committees/index.js';
import { fedRidings2013Importer } from './fed-ridings-2013/index.js';
import { fedRidings2023Importer } from './fed-ridings-2023/index.js';
import { representBoundariesImporter } from './represent-boundaries/index.js';
import { representRepresentativesImporter } from './represent-representatives/index.js';
import { fsaCentroidsImporter } from './postal-fsa-centroids/index.js';
import { narAddressesImporter } from './nar-addresses/index.js';
import { hocVotesImporter } from './hoc-votes/index.js';
import { qcMembersImporter } from './qc-assnat/members.js';
import { qcHansardImporter } from './qc-assnat/hansard.js';
import { qcBillsImporter } from './qc-assnat/bills.js';
import { qcVotesImporter } from './qc-assnat/votes.js';
import { abMembersImporter } from './ab-assembly/members.js';
import { abBillsImporter } from './ab-assembly/bills.js';
import { abVotesImporter } from './ab-assembly/votes.js';
import { abHansardImporter } from './ab-assembly/hansard.js';
import { nsMembersImporter } from './ns-hansard/members.js';
import { nsHansardImporter } from './ns-hansard/index.js';
import { bcMembersImporter } from './bc-members/index.js';
import { nsBillsImporter } from './ns-bills/index.js';
import { bcCommitteesImporter } from './bc-committees/index.js';

export const IMPORTERS: readonly Importer[] = [
  // People first, the sources with House PersonIds and dated seats before those that join on names.
  hocMembersImporter,
  parlinfoImporter,
  everypoliticianImporter,
  openparliamentImporter,
  // The freshest House roster (every Parliament the nightly fetched): after the older people sources,
  // so a row without a PersonId finds its ParlInfo person by name, riding and dates; before the acts.
  hocMembersByParliamentImporter,
  // The provincial rosters before the acts that link to them (Québec, Alberta, Nova Scotia).
  qcMembersImporter,
  abMembersImporter,
  nsMembersImporter,
  // BC's roster before the BC bills (sponsors by LIMS member id) and Hansard that link to it.
  bcMembersImporter,
  mpHandlesImporter,
  // After the 2022 list: a handle both give the same person stays the list's record.
  wikidataSocialsImporter,
  // Ontario's roster before the Ontario Hansard that links to it.
  ontarioMembersImporter,
  parlBillsImporter,
  hocHansardImporter,
  hocVotesImporter,
  bcLimsImporter,
  bcHansardImporter,
  // BC committee transcripts: after the BC roster, linked like the House's turns.
  bcCommitteesImporter,
  // The ridings in force before those they replace: the 2013 importer marks its set superseded by them.
  fedRidings2023Importer,
  // Ontario's bills before its Hansard, whose divisions name a bill only when it is in the bundle.
  ontarioBillsImporter,
  ontarioHansardImporter,
  // After the Hansard and the bills: a meeting's session is one of theirs, found by its date.
  ontarioCommitteesImporter,
  fedRidings2013Importer,
  // Provincial acts: after their rosters, before Represent's rosters (nothing after those resolves people).
  qcHansardImporter,
  // After the Journal des débats: a session it dated keeps that date.
  qcBillsImporter,
  // After the bills: a division on a bill of the session names it.
  qcVotesImporter,
  abBillsImporter,
  abVotesImporter,
  abHansardImporter,
  nsHansardImporter,
  nsBillsImporter,
  representBoundariesImporter,
  // After the boundaries it joins to; nothing after it resolves people against its rosters.
  representRepresentativesImporter,
  fsaCentroidsImporter,
  narAddressesImporter,
];

export function importerByKind(kind: string): Importer | undefined {
  return IMPORTERS.find((i) => i.kind === kind);
}

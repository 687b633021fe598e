// LIMS Votes and Proceedings listing JSON (one per session folder): the sitting days' V&P files and
// the V&P issue numbers each holds ("43 and 44": the morning's and the afternoon's Votes and
// Proceedings of that day, as the file's own title says, not division numbers).
import type { ImportContext } from '../types.js';

interface Node {
  fileName?: string;
  filePath?: string;
  date?: string;
  votesAttributesByFileId?: { nodes?: Array<{ voteNumbers?: string | null }> };
}

export interface ListedDay {
  /** "43rd2nd", from `filePath` "/ldp/43rd2nd/votes". */
  folder: string | null;
  fileName: string;
  date: string | null;
  issues: number[];
  url: string | null;
}

/** "4 and 5", "12, 13 and 14", "7" → [4, 5] … */
export const voteNumbers = (text: string): number[] => (text.match(/\d+/g) ?? []).map(Number);

export function readVotesListing(json: unknown, file: string, ctx: ImportContext): ListedDay[] {
  const nodes = (json as { allParliamentaryFileAttributes?: { nodes?: unknown } })?.allParliamentaryFileAttributes?.nodes;
  if (!Array.isArray(nodes)) {
    ctx.skip({ file, record: 'whole file', reason: 'votes listing without allParliamentaryFileAttributes.nodes' });
    return [];
  }
  return (nodes as Node[])
    .filter((n) => n?.fileName)
    .map((n) => ({
      folder: /^\/ldp\/([^/]+)\/votes\/?$/.exec(n.filePath ?? '')?.[1] ?? null,
      fileName: n.fileName!,
      date: n.date?.slice(0, 10) ?? null,
      issues: (n.votesAttributesByFileId?.nodes ?? []).flatMap((v) => voteNumbers(v.voteNumbers ?? '')),
      url: n.filePath ? `https://lims.leg.bc.ca/pdms${n.filePath.replace(/\/$/, '')}/${n.fileName}` : null,
    }));
}

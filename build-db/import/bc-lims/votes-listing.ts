// LIMS Votes and Proceedings listing JSON (one per session folder): which sitting day's V&P file
// holds which recorded divisions ("4 and 5"). The divisions themselves (result, names) are in those
// HTML files, which this dataset does not hold: each listed division is reported, none is made up.
import type { ImportContext } from '../types.js';

interface Node {
  fileName?: string;
  filePath?: string;
  date?: string;
  votesAttributesByFileId?: { nodes?: Array<{ voteNumbers?: string | null }> };
}

/** "4 and 5", "12, 13 and 14", "7" → [4, 5] … */
export const voteNumbers = (text: string): number[] => (text.match(/\d+/g) ?? []).map(Number);

export function readVotesListing(json: unknown, file: string, ctx: ImportContext): { files: number; divisions: number } {
  const nodes = (json as { allParliamentaryFileAttributes?: { nodes?: unknown } })?.allParliamentaryFileAttributes?.nodes;
  if (!Array.isArray(nodes)) {
    ctx.skip({ file, record: 'whole file', reason: 'votes listing without allParliamentaryFileAttributes.nodes' });
    return { files: 0, divisions: 0 };
  }
  let divisions = 0;
  for (const n of nodes as Node[]) {
    const url = n.fileName && n.filePath ? `https://lims.leg.bc.ca/pdms${n.filePath}/${n.fileName}` : null;
    const numbers = (n.votesAttributesByFileId?.nodes ?? []).flatMap((v) => voteNumbers(v.voteNumbers ?? ''));
    for (const k of numbers) {
      divisions++;
      ctx.skip({
        file,
        record: `division ${k} of ${n.date?.slice(0, 10) ?? '?'}`,
        reason: 'division listed; its Votes and Proceedings file is not in the dataset',
        detail: url ?? 'no file named',
      });
    }
  }
  return { files: nodes.length, divisions };
}

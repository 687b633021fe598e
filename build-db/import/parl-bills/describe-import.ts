// The manifest source and the federal coverage claim. Bills are claimed `live`: every bill LEGISinfo
// has, from 35-1 (1994, where LEGISinfo starts) to the active session as of the scrape, with
// links back to LEGISinfo; the limits are named in the notes. Votes are `partial`: division totals
// named on bills only, no member ballots, no divisions on other business.
import { readSourceNotes } from '../source-notes.js';
import type { ImportOutput } from '../types.js';
import { readVintage } from './vintage.js';

export function describeImport(
  from: string,
  sessionKeys: string[],
  bills: number,
  votes: number,
): Pick<ImportOutput, 'sources' | 'coverage'> {
  const notes = readSourceNotes(from);
  const vintage = readVintage(from);
  const repo = notes.repository ? `https://github.com/${notes.repository}` : undefined;
  const sessions = sessionKeys.map((k) => k.replace('ca/session/', ''));
  const scraped = vintage.lastUpdated
    ? `as scraped ${vintage.lastUpdated.slice(0, 10)}${vintage.active.length ? ` (${vintage.active.join(', ')} active)` : ''}`
    : 'scrape date unknown';
  return {
    sources: [
      {
        id: 'legisinfo-bills',
        version: notes.commit ?? vintage.lastUpdated ?? 'unknown',
        ...(repo ? { url: repo } : {}),
        ...(vintage.lastUpdated ? { retrieved_at: vintage.lastUpdated } : {}),
        licence: 'Contains information licensed under the Open Government Licence – Canada. Source: Parliament of Canada (LEGISinfo).',
      },
    ],
    coverage: [
      {
        jurisdiction: 'federal',
        bills: 'live',
        votes: 'partial',
        ...(vintage.lastUpdated ? { last_verified_at: vintage.lastUpdated } : {}),
        source_urls: { bills: 'https://www.parl.ca/legisinfo/', ...(repo ? { bills_scrape: repo } : {}) },
        notes:
          `Federal bills: every LEGISinfo bill of ${sessions[0] ?? '?'} to ${sessions.at(-1) ?? '?'} (${bills}), ${scraped}; ` +
          'stage events from 37-1 on (35-1 to 36-2: reading and royal assent dates only); one sponsor per bill. ' +
          `Votes: totals of ${votes} recorded House divisions named on bills, without member ballots.`,
      },
    ],
  };
}

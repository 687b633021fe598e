// The change report of one nightly run (JSON for machines, Markdown for people).
import type { FetchReport } from '../fetch/run-fetch.js';
import type { VerifyResult } from '../../src/core/data-file/verify-data-file.js';
import type { TableChange } from './change-report.js';
import type { GuardResult } from './guards.js';
import type { SkippedSummary } from './import-report-summary.js';
import type { TableRemovals } from './removals.js';

export interface PipelineReport {
  /** published: a new file is out; unchanged: inputs identical to the last release, nothing built;
   *  failed: a guard tripped or a step failed, nothing published. */
  status: 'published' | 'unchanged' | 'failed';
  started_at: string;
  finished_at: string;
  seconds: number;
  timings: Record<string, number>;
  error: string | null;
  inputs_digest: string;
  build: { id: string | null; previous_id: string | null; sha256: string | null; bytes: number | null };
  fetch: { totals: FetchReport['totals']; seconds: number };
  sources: Array<{
    id: string;
    status: string;
    required: boolean;
    changed: boolean;
    importer: string | null;
    errors: string[];
    items: { new: string[]; changed: string[]; removed: string[] };
    /** Backfill left at the fetch deadline (build-db/fetch/run-fetch.ts): the next night continues it. */
    backfill?: FetchReport['sources'][number]['backfill'];
  }>;
  stale_sources: string[];
  missing_sources: string[];
  /** Sources published with a backfill cut at the fetch deadline. */
  partial_sources: string[];
  tables: Record<string, TableChange>;
  /** Rows of the last release gone from this file, per table, with the reasons found (null: no previous file). */
  removals: TableRemovals[] | null;
  attribution: Record<string, { total: number; linked: number; rate: number }>;
  skipped: SkippedSummary | null;
  search: { encoder: string; chunks: number; embedded: number; reused: number } | null;
  guards: GuardResult[];
  verify: VerifyResult | null;
}

const pct = (r: number) => `${(r * 100).toFixed(1)} %`;

export function reportMarkdown(r: PipelineReport): string {
  const lines = [
    `# Nightly ${r.status}: ${r.finished_at}`,
    '',
    `Build ${r.build.id ?? '—'} (previous ${r.build.previous_id ?? 'none'}), ${r.seconds.toFixed(1)} s: ${Object.entries(r.timings)
      .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
      .join(', ')}.`,
  ];
  if (r.error) lines.push('', `**Error:** ${r.error}`);
  lines.push('', '## Guards', '', ...r.guards.map((g) => `- ${g.ok ? 'ok' : '**FAILED**'} ${g.guard}: ${g.detail}`));
  lines.push(
    '',
    '## Sources',
    '',
    `Files: ${r.fetch.totals.updated} updated, ${r.fetch.totals.unchanged} unchanged, ${r.fetch.totals.stale} stale, ${r.fetch.totals.missing} missing, ${r.fetch.totals.absent} absent; ${r.fetch.totals.requests} requests.`,
    '',
    '| source | status | new | changed | removed | errors |',
    '|---|---|---:|---:|---:|---|',
    ...r.sources.map(
      (s) =>
        `| ${s.id}${s.required ? ' (required)' : ''} | ${s.status} | ${s.items.new.length} | ${s.items.changed.length} | ${s.items.removed.length} | ${s.errors.slice(0, 3).join('; ').replace(/\|/g, '\\|')} |`,
    ),
  );
  const partial = r.sources.filter((s) => s.backfill);
  if (partial.length)
    lines.push(
      '',
      '## Partial backfill',
      '',
      'The fetch deadline passed before these backfills finished; what was fetched is published, the rest comes on the next nights.',
      '',
      ...partial.map(
        (s) =>
          `- ${s.id}: ${s.backfill!.deferred} file(s) not fetched yet${s.backfill!.first.length ? ` (${s.backfill!.first.slice(0, 5).join(', ')}${s.backfill!.deferred > 5 ? ' …' : ''})` : ''}, ${s.backfill!.rechecks_deferred} re-check(s) left`,
      ),
    );
  const named = r.sources.filter((s) => s.items.new.length + s.items.changed.length + s.items.removed.length);
  if (named.length) {
    const list = (xs: string[]) =>
      xs.length > 20 ? `${xs.slice(0, 20).join(', ')} … (${xs.length - 20} more in report.json)` : xs.join(', ');
    lines.push(
      '',
      '## Items',
      '',
      ...named.flatMap((s) => [
        ...(s.items.new.length ? [`- ${s.id} new: ${list(s.items.new)}`] : []),
        ...(s.items.changed.length ? [`- ${s.id} changed: ${list(s.items.changed)}`] : []),
        ...(s.items.removed.length ? [`- ${s.id} **removed upstream** (last copy kept): ${list(s.items.removed)}`] : []),
      ]),
    );
  }
  if (Object.keys(r.tables).length) {
    lines.push(
      '',
      '## Tables',
      '',
      '| table | previous | current | added | removed | changed |',
      '|---|---:|---:|---:|---:|---:|',
      ...Object.entries(r.tables).map(
        ([t, c]) => `| ${t} | ${c.previous ?? '—'} | ${c.current} | ${c.added} | ${c.removed} | ${c.changed ?? '—'} |`,
      ),
    );
  }
  if (r.removals?.length) {
    lines.push(
      '',
      '## Removed records',
      '',
      ...r.removals.flatMap((t) => [
        `- ${t.table} −${t.removed}${t.explained ? '' : ' **UNEXPLAINED**'}: ${t.sample.slice(0, 5).join(', ')}${t.removed > 5 ? ' …' : ''}`,
        ...t.reasons.map((x) => `  - ${x.kind}: ${x.detail.replace(/\|/g, '\\|')}`),
      ]),
    );
  }
  if (Object.keys(r.attribution).length)
    lines.push(
      '',
      '## Attribution',
      '',
      ...Object.entries(r.attribution).map(([k, a]) => `- ${k}: ${a.linked}/${a.total} (${pct(a.rate)})`),
    );
  if (r.search)
    lines.push(
      '',
      `Search: encoder ${r.search.encoder}, ${r.search.chunks} chunks, ${r.search.embedded} embedded, ${r.search.reused} reused.`,
    );
  if (r.skipped) {
    lines.push('', `## Skipped records: ${r.skipped.total}`, '');
    for (const [imp, reasons] of Object.entries(r.skipped.by_importer))
      for (const [reason, n] of Object.entries(reasons)) lines.push(`- ${imp}: ${n} ${reason}`);
  }
  return `${lines.join('\n')}\n`;
}

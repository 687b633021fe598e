// Checks across boundary records: one boundary per (source_set, slug), one level and province per
// set, supersession pointing at a set of the bundle, dates in order, and each geometry's structure.
import type { SourceRecords } from './files.js';
import { checkGeometry } from './check-geometry.js';
import type { SourceIssue } from './read-bundle.js';

export function checkBoundaries(rows: SourceRecords['boundaries']): SourceIssue[] {
  const issues: SourceIssue[] = [];
  const issue = (file: string, line: number, field: string | null, message: string) => issues.push({ file, line, field, message });
  const seen = new Map<string, { file: string; line: number }>();
  const sets = new Map<string, { level: string; file: string; line: number }>();

  for (const { file, line, record } of rows) {
    const id = `${record.source_set}/${record.slug}`;
    const first = seen.get(id);
    if (first)
      issue(
        file,
        line,
        'slug',
        `duplicate boundary ${JSON.stringify(id)} (first on ${first.file === file ? '' : `${first.file} `}line ${first.line})`,
      );
    else seen.set(id, { file, line });

    // A set is one map: the lookup picks one winner per level, so a set cannot span levels.
    const set = sets.get(record.source_set);
    if (!set) sets.set(record.source_set, { level: record.level, file, line });
    else if (set.level !== record.level)
      issue(file, line, 'level', `source_set ${record.source_set} is ${set.level} on line ${set.line}; a set has one level`);

    if (record.level === 'federal' && record.province_territory !== null)
      issue(file, line, 'province_territory', 'must be null for federal records');
    if (record.level !== 'federal' && record.province_territory === null)
      issue(file, line, 'province_territory', `is required for ${record.level} records`);
    if (record.effective_from && record.effective_to && record.effective_to < record.effective_from)
      issue(file, line, 'effective_to', 'must not be before effective_from');
    for (const g of checkGeometry(record.geometry)) issue(file, line, g.field, g.message);
  }

  for (const { file, line, record } of rows) {
    if (record.superseded_by === null) continue;
    if (record.superseded_by === record.source_set) issue(file, line, 'superseded_by', 'must name another source_set');
    else if (!sets.has(record.superseded_by))
      issue(file, line, 'superseded_by', `no boundary has source_set ${JSON.stringify(record.superseded_by)}`);
  }
  return issues;
}

// Writing the Prometheus text exposition format 0.0.4: HELP/TYPE lines, escaped label values.
export type Labels = Readonly<Record<string, string>>;

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const escapeHelp = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

export function formatLabels(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

/** A number as Prometheus writes it (+Inf, -Inf, NaN spelled out). */
export function formatValue(n: number): string {
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return Number.isNaN(n) ? 'NaN' : String(n);
}

export function family(name: string, type: 'counter' | 'gauge' | 'histogram', help: string, samples: Array<[string, Labels, number]>): string {
  const lines = [`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`];
  for (const [suffix, labels, value] of samples) lines.push(`${name}${suffix}${formatLabels(labels)} ${formatValue(value)}`);
  return lines.join('\n');
}

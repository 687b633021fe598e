// A small parser of the Prometheus text format 0.0.4, strict enough to catch malformed output:
// every sample belongs to a family declared by # HELP and # TYPE lines before it.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  types: Map<string, string>;
  samples: Sample[];
  /** The value of the one sample with this name and these labels (exactly), or undefined. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;

export function parsePrometheus(text: string): Scrape {
  if (!text.endsWith('\n')) throw new Error('exposition must end with a newline');
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('# HELP ')) {
      helps.add(line.split(' ')[2]);
      continue;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(type)) throw new Error(`bad type line: ${line}`);
      types.set(name, type);
      continue;
    }
    if (line.trim() === '') continue; // the format allows empty lines between families
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`bad sample line: ${JSON.stringify(line)}`);
    const [, name, , body = '', raw] = m;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const l = LABEL.exec(body);
      if (!l) throw new Error(`bad labels: ${body}`);
      labels[l[1]] = l[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    const base = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(base) || !helps.has(base)) throw new Error(`sample ${name} has no # HELP/# TYPE`);
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw);
    if (Number.isNaN(value) && raw !== 'NaN') throw new Error(`bad value ${raw}`);
    samples.push({ name, labels, value });
  }
  const same = (a: Record<string, string>, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);
  return {
    types,
    samples,
    value: (name, labels = {}) => samples.find((s) => s.name === name && same(s.labels, labels))?.value,
  };
}

// Readers for the two deployment files in docs/deploy/, enough for the tests to check them against
// the code: the sections and keys of a systemd unit, and the stages and instructions of a Dockerfile.

export type Unit = Record<string, Record<string, string[]>>;

/** A systemd unit file: section -> key -> every value given (a key may repeat). */
export function parseUnit(text: string): Unit {
  const unit: Unit = {};
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[(.+)\]$/.exec(line);
    if (head) {
      section = head[1]!;
      unit[section] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0 || !section) throw new Error(`not a unit line: ${line}`);
    (unit[section]![line.slice(0, eq)] ??= []).push(line.slice(eq + 1));
  }
  return unit;
}

/** systemd time spans as the unit writes them here: `20s`, `2min`, `500ms`, or bare seconds. */
export function seconds(span: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|min)?$/.exec(span.trim());
  if (!m) throw new Error(`unsupported time span ${span}`);
  return Number(m[1]) * (m[2] === 'ms' ? 0.001 : m[2] === 'min' ? 60 : 1);
}

export interface Instruction {
  op: string;
  args: string;
}
export interface Stage {
  from: string;
  name?: string;
  steps: Instruction[];
}

/** A Dockerfile: its stages, each with its instructions (continuations joined, comments dropped). */
export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw)) continue;
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole) logical.push(whole);
  }
  const stages: Stage[] = [];
  for (const l of logical) {
    const sp = l.indexOf(' ');
    const op = l.slice(0, sp).toUpperCase();
    const args = l
      .slice(sp + 1)
      .replace(/\s+/g, ' ')
      .trim();
    if (op === 'FROM') {
      const m = /^(\S+)(?: AS (\S+))?$/i.exec(args);
      if (!m) throw new Error(`FROM ${args}`);
      stages.push({ from: m[1]!, name: m[2], steps: [] });
    } else {
      if (!stages.length) throw new Error(`${op} before FROM`);
      stages.at(-1)!.steps.push({ op, args });
    }
  }
  return stages;
}

/** The JSON array form of CMD/ENTRYPOINT/HEALTHCHECK CMD (the shell form is refused: no shell
 *  should stand between Docker's signals and the server). */
export function execForm(args: string): string[] {
  const list = JSON.parse(args) as unknown;
  if (!Array.isArray(list) || !list.every((a) => typeof a === 'string')) throw new Error(`not an exec form: ${args}`);
  return list as string[];
}

/** The value following `flag` in an argument list. */
export function flagValue(argv: string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** argv with the value of each given flag replaced. */
export function withFlags(argv: string[], values: Record<string, string>): string[] {
  return argv.map((a, i) => (i > 0 && argv[i - 1]! in values ? values[argv[i - 1]!]! : a));
}

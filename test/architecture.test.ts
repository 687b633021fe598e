// The floor plan, checked: src/core imports nothing of ours outside itself; the server (src/server)
// and the build (build-db) import src/core and themselves only; the CLI (src/cli) sits on top and
// may import everything; and no module reaches itself through its imports.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const REPO = join(import.meta.dir, '..');
const LAYERS = ['src/core', 'src/server', 'src/cli', 'build-db'] as const;
type Layer = (typeof LAYERS)[number];
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  'src/core': ['src/core'],
  'src/server': ['src/core', 'src/server'],
  'build-db': ['src/core', 'build-db'],
  'src/cli': ['src/core', 'src/server', 'src/cli', 'build-db'],
};
const DATA_FILES = ['package', 'config/'];
// Static imports, re-exports, type imports and dynamic import() of relative paths.
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function tsFiles(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}
const layerOf = (file: string): Layer | null => LAYERS.find((l) => file.startsWith(`${l}/`)) ?? null;
const moduleOf = (file: string) => file.replace(/\.(ts|js|json)$/, '');

const graph = new Map<string, string[]>();
for (const file of [...tsFiles('src'), ...tsFiles('build-db')]) {
  const text = readFileSync(join(REPO, file), 'utf8');
  const targets = [...text.matchAll(SPECIFIER)].map((m) => moduleOf(normalize(join(dirname(file), m[1]))));
  graph.set(moduleOf(file), targets);
}

describe('the floor plan', () => {
  test('every module of src/ lives in one of the layers', () => {
    expect([...graph.keys()].filter((m) => !layerOf(m))).toEqual([]);
  });

  test('no import crosses to a layer it may not reach', () => {
    const crossings: string[] = [];
    for (const [from, targets] of graph) {
      const allowed = MAY_IMPORT[layerOf(from)!];
      for (const to of targets) {
        const l = layerOf(to);
        if (l && !allowed.includes(l)) crossings.push(`${from} -> ${to}`);
        // Outside the layers only data may be imported: package.json and the project's config files.
        if (!l && !DATA_FILES.some((d) => relative(REPO, join(REPO, to)).startsWith(d)))
          crossings.push(`${from} -> ${to} (outside the layers)`);
      }
    }
    expect(crossings).toEqual([]);
  });

  test('no import cycle', () => {
    // Tarjan's strongly connected components: any component of two or more modules is a cycle.
    const index = new Map<string, number>(),
      low = new Map<string, number>(),
      stack: string[] = [],
      on = new Set<string>();
    const cycles: string[][] = [];
    let next = 0;
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next);
      next++;
      stack.push(v);
      on.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!graph.has(w)) continue;
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });
});

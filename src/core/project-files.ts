// The project's own files that commands read at run time (config/). They are imported, so esbuild
// writes them into dist/canpol.mjs and the single binary's bundle: a path computed from a module's
// URL only works from the sources (from the bundle it points outside the checkout).
import representBoundarySets from '../../config/represent-boundary-sets.json' with { type: 'json' };

const FILES = {
  'config/represent-boundary-sets.json': representBoundarySets,
} as const;

export type ProjectFile = keyof typeof FILES;

/** A fresh copy of the file's JSON, so no caller can change what the next one reads. */
export function projectJson<K extends ProjectFile>(name: K): (typeof FILES)[K] {
  return structuredClone(FILES[name]);
}

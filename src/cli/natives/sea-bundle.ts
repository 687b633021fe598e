// The single binary's bundle: src/cli/binary-entry.ts and everything it imports, as one CommonJS file
// (what a Node single-executable application runs). Each Node addon the packages require by path
// becomes a call to embeddedAddon (native-files.ts), which loads the copy unpacked from the
// executable; the rest is the same code dist/canpol.mjs runs.
import { build, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSETS } from './assets.js';

/** Where onnxruntime-node requires its addon, a path esbuild cannot follow (it is computed). */
const ONNX_ADDON_REQUIRE = /require\(`\.\.\/bin\/napi-v6\/\$\{process\.platform\}\/\$\{process\.arch\}\/onnxruntime_binding\.node`\)/;

function embeddedAddons(root: string): Plugin {
  const nativeFiles = join(root, 'src/core/natives/native-files.ts');
  const addon = (asset: string) => `require(${JSON.stringify(nativeFiles)}).embeddedAddon(${JSON.stringify(asset)})`;
  return {
    name: 'canpol-embedded-addons',
    setup(b) {
      // better-sqlite3's main entry finds its addon with a computed path; its per-platform entry
      // requires the prebuilt addon by a literal path, which the next rule replaces.
      b.onResolve({ filter: /^better-sqlite3$/ }, () => ({
        path: join(root, 'node_modules/better-sqlite3/lib', `${process.platform}-${process.arch}.js`),
      }));
      // koffi's entry looks for its addon at computed paths; the binary hands it the embedded one
      // (its exports are the API; the entry only adds deprecated aliases around them).
      b.onResolve({ filter: /^koffi$/ }, () => ({ path: 'koffi', namespace: 'canpol-koffi' }));
      b.onLoad({ filter: /.*/, namespace: 'canpol-koffi' }, () => ({
        contents: `module.exports = ${addon(ASSETS.koffi)};`,
        loader: 'js',
        resolveDir: root,
      }));
      b.onResolve({ filter: /\.node$/ }, (a) => ({ path: join(a.resolveDir, a.path), namespace: 'canpol-addon' }));
      b.onLoad({ filter: /better-sqlite3[/\\]prebuilds[/\\]/, namespace: 'canpol-addon' }, () => ({
        contents: `module.exports = ${addon(ASSETS.sqlite)};`,
        loader: 'js',
        resolveDir: root,
      }));
      b.onLoad({ filter: /.*/, namespace: 'canpol-addon' }, (a) => ({
        errors: [{ text: `a Node addon the binary does not carry: ${a.path}` }],
      }));
      b.onLoad({ filter: /onnxruntime-node[/\\]dist[/\\]binding\.js$/ }, (a) => {
        const source = readFileSync(a.path, 'utf8');
        if (!ONNX_ADDON_REQUIRE.test(source))
          return {
            errors: [{ text: `${a.path}: onnxruntime-node no longer requires its addon as expected; see src/cli/natives/sea-bundle.ts` }],
          };
        return { contents: source.replace(ONNX_ADDON_REQUIRE, addon(ASSETS.onnxBinding)), loader: 'js' };
      });
    },
  };
}

/** Writes the bundle to `outfile`. */
export async function bundleForBinary(root: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(root, 'src/cli/binary-entry.ts')],
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    outfile,
    minify: false,
    logLevel: 'warning',
    plugins: [embeddedAddons(root)],
    // CommonJS has no import.meta: the program's URL is the executable's (what the bundle's own
    // file is for dist/canpol.mjs: builderFingerprint hashes it), and no module is the main one.
    define: { 'import.meta.url': '__canpolSelfUrl', 'import.meta.main': 'false' },
    banner: { js: 'var __canpolSelfUrl = require("node:url").pathToFileURL(process.execPath).href;' },
  });
}

// What every benchmark script does the same way: its command line (usage on --help and on a bad
// option), its exit on a usage error, and the code state it reports its figures against.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

/** A script's `fail(message, code)`: the message on stderr, prefixed with the script's name. */
export const failWith =
  (prefix) =>
  (message, code = 1) => {
    console.error(`${prefix}: ${message}`);
    process.exit(code);
  };

/** The options of `argv` (strict, --help built in); a bad option prints the usage and exits 2. */
export function parseCommandLine(argv, options, usage, fail) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    fail(`${err.message}\n\n${usage}`, 2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** The commit the figures are for, and whether src/ or build-db/ had changes on top of it. */
export function gitState(root) {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'build-db'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return dirty ? `${head} with uncommitted changes in src/ or build-db/` : head;
  } catch {
    return 'unknown';
  }
}

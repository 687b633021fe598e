// A file of a git repository named by a full commit id cannot change: once held it is never
// requested again, whether the manifest or a lister names it (raw.githubusercontent.com serves
// `/<owner>/<repo>/<commit>/<path>`; a branch or tag name there can move, so it is not pinned).
const RAW_AT_COMMIT = /^\/[^/]+\/[^/]+\/[0-9a-f]{40}\//;

export function pinnedToCommit(url: string): boolean {
  try {
    const u = new URL(url);
    return u.host === 'raw.githubusercontent.com' && RAW_AT_COMMIT.test(u.pathname);
  } catch {
    return false;
  }
}

// A file of a GitHub repository at a commit (raw.githubusercontent.com/<owner>/<repo>/<commit>/<path>)
// is also a member of that commit's archive (codeload.github.com/<owner>/<repo>/tar.gz/<commit>,
// whose members sit under one top folder `<repo>-<commit>/`): thousands of files, one request.

export interface RepoAtCommit {
  owner: string;
  repo: string;
  commit: string;
}

const COMMIT = /^[0-9a-f]{40}$/;

/** The repository, commit and path of a raw.githubusercontent.com URL at a full commit id, else null. */
export function rawFileAt(url: string): (RepoAtCommit & { path: string }) | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.host !== 'raw.githubusercontent.com' || u.search) return null;
  const [, owner, repo, commit, ...rest] = u.pathname.split('/');
  if (!owner || !repo || !COMMIT.test(commit ?? '') || !rest.length) return null;
  let path: string;
  try {
    path = rest.map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return { owner, repo, commit, path };
}

/** The repository and commit of a codeload.github.com tarball URL, else null. */
export function archiveAt(url: string): RepoAtCommit | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const [, owner, repo, kind, commit, ...rest] = u.pathname.split('/');
  if (u.host !== 'codeload.github.com' || u.search || kind !== 'tar.gz' || rest.length || !owner || !repo || !COMMIT.test(commit ?? ''))
    return null;
  return { owner, repo, commit };
}

/** Where `fileUrl` lies inside the archive at `archiveUrl` (path below the top folder), or null when
 *  the file is not of that repository at that commit. */
export function memberOf(fileUrl: string, archiveUrl: string): string | null {
  const file = rawFileAt(fileUrl);
  const archive = archiveAt(archiveUrl);
  if (!file || !archive) return null;
  const same = file.owner.toLowerCase() === archive.owner.toLowerCase() && file.repo.toLowerCase() === archive.repo.toLowerCase();
  return same && file.commit === archive.commit ? file.path : null;
}

/** A member's path without the archive's top folder (`<repo>-<commit>/`); null for the folder itself. */
export function withoutTopFolder(path: string): string | null {
  const slash = path.indexOf('/');
  return slash < 0 || slash === path.length - 1 ? null : path.slice(slash + 1);
}

// A loopback "upstream": serves the real files of ../shared/datasets under the paths the sources
// manifest gives (through the --upstream-mirror layout MIRROR/HOST/PATH), and any folder laid out as
// the real hosts (`ROOT/HOST/PATH`, a query string kept in the file name: `…/votes/xml?parlSession=44-1`),
// so a new document is published by dropping a file at its real path. With ETag and Last-Modified,
// and it can be told to misbehave per path: server errors (with Retry-After), hangs, cut bodies, a
// changed format, a vanished file.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SourcesManifest } from '../../build-db/fetch/manifest-types.js';
import { LISTERS } from '../../build-db/fetch/listers.js';
import { expandUrl } from '../../build-db/fetch/read-manifest.js';
import { commitArchive } from './commit-archive.js';
import { profilesFromDatasets } from './parlinfo-profiles.js';
import { definitionsFromDatasets } from './represent-definitions.js';
import { OLA_41, olaHouseDocuments, olaSessionPage } from './ola-pages.js';

export type Behaviour =
  | {
      kind: 'status';
      status: number /** then serve normally; default: forever */;
      times?: number;
      retryAfter?: string /** an API's error answer (JSON) instead of plain text */;
      body?: string;
      contentType?: string;
    }
  | { kind: 'hang' }
  | { kind: 'truncate' }
  | {
      kind: 'replace';
      body: Buffer | string;
      contentType?: string /** extra response headers (a CDN's) */;
      headers?: Record<string, string>;
    }
  | { kind: 'gone' }
  /** The file as usual, but conditional requests are ignored (a 200 every time, no validators): BC's LIMS file server. */
  | { kind: 'unconditional' };

export interface Upstream {
  /** The --upstream-mirror base URL. */
  mirror: string;
  /** The served path of a manifest URL. */
  pathOf(url: string): string;
  behave(path: string, b: Behaviour | null): void;
  requests: Array<{ path: string; status: number; ifNoneMatch: string | null; userAgent: string | null; at: number }>;
  close(): Promise<void>;
}

const TYPES: Array<[RegExp, string]> = [
  [/\.py$/i, 'text/plain; charset=utf-8'],
  [/\.xml$|\/xml(\?|$)/i, 'application/xml'],
  [/\.html?$/i, 'text/html; charset=utf-8'],
  // The House's DocumentViewer pages (a session's calendar, a sitting's page) have no extension.
  [/^\/www\.ourcommons\.ca\/DocumentViewer\//i, 'text/html; charset=utf-8'],
  [/\.json$/i, 'application/json'],
  // A saved ParlInfo answer (`<id>?callback=1`): raw.githubusercontent.com serves repository files as text/plain.
  [/%3Fcallback=\d+$/i, 'text/plain; charset=utf-8'],
  [/\.csv$/i, 'text/csv; charset=utf-8'],
  [/\.md$/i, 'text/plain; charset=utf-8'],
  [/\.gz$/i, 'application/gzip'],
  // A repository's archive at a commit, as codeload.github.com labels it.
  [/^\/codeload\.github\.com\/[^/]+\/[^/]+\/tar\.gz\//, 'application/x-gzip'],
];
/** A GraphQL POST is served as the file at `<url path>/<operationName>[/<variable values>]`
 *  (`/api.lims.leg.bc.ca/graphql/BcMembers/43`): one URL answers several queries. */
export const graphqlPath = (urlPath: string, body: { operationName?: unknown; variables?: unknown }) =>
  [urlPath, String(body.operationName ?? 'query'), ...Object.values((body.variables as Record<string, unknown>) ?? {}).map(String)].join(
    '/',
  );
const typeOf = (path: string) => TYPES.find(([re]) => re.test(path))?.[1] ?? 'application/octet-stream';
const LAST_MODIFIED = 'Wed, 01 Oct 2025 00:00:00 GMT';

export async function startUpstream(manifest: SourcesManifest, datasets: string, root: string | null = null): Promise<Upstream> {
  const pathOf = (url: string) => {
    const u = new URL(url);
    return `/${u.host}${u.pathname}${u.search}`;
  };
  const routes = new Map<string, string>();
  const trees: Array<[string, string]> = [];
  const virtualTrees: Array<[string, (rest: string) => Buffer | null]> = [];
  for (const s of manifest.sources) {
    for (const f of s.files) {
      const key = f.graphql ? graphqlPath(pathOf(f.url), f.graphql) : pathOf(expandUrl(f.url, f.params));
      const local = join(datasets, s.dataset_dir, expandUrl(f.path, f.params, String));
      // Two sources may send one query (LIMS sessions): the one whose datasets copy exists answers.
      if (!routes.has(key) || existsSync(local)) routes.set(key, local);
    }
    if (s.list_from) {
      // An assembled set list (built from definition.py files) has no URL of its own.
      const listFile = s.files.find((f) => f.path === s.list_from!.file);
      const indexUrl = (listFile ?? s.files[0]).url;
      const index = pathOf(indexUrl);
      if (listFile) trees.push([index.slice(0, index.lastIndexOf('/') + 1), join(datasets, s.dataset_dir, dirname(s.list_from.file))]);
      // Files the index names at other URLs (a set's shapefile at its upstream commit) are served from the datasets copy too.
      const local = join(datasets, s.dataset_dir, s.list_from.file);
      const lister = LISTERS[s.list_from.lister];
      if (lister && existsSync(local)) {
        for (const f of lister(
          readFileSync(local, 'utf8'),
          (p) => new URL(p.split('/').map(encodeURIComponent).join('/'), indexUrl).href,
          indexUrl,
        ).files)
          routes.set(pathOf(f.url), join(datasets, s.dataset_dir, f.path));
      }
    }
  }
  // A source the pipeline assembles (one GeoJSON per riding) is served as its publisher splits it:
  // the riding directory from DIRECTORY.md, each riding's Feature cut from the merged collection.
  const virtual = new Map<string, () => Buffer>();
  for (const s of manifest.sources.filter((x) => x.assemble === 'fed-ridings-2013-collection')) {
    const index = pathOf(s.files[0].url);
    const dir = join(datasets, s.dataset_dir);
    if (!existsSync(join(dir, 'fed_2013_representation_order.geojson.gz'))) continue;
    virtual.set(index, () => readFileSync(join(dir, 'DIRECTORY.md')));
    let ridings: Map<string, Buffer> | null = null;
    const ridingsOf = () =>
      (ridings ??= new Map(
        (
          JSON.parse(gunzipSync(readFileSync(join(dir, 'fed_2013_representation_order.geojson.gz'))).toString('utf8')).features as Array<{
            properties: Record<string, unknown>;
          }>
        ).map((f) => {
          const { source_file, ...properties } = f.properties;
          return [String(source_file).replace(/^districts\//, ''), Buffer.from(JSON.stringify({ ...f, properties }))];
        }),
      ));
    const prefix = index.slice(0, index.lastIndexOf('/') + 1);
    virtualTrees.push([prefix, (rest) => ridingsOf().get(rest) ?? null]);
    if (s.archive) {
      const [, , repo, , commit] = new URL(s.archive.url).pathname.split('/');
      let archive: Buffer | null = null;
      virtual.set(
        pathOf(s.archive.url),
        () =>
          (archive ??= commitArchive(repo, commit, [
            ['districts/README.md', readFileSync(join(dir, 'DIRECTORY.md'))],
            ...[...ridingsOf()].map(([rest, body]): [string, Buffer] => [`districts/${rest}`, body]),
          ])),
      );
    }
  }
  // ParlInfo's person profiles as lchski/lop-parliamentarians-data saved them: the request list and
  // one JSONP answer per person (`<id>?callback=1`, %3F in the URL), made from the datasets' pack.
  for (const s of manifest.sources.filter((x) => x.assemble === 'parlinfo-people-pack')) {
    const profiles = profilesFromDatasets(join(datasets, s.dataset_dir));
    if (!profiles) continue;
    const index = pathOf(s.files[0].url);
    virtual.set(index, () => profiles.csv);
    const prefix = pathOf(new URL('../source/lop/parliamentarians/', s.files[0].url).href);
    virtualTrees.push([prefix, (rest) => profiles.body(/^(\d+)\?callback=1$/.exec(rest)?.[1] ?? '')]);
    // The same files in one archive of the commit (repository paths: the list and every answer).
    if (s.archive) {
      const [, , repo, , commit] = new URL(s.archive.url).pathname.split('/');
      let archive: Buffer | null = null;
      virtual.set(
        pathOf(s.archive.url),
        () =>
          (archive ??= commitArchive(repo, commit, [
            ['data/out/parliamentarian-urls.csv', profiles.csv],
            ...profiles.ids.map((id): [string, Buffer] => [`data/source/lop/parliamentarians/${id}?callback=1`, profiles.body(id)!]),
          ])),
      );
    }
  }
  // Open North's boundary set definitions, written in upstream's format from the datasets' set list
  // (the datasets keep no definition.py: SOURCE.md).
  for (const s of manifest.sources.filter((x) => x.assemble === 'represent-set-list')) {
    const defs = await definitionsFromDatasets(datasets);
    for (const f of s.files) {
      const slug = /^definitions\/([a-z0-9-]+)\.py$/.exec(f.path)?.[1];
      const text = slug ? defs.get(slug) : undefined;
      if (text) virtual.set(pathOf(f.url), () => Buffer.from(text));
    }
  }
  // The BC Legislature's list of sessions (the 43rd Parliament's 1st and 2nd) and each session's
  // document index, made from the datasets' sample sittings (the 43rd2nd session's), so the whole
  // manifest runs against the loopback; the samples are served at the file server's paths.
  for (const s of manifest.sources) {
    const dir = join(datasets, s.dataset_dir);
    for (const f of s.files.filter((x) => x.list_with === 'bc-hansard-sessions')) {
      const sessions = ['43rd1st', '43rd2nd'];
      virtual.set(pathOf(f.url), () =>
        Buffer.from(
          JSON.stringify({
            allParliaments: {
              nodes: [
                {
                  number: 43,
                  annotation: 'rd',
                  sessionsByParliamentId: {
                    nodes: [
                      { number: 1, annotation: 'st' },
                      { number: 2, annotation: 'nd' },
                    ],
                  },
                },
              ],
            },
          }),
        ),
      );
      const samples = existsSync(dir)
        ? readdirSync(dir).filter((n) => /^\d{8}(am|pm)-(House-Blues\.htm|Hansard-n\d+\.html)\.gz$/.test(n))
        : [];
      for (const session of sessions) {
        const index = new URL(`/hdms/debates/${session}`, f.url).href;
        const mine = session === '43rd2nd' ? samples : [];
        const nodes = mine.map((n) => ({
          fileName: n.slice(0, -3),
          published: !/Blues/.test(n),
          debateAttributes: { nodes: [{ debateType: { name: 'House' } }] },
        }));
        virtual.set(pathOf(index), () => Buffer.from(JSON.stringify({ allHansardFileAttributes: { nodes } })));
        for (const n of mine) routes.set(pathOf(new URL(`/hdms/file/Debates/${session}/${n.slice(0, -3)}`, index).href), join(dir, n));
      }
    }
  }
  // The BC LIMS samples at the paths the sessions answer leads to (bills per session id, the V&P
  // listing per session folder), so the whole manifest runs against the loopback.
  for (const s of manifest.sources) {
    const dir = join(datasets, s.dataset_dir);
    if (!s.files.some((x) => x.list_with === 'bc-lims-bills')) continue;
    for (const [sub, re, url] of [
      ['bc-bills', /^bc_bills_(\d+)\.json$/, '/lims.leg.bc.ca/pdms/bills/progress-of-bills/'],
      ['bc-votes', /^bc_vp_list_(\w+)\.json$/, '/lims.leg.bc.ca/pdms/votes-and-proceedings/'],
    ] as const)
      for (const n of existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)) : []) {
        const m = re.exec(n);
        if (m) routes.set(`${url}${m[1]}`, join(dir, sub, n));
      }
  }
  // ola.org's House documents page and the 41st Parliament's three session pages, in the layout of
  // the saved pages (tests/helpers/ola-pages.ts), listing the datasets' sittings, which are served at
  // their Hansard URLs: the Ontario nightly's whole path runs against the loopback.
  for (const s of manifest.sources) {
    const dir = join(datasets, s.dataset_dir, 'html');
    for (const f of s.files.filter((x) => x.list_with === 'ola-session-pages')) {
      const dates = existsSync(dir) ? readdirSync(dir).flatMap((n) => /^(\d{4}-\d{2}-\d{2})\.html\.gz$/.exec(n)?.[1] ?? []) : [];
      virtual.set(pathOf(f.url), () => Buffer.from(olaHouseDocuments(OLA_41)));
      for (const session of OLA_41) {
        const mine = dates.filter((d) => d >= session.start && d <= session.end).sort();
        const page = new URL(`/en/legislative-business/house-documents/parliament-41/session-${session.session}/`, f.url).href;
        virtual.set(pathOf(page), () => Buffer.from(olaSessionPage(41, session.session, mine)));
        for (const d of mine) routes.set(pathOf(new URL(`${d}/hansard`, page).href), join(dir, `${d}.html.gz`));
      }
    }
  }
  const behaviours = new Map<string, Behaviour>();
  const requests: Upstream['requests'] = [];

  const localFile = (path: string): string | null => {
    // A manifest file the datasets lack (an index only the publisher folder has) falls through to the folder.
    if (routes.has(path) && (existsSync(routes.get(path)!) || !root)) return routes.get(path)!;
    if (root) {
      const file = join(root, decodeURIComponent(path));
      if (file.startsWith(`${root}/`) && existsSync(file)) return file;
    }
    const tree = trees.find(([prefix]) => path.startsWith(prefix));
    return tree ? join(tree[1], decodeURIComponent(path.slice(tree[0].length))) : null;
  };

  const handle = (req: IncomingMessage, res: ServerResponse, path = req.url ?? '/') => {
    const log = (status: number) =>
      requests.push({
        path,
        status,
        ifNoneMatch: (req.headers['if-none-match'] as string) ?? null,
        userAgent: req.headers['user-agent'] ?? null,
        at: Date.now(),
      });
    const b = behaviours.get(path);
    if (b?.kind === 'hang') {
      log(0);
      return;
    }
    if (b?.kind === 'gone') {
      log(404);
      res.writeHead(404).end('gone');
      return;
    }
    if (b?.kind === 'status') {
      if (b.times === undefined || b.times > 0) {
        if (b.times !== undefined) b.times--;
        log(b.status);
        res
          .writeHead(b.status, {
            ...(b.retryAfter ? { 'retry-after': b.retryAfter } : {}),
            ...(b.contentType ? { 'content-type': b.contentType } : {}),
          })
          .end(b.body ?? 'upstream error');
        return;
      }
    }
    const file = localFile(path);
    let body: Buffer;
    let type = typeOf(path.replace(/\?.*$/, ''));
    const vtree = virtualTrees.find(([prefix]) => path.startsWith(prefix));
    // What the publisher folder holds wins over what is made from the datasets.
    const inRoot = root !== null && existsSync(join(root, decodeURIComponent(path)));
    const made =
      b?.kind === 'replace' || inRoot
        ? null
        : (virtual.get(path)?.() ?? (vtree ? vtree[1](decodeURIComponent(path.slice(vtree[0].length))) : null));
    if (b?.kind === 'replace') {
      body = Buffer.from(b.body);
      type = b.contentType ?? type;
    } else if (made?.length) {
      body = made;
      if (type === 'application/octet-stream' && /^\s*[[{]/.test(body.subarray(0, 8).toString('utf8'))) type = 'application/json';
      else if (type === 'application/octet-stream' && /^\s*<html/i.test(body.subarray(0, 16).toString('utf8')))
        type = 'text/html; charset=utf-8';
    } else if (!file || !existsSync(file)) {
      log(404);
      res.writeHead(404).end('not found');
      return;
    } else {
      body = readFileSync(file);
      // The publishers serve plain files; the datasets keep some gzipped.
      if (file.endsWith('.gz') && !path.replace(/\?.*$/, '').endsWith('.gz')) body = gunzipSync(body);
      // Pages of the publisher folder have no extension (…/Meetings?parl=44&session=1): typed by content, as the hosts do.
      if (type === 'application/octet-stream') {
        const head = body.subarray(0, 64).toString('utf8').trimStart().toLowerCase();
        if (head.startsWith('<!doctype html') || head.startsWith('<html')) type = 'text/html; charset=utf-8';
        else if (head.startsWith('<?xml')) type = 'application/xml';
        else if (head.startsWith('{') || head.startsWith('[')) type = 'application/json';
        else if (head.startsWith('%pdf-')) type = 'application/pdf';
      }
    }
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (b?.kind !== 'truncate' && b?.kind !== 'unconditional' && req.headers['if-none-match'] === etag) {
      log(304);
      res.writeHead(304, { etag, 'last-modified': LAST_MODIFIED }).end();
      return;
    }
    const headers = {
      'content-type': type,
      'content-length': String(body.length),
      ...(b?.kind === 'unconditional' ? {} : { etag, 'last-modified': LAST_MODIFIED }),
      ...(b?.kind === 'replace' ? b.headers : {}),
    };
    if (b?.kind === 'truncate') {
      log(200);
      res.writeHead(200, headers);
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
      return;
    }
    log(200);
    res.writeHead(200, headers).end(body);
  };

  const server = createServer((req, res) => {
    if (req.method !== 'POST') return handle(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: { operationName?: unknown; variables?: unknown } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {}
      handle(req, res, graphqlPath((req.url ?? '/').replace(/\?.*$/, ''), body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    mirror: `http://127.0.0.1:${port}`,
    pathOf,
    behave: (path, b) => {
      if (b) behaviours.set(path, b);
      else behaviours.delete(path);
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

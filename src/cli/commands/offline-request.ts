// One GET answered by the API in this process, without a socket: the app is the server's own
// (createApp), so the body is the server's by construction. Keys and rate limits are off, as for
// a researcher on their own machine. Shared by `canpol lookup` and `canpol search`.
import { openDataFile } from '../../core/data-file/open-data-file.js';
import { API_PREFIX, createApp } from '../../server/http/app.js';
import { loadSearchParts } from '../../server/search/search-parts.js';

export interface OfflineRequestOptions {
  data: string;
  /** Path under /api/public/v1 with its query string, e.g. `/postcodes/K1A0A6/representatives`. */
  path: string;
  /** Load the data file's text encoder, for the semantic half of search. */
  withEncoder?: boolean;
  /** Where the JSON goes; stdout by default. */
  write?: (text: string) => void;
}

/** Prints the answer's JSON, pretty (2 spaces); exit code 0 for a 200, else 1 (the API's error JSON is printed). */
export async function offlineRequest({
  data,
  path,
  withEncoder = false,
  write = (t) => console.log(t),
}: OfflineRequestOptions): Promise<number> {
  const file = openDataFile(data);
  const parts = withEncoder ? await loadSearchParts(file.db) : null;
  const embedder = parts?.embedder ?? null;
  try {
    const app = createApp({ data: file, embedder, ...(parts && { vectors: parts.vectors }) });
    const res = await app.request(`${API_PREFIX}${path}`);
    write(JSON.stringify(await res.json(), null, 2));
    return res.status === 200 ? 0 : 1;
  } finally {
    await embedder?.close();
    file.close();
  }
}

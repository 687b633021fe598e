import { openDataFile } from '../db/open-data-file.js';
import { createApp } from '../http/app.js';
import { listen } from '../http/serve.js';
import { loadEncoder } from '../search/encoder-store.js';
import { setUpAccess, type AccessSettings } from './serve-access.js';

export interface ServeOptions extends AccessSettings {
  data: string;
  port: number;
  host: string;
  mmapSize: number;
}

export async function serveCommand({ data, port, host, mmapSize, ...accessSettings }: ServeOptions): Promise<void> {
  const file = openDataFile(data, { mmapSize });
  const gate = setUpAccess({ data, ...accessSettings });
  await gate.ready();
  // The data file's own encoder embeds search queries (the same one that embedded its chunks).
  const embedder = await loadEncoder(file.db);
  const app = createApp({ data: file, embedder, access: gate.access });
  const running = await listen(app, { port, host });
  const { build } = file;
  console.error(`canpol: serving ${build.dataset_name}${build.is_demo ? ' (demo data)' : ''}, build ${build.id}, from ${data}`);
  console.error(`canpol: ${gate.summary}`);
  console.error(`canpol: listening on ${running.url}/api/public/v1 (health: ${running.url}/health)`);
  const stop = (signal: string) => {
    console.error(`canpol: ${signal}, closing`);
    running.close().then(() => embedder?.close()).then(() => gate.close()).then(() => { file.close(); process.exit(0); });
    // Connections kept alive by clients must not hold the process forever.
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

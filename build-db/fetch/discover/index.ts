// The discoverers by `discover.kind` (docs/nightly.md, "Discovery").
import type { Discoverer } from './context.js';
import { discoverNumbered } from './numbered.js';
import { discoverPerSession } from './per-session.js';
import { discoverHtmlChain } from './html-chain.js';
import { discoverIndexList } from './index-list.js';

export const DISCOVERERS: Record<string, Discoverer> = {
  numbered: discoverNumbered,
  'per-session': discoverPerSession,
  'index-list': discoverIndexList,
  'html-chain': discoverHtmlChain,
};

// `canpol keys create|list|revoke`: the operator's side of the key store (decisions 4).
import { createKey, KeyStoreError, listKeys, revokeKey } from '../../server/auth/key-admin.js';
import { keyStorePath } from '../../server/auth/key-store-file.js';
import { isTier, TIERS } from '../../server/auth/tiers.js';

export interface KeysOptions {
  action: string | undefined;
  args: string[];
  name?: string;
  tier?: string;
  data: string;
  keys: string;
  keyPrefix: string;
  keyEnv: string;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export function keysCommand(o: KeysOptions): number {
  const { out = console.log, err = console.error } = o;
  const path = keyStorePath(o.keys, o.data);
  const usage = 'usage: canpol keys create --name NAME --tier free|dev|pro | keys list | keys revoke ID';
  try {
    if (o.action === 'create' && o.args.length === 0) {
      if (!o.name || !o.name.trim() || o.name.length > 200) {
        err(`canpol keys create: --name is required (1-200 characters)\n${usage}`);
        return 2;
      }
      if (!isTier(o.tier)) {
        err(`canpol keys create: --tier must be one of ${TIERS.join(', ')}\n${usage}`);
        return 2;
      }
      const { key, record } = createKey(path, { name: o.name.trim(), tier: o.tier, labels: { prefix: o.keyPrefix, env: o.keyEnv } });
      // The key goes alone to stdout, so `KEY=$(canpol keys create ...)` works; the rest to stderr.
      out(key);
      err(
        `canpol: key ${record.id} (${record.tier}, ${JSON.stringify(record.name)}) added to ${path}. This is the only time the key is shown.`,
      );
      return 0;
    }
    if (o.action === 'list' && o.args.length === 0) {
      const rows = listKeys(path);
      if (!rows.length) {
        err(`canpol: no keys in ${path}`);
        return 0;
      }
      out(['id', 'tier', 'created_at', 'revoked_at', 'ends_with', 'name'].join('\t'));
      for (const k of rows) out([k.id, k.tier, k.created_at, k.revoked_at ?? '-', k.hint, k.name].join('\t'));
      return 0;
    }
    if (o.action === 'revoke' && o.args.length === 1) {
      const r = revokeKey(path, o.args[0]);
      err(`canpol: key ${r.id} (${JSON.stringify(r.name)}) revoked at ${r.revoked_at}; running servers refuse it within a second`);
      return 0;
    }
  } catch (e) {
    if (e instanceof KeyStoreError) {
      err(`canpol keys: ${e.message}`);
      return 1;
    }
    throw e;
  }
  err(usage);
  return 2;
}

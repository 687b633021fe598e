// API key text (decisions 4): `<prefix>_<env>_<22 base62 random>_<6 base62 checksum>`, the checksum
// being CRC-32 of `<prefix>_<env>_<random>` in base62. The checksum lets a client, a log scanner or
// the server reject a mistyped or truncated key without any lookup.
import { crc32 } from './crc32.js';
import { randomBase62, toBase62 } from './base62.js';

export const RANDOM_LENGTH = 22;
export const CHECKSUM_LENGTH = 6;

export interface KeyLabels {
  /** `cpd` unless the operator chose another. */
  prefix: string;
  /** `live` unless the operator chose another. */
  env: string;
}

export const DEFAULT_LABELS: KeyLabels = { prefix: 'cpd', env: 'live' };

/** Labels are lower-case letters and digits, so that `_` separates the parts unambiguously. */
export const LABEL = /^[a-z0-9]{1,16}$/;

export const checksumOf = (body: string) => toBase62(crc32(body), CHECKSUM_LENGTH);

export function mintKey(labels: KeyLabels = DEFAULT_LABELS): string {
  const body = `${labels.prefix}_${labels.env}_${randomBase62(RANDOM_LENGTH)}`;
  return `${body}_${checksumOf(body)}`;
}

export type KeyProblem = 'format' | 'labels' | 'checksum';

/** Why a presented key cannot be a key of this server, or null when it is well-formed. */
export function keyProblem(key: string, labels: KeyLabels = DEFAULT_LABELS): KeyProblem | null {
  const m = /^([a-z0-9]{1,16})_([a-z0-9]{1,16})_([0-9A-Za-z]{22})_([0-9A-Za-z]{6})$/.exec(key);
  if (!m) return 'format';
  if (m[1] !== labels.prefix || m[2] !== labels.env) return 'labels';
  return checksumOf(`${m[1]}_${m[2]}_${m[3]}`) === m[4] ? null : 'checksum';
}

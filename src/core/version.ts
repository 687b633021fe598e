// What `canpol --version` prints: the release (package.json, bundled into the binary at build time)
// and the data-file schema version this program reads, so an operator can match a binary to a file.
import pkg from '../../package.json' with { type: 'json' };
import { SCHEMA_VERSION } from './data-file/schema.js';

export const VERSION: string = pkg.version;

export const versionLine = (): string => `canpol ${VERSION} (data file schema version ${SCHEMA_VERSION})`;

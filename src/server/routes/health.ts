import type { BuildInfo } from '../../core/data-file/open-data-file.js';
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';

export function healthHandlers({ build, respond }: { build: BuildInfo; respond: Responder }): Handlers {
  return {
    health: (c, e) => respond.json(c, {
      status: 'ok', build_id: build.id, built_at: build.built_at, schema_version: build.schema_version,
      dataset: build.dataset_name, demo: build.is_demo,
    }, e.maxAge),
  };
}

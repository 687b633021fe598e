import type { BuildInfo } from '../../core/data-file/open-data-file.js';
import type { DataContents } from '../db/data-contents.js';
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';

/** `inFlight`: the server's count of requests in flight (src/server/ops/admission.ts), when it has one. */
export function healthHandlers({
  build,
  contents,
  respond,
  inFlight,
}: {
  build: BuildInfo;
  contents: DataContents;
  respond: Responder;
  inFlight?: () => number;
}): Handlers {
  return {
    health: (c, e) =>
      respond.json(
        c,
        {
          status: 'ok',
          build_id: build.id,
          built_at: build.built_at,
          schema_version: build.schema_version,
          dataset: build.dataset_name,
          demo: build.is_demo,
          holds: contents,
          ...(inFlight && { in_flight: inFlight() }),
        },
        e.maxAge,
      ),
  };
}

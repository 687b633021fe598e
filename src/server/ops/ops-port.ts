// The operations port (`--ops-port`): /health and /metrics on a listening socket of their own. Node
// accepts one connection per turn of the event loop on each listening socket, so under a surge of
// new connections on the API's port a load balancer's probe waits behind thousands of them there;
// on its own socket it is accepted on the next turn. Anything else is not served here.
import { ApiError } from '../../core/errors.js';
import { failure } from '../http/respond.js';
import { isOperationsUrl } from './admission.js';
import type { Fetch } from './dispatcher.js';

/** `fetch` for /health and /metrics; 404 `not_found` naming the API's address for anything else. */
export function opsOnly(fetch: Fetch, apiUrl: string): Fetch {
  return (req, env) => {
    if (isOperationsUrl(req.url)) return fetch(req, env);
    return failure(
      new ApiError('not_found', `this port answers /health and /metrics only; the API is at ${apiUrl}/api/public/v1`),
      undefined,
      req.method,
    );
  };
}

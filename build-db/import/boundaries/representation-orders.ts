// When a federal Representation Order's ridings were in force: from the general election of the first
// Parliament elected on them to the dissolution of the last (null while that Parliament sits). The
// OCD list dates an order by its proclamation instead (2013's ends 2024-04-23), but the House kept
// sitting for the 2013 ridings until it was dissolved on 2025-03-23.
import { FEDERAL_PARLIAMENTS } from '../../../src/core/domain/federal-parliaments.js';

export interface InForce {
  from: string;
  to: string | null;
}

export function representationOrderInForce(order: number): InForce | null {
  const parliaments = FEDERAL_PARLIAMENTS.filter((p) => p.ridings === order);
  if (!parliaments.length) return null;
  return { from: parliaments[0].elected, to: parliaments.at(-1)!.dissolved };
}

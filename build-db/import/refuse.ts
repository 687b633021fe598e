// Refusing a whole set: through the run's context (which fails the import unless the operator skips
// the set), or, with a context that cannot take it, by throwing — never by leaving the set out quietly.
import type { ImportContext, Refusal } from './types.js';

export class SetRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`${refusal.set} cannot be imported: ${refusal.reason}`);
    this.name = 'SetRefused';
  }
}

export function refuse(ctx: ImportContext, refusal: Refusal): void {
  if (!ctx.refuse) throw new SetRefused(refusal);
  ctx.refuse(refusal);
}

// The Legislative Assembly of Alberta states no licence for reusing its roster, bill pages, Votes and
// Proceedings or Hansard (none is printed with them, and none was found in a saved copy of its pages).
import type { ReuseTerms } from '../types.js';

export const AB_TERMS = '© Legislative Assembly of Alberta; no licence for reuse is stated with the pages or the PDFs (terms not verified)';
export const AB_REUSE: ReuseTerms = { commercial: 'unverified', summary: AB_TERMS };

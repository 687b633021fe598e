// The language a query is written in (src/core/text/query-language.ts), for grouping the tuning
// queries (eval/tune.ts).
export { writtenIn } from '../src/core/text/query-language.js';

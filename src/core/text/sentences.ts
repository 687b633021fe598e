// A sentence as the chunker splits a paragraph and the Ontario importer reads one language at a time:
// up to its end mark (and a closing quote or bracket), with the spaces after it. The same pattern in
// both, so a passage split by language is split where a chunk may also end.
export const SENTENCE = /[^.!?…]+(?:[.!?…]+["»”’)]*|$)\s*/g;

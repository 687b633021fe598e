// An upstream honorific in the form of the spec's list (politician.honorific: Hon., Rt. Hon., Sen.,
// Sir, Dame, Dr., Mr., Mrs., Ms., Mx., Prof.): the House and LEGISinfo print "Right Hon.", some
// sources spell words out or write them in French. Anything the list does not name is dropped.
import { HONORIFICS } from '../../../src/core/domain/enums.js';

const SPELLED: ReadonlyArray<[RegExp, (typeof HONORIFICS)[number]]> = [
  [/^(the\s+)?(right|rt\.?)\s+hon(ourable|orable|\.)?$/i, 'Rt. Hon.'],
  [/^(le|la)\s+tr[eè]s\s+hon(orable|\.)?$/i, 'Rt. Hon.'],
  [/^(the\s+)?hon(ourable|orable|\.)?$/i, 'Hon.'],
  [/^l['’]\s*hon(orable|\.)?$/i, 'Hon.'],
  [/^sen(ator|\.)?$/i, 'Sen.'],
  [/^doctor$|^dr$/i, 'Dr.'],
  [/^prof(essor)?$/i, 'Prof.'],
  [/^mr$/i, 'Mr.'],
  [/^mrs$/i, 'Mrs.'],
  [/^ms$/i, 'Ms.'],
  [/^mx$/i, 'Mx.'],
];

export function specHonorific(raw: string | null | undefined): (typeof HONORIFICS)[number] | null {
  const h = raw?.trim().replace(/\s+/g, ' ');
  if (!h) return null;
  const listed = HONORIFICS.find((x) => x.toLowerCase() === h.toLowerCase());
  if (listed) return listed;
  return SPELLED.find(([pattern]) => pattern.test(h))?.[1] ?? null;
}

// The sovereignty tier of a site (docs/api-notes.md): where its address is and whose network it is.
//   1 hosted in Canada on a network registered in Canada
//   2 hosted in Canada on a network registered abroad (a foreign provider's Canadian data centre)
//   3 served through a CDN from an edge in Canada (where the origin is cannot be seen)
//   4 served through a CDN from an edge abroad
//   5 hosted abroad on a network registered in Canada
//   6 hosted abroad on a network registered abroad (a foreign provider abroad)
// Null when the address's country is unknown.

export function sovereigntyTier(o: { ipCountry: string | null; networkCountry: string | null; cdn: string | null }): number | null {
  if (!o.ipCountry) return null;
  const here = o.ipCountry === 'CA';
  if (o.cdn) return here ? 3 : 4;
  const canadianNetwork = o.networkCountry === 'CA';
  if (here) return canadianNetwork ? 1 : 2;
  return canadianNetwork ? 5 : 6;
}

// Slugs and set names: lower-case ASCII kebab-case, accents folded ("Côte-des-Neiges—NDG" →
// "cote-des-neiges-ndg"), as the source format's [a-z0-9-]+ requires.
export function kebab(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

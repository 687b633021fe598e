// ola.org's House documents page and a session's page, written in the layout of the pages a public
// scraper saved (thejoycething-code/parl-monitor tests/fixtures/prov/on_house_docs.html and
// on_sittings_43_1.html, trimmed by it to their links): each session a link to
// /en/legislative-business/house-documents/parliament-{P}/session-{S}/ labelled with its dates, each
// sitting a link to …/{date}/hansard around a <time>. Session dates as the saved page prints them.
export interface OlaSession {
  session: number;
  label: string;
  start: string;
  end: string;
}

export const OLA_41: OlaSession[] = [
  { session: 1, label: '1st session (July 2, 2014–September 8, 2016)', start: '2014-07-02', end: '2016-09-08' },
  { session: 2, label: '2nd Session (September 12, 2016–March 15, 2018)', start: '2016-09-12', end: '2018-03-15' },
  { session: 3, label: '3rd Session (March 19, 2018–May 8, 2018)', start: '2018-03-19', end: '2018-05-08' },
];

export function olaHouseDocuments(sessions: OlaSession[], parliament = 41): string {
  const links = sessions.map(
    (s) => `<a href="/en/legislative-business/house-documents/parliament-${parliament}/session-${s.session}/">${s.label}</a>`,
  );
  return `<html><body>\n${links.join('\n')}\n</body></html>\n`;
}

export function olaSessionPage(parliament: number, session: number, dates: string[]): string {
  const rows = [...dates]
    .sort()
    .reverse()
    .map(
      (d) =>
        `<p class="field-content"><a href="/en/legislative-business/house-documents/parliament-${parliament}/session-${session}/${d}/hansard"><time datetime="${d}T12:00:00Z" class="datetime">${d}</time>\n</a></p>`,
    );
  return `<html><body>\n${rows.join('\n')}\n</body></html>\n`;
}

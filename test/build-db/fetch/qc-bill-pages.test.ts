// A session's list of bills on assnat.qc.ca as an index. The rows are written by hand in the list's
// markup as a public scraper reads it (thejoycething-code/parl-monitor, prov_qc.py: a table row per
// bill — number, a hidden title, the link to the bill's own page in single quotes, type, last stage);
// a bill carried over from 43-1 is linked, in 43-2's list, to its 43-1 page.
import { describe, expect, test } from 'bun:test';
import { LISTERS } from '../../../build-db/fetch/listers.js';

const row = (n: string, page: string, title: string, stage: string) =>
  `<tr>\n  <td>${n}</td>\n  <td><span style="display:none;">${title}</span><a href='/fr/travaux-parlementaires/projets-loi/${page}.html'>${title}</a></td>\n  <td>Public du gouvernement</td>\n  <td>${stage}</td>\n</tr>`;
const LIST = `<table class="tablesorter">
<thead><tr><th>N°</th><th>Titre</th><th>Type</th><th>Dernière étape franchie</th></tr></thead>
<tbody>
${row('1', 'projet-loi-1-43-2', 'Loi constitutionnelle de 2025 sur le Québec', 'Présentation')}
${row('94', 'projet-loi-94-43-1', "Loi visant notamment à renforcer la laïcité dans le réseau de l'éducation", 'Sanction')}
${row('1', 'projet-loi-1-43-2', 'Loi constitutionnelle de 2025 sur le Québec', 'Présentation')}
</tbody></table>
<a href="/fr/travaux-parlementaires/projets-loi/index.html">Projets de loi</a>`;
const URL_ = 'https://www.assnat.qc.ca/fr/travaux-parlementaires/projets-loi/projets-loi-43-2.html';

describe('qc-bill-pages', () => {
  test("each bill's own page as the list links it (the presenting session's), once", () => {
    const { files, problems } = LISTERS['qc-bill-pages'](LIST, (p) => p, URL_);
    expect(problems).toEqual([]);
    expect(files).toEqual([
      { path: 'projet-loi-1-43-2.html', url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/projets-loi/projet-loi-1-43-2.html' },
      { path: 'projet-loi-94-43-1.html', url: 'https://www.assnat.qc.ca/fr/travaux-parlementaires/projets-loi/projet-loi-94-43-1.html' },
    ]);
  });
  test('a list with no bill link says so', () => {
    expect(LISTERS['qc-bill-pages']('<html></html>', (p) => p, URL_).problems).toHaveLength(1);
  });
});

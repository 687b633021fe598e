// Nova Scotia's Hansard listing as an index. The rows are written by hand in the listing's markup as
// a saved copy shows it (RiddimSoftware/epac, ios/epacTests/Fixtures/Hansard/NovaScotia/
// assembly-65-session-1-index.html: `views-field-field-hansard-date` cells linking
// /legislative-business/hansard-debates/assembly-65-session-1/house_26apr09 as "2026-Apr-9", the
// copy suffix of house_26mar25-0, the PDF and video links beside); the pager in Drupal 7's markup.
import { describe, expect, test } from 'bun:test';
import { LISTERS } from '../../../build-db/fetch/listers.js';

const row = (href: string, date: string, pdf: string) => `          <tr  class="odd">
                  <td  class="views-field views-field-field-sitting">
            26-58          </td>
                  <td  class="views-field views-field-field-hansard-date active">
            <a href="${href}">${date}</a>          </td>
                  <td  class="views-field views-field-field-hansard-video">
            <a href="https://www.youtube.com/watch?v=2Dj2pDFJtpk&list=PLGn3UOvEam0tRCjSYTiz4UyFv-L-Abv_D">${date}</a>          </td>
                  <td  class="views-field views-field-field-hansard-pdf">
            <a href="https://nslegislature.ca/sites/default/files/pdfs/proceedings/hansard/65-1/${pdf}.pdf?9745">PDF</a>          </td>
              </tr>`;
const LISTING = `<table class="views-table cols-5"><tbody>
${row('/legislative-business/hansard-debates/assembly-65-session-1/house_26apr09', '2026-Apr-9', 'h58apr09')}
${row('/legislative-business/hansard-debates/assembly-65-session-1/house_26mar25-0', '2026-Mar-26', 'h50mar26')}
${row('/legislative-business/hansard-debates/assembly-65-session-1/house_26mar25', '2026-Mar-25', 'h49mar25')}
</tbody></table>
<h2 class="element-invisible">Pages</h2><div class="item-list"><ul class="pager"><li class="pager-current first">1</li>
<li class="pager-item"><a title="Go to page 2" href="/legislative-business/hansard-debates/assembly-65-session-1?page=1">2</a></li>
<li class="pager-next"><a title="Go to next page" href="/legislative-business/hansard-debates/assembly-65-session-1?page=1">next ›</a></li>
<li class="pager-last last"><a title="Go to last page" href="/legislative-business/hansard-debates/assembly-65-session-1?page=1">last »</a></li>
</ul></div>
<a href="/legislative-business/hansard-debates/hansard-index">Hansard Index</a>`;
const URL_ = 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1';

describe('ns-hansard-sittings', () => {
  test("each sitting as the listing links it, in the session's folder; the other listing page, listed in turn", () => {
    const { files, problems } = LISTERS['ns-hansard-sittings'](LISTING, (p) => p, URL_);
    expect(problems).toEqual([]);
    expect(files).toEqual([
      {
        path: 'assembly-65-session-1/house_26apr09.htm',
        url: 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1/house_26apr09',
      },
      {
        path: 'assembly-65-session-1/house_26mar25-0.htm',
        url: 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1/house_26mar25-0',
      },
      {
        path: 'assembly-65-session-1/house_26mar25.htm',
        url: 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1/house_26mar25',
      },
      {
        path: 'hansard-debates-assembly-65-session-1-page-1.html',
        url: 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-65-session-1?page=1',
        list_with: 'ns-hansard-sittings',
      },
    ]);
  });

  test('a page that links no sitting says so', () => {
    expect(LISTERS['ns-hansard-sittings']('<html>Access denied</html>', (p) => p, URL_)).toEqual({
      files: [],
      problems: ['the listing links no sitting (…/assembly-{A}-session-{S}/house_{YYmonDD})'],
    });
  });
});

describe('ns-hansard-sittings: a closed session (the backfill)', () => {
  test('its sittings and pages are immutable and pass the scope on, so each is fetched once', () => {
    const url = 'https://nslegislature.ca/legislative-business/hansard-debates/assembly-64-session-1';
    const page = `${row('/legislative-business/hansard-debates/assembly-64-session-1/house_24sep20', '2024-Sep-20', 'h99sep20')}
<li class="pager-item"><a title="Go to page 2" href="/legislative-business/hansard-debates/assembly-64-session-1?page=1">2</a></li>`;
    const { files } = LISTERS['ns-hansard-sittings'](page, (p) => p, url, { closed: 'yes' });
    expect(files).toEqual([
      {
        path: 'assembly-64-session-1/house_24sep20.htm',
        url: `${url}/house_24sep20`,
        immutable: true,
        params: { closed: 'yes' },
      },
      {
        path: 'hansard-debates-assembly-64-session-1-page-1.html',
        url: `${url}?page=1`,
        list_with: 'ns-hansard-sittings',
        immutable: true,
        params: { closed: 'yes' },
      },
    ]);
  });
});

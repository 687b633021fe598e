// The House prints an office address as lines: street line(s), "City, Province", postal code
// (the Hill office adds "Canada"). The main constituency office's first line ends in "(Main office)",
// sometimes after a stray CR LF. Parsed into the office fields; what does not fit stays in `street`.
import type { Province } from '../../../src/core/domain/enums.js';
import { fold } from '../../../src/core/domain/text.js';

const PROVINCE_NAMES: Record<string, Province> = {
  alberta: 'AB',
  'british columbia': 'BC',
  manitoba: 'MB',
  'new brunswick': 'NB',
  'nouveau-brunswick': 'NB',
  'newfoundland and labrador': 'NL',
  'terre-neuve-et-labrador': 'NL',
  'nova scotia': 'NS',
  'nouvelle-ecosse': 'NS',
  'northwest territories': 'NT',
  'territoires du nord-ouest': 'NT',
  nunavut: 'NU',
  ontario: 'ON',
  'prince edward island': 'PE',
  'ile-du-prince-edouard': 'PE',
  quebec: 'QC',
  saskatchewan: 'SK',
  yukon: 'YT',
};

export function provinceCode(name: string): Province | null {
  return PROVINCE_NAMES[fold(name).trim()] ?? null;
}

export interface ParsedAddress {
  /** Street lines, e.g. ["20 Perron Street", "Suite 220"]. */
  street: string[];
  city: string | null;
  province: Province | null;
  postalCode: string | null;
  /** The address was marked "(Main office)". */
  main: boolean;
}

const POSTAL = /^([A-Z]\d[A-Z])\s*(\d[A-Z]\d)$/i;
const MAIN = /[ \t]*\(main office\)[ \t]*/i;

export function parseAddress(physical: string): ParsedAddress {
  const main = MAIN.test(physical);
  const lines = physical
    .replace(MAIN, '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  let postalCode: string | null = null;
  const pc = lines.length ? POSTAL.exec(lines[lines.length - 1]) : null;
  if (pc) {
    postalCode = `${pc[1]} ${pc[2]}`.toUpperCase();
    lines.pop();
  }
  if (lines.length && fold(lines[lines.length - 1]) === 'canada') lines.pop();
  let city: string | null = null;
  let province: Province | null = null;
  const last = lines[lines.length - 1];
  const cp = last ? /^(.+),\s*([^,]+)$/.exec(last) : null;
  if (cp && provinceCode(cp[2])) {
    city = cp[1].trim();
    province = provinceCode(cp[2]);
    lines.pop();
  }
  return { street: lines, city, province, postalCode, main };
}

/** The politician-level address text: street lines, then "City PR  A1A 1A1" (one line each). */
export function addressText(a: ParsedAddress): string | null {
  const place = [[a.city, a.province].filter(Boolean).join(' '), a.postalCode].filter(Boolean).join('  ');
  const lines = [...a.street, ...(place ? [place] : [])];
  return lines.length ? lines.join('\n') : null;
}

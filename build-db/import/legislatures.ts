// Facts about each legislature that no upstream file states in one place; the jurisdictions file
// of an imported bundle is written from this table plus the coverage importers claim.
import type { CoverageClaim } from './types.js';

export interface Legislature {
  legislature_name: string;
  seats: number;
  source_urls: Record<string, string>;
}

export const LEGISLATURES: Record<CoverageClaim['jurisdiction'], Legislature> = {
  federal: {
    legislature_name: 'House of Commons of Canada',
    seats: 343,
    source_urls: { house: 'https://www.ourcommons.ca/', bills: 'https://www.parl.ca/legisinfo/' },
  },
  AB: { legislature_name: 'Legislative Assembly of Alberta', seats: 87, source_urls: { assembly: 'https://www.assembly.ab.ca/' } },
  BC: {
    legislature_name: 'Legislative Assembly of British Columbia',
    seats: 93,
    source_urls: { assembly: 'https://www.leg.bc.ca/', hansard: 'https://www.leg.bc.ca/parliamentary-business/hansard-debates' },
  },
  MB: { legislature_name: 'Legislative Assembly of Manitoba', seats: 57, source_urls: { assembly: 'https://www.gov.mb.ca/legislature/' } },
  NB: { legislature_name: 'Legislative Assembly of New Brunswick', seats: 49, source_urls: { assembly: 'https://www.legnb.ca/' } },
  NL: {
    legislature_name: 'House of Assembly of Newfoundland and Labrador',
    seats: 40,
    source_urls: { assembly: 'https://www.assembly.nl.ca/' },
  },
  NS: { legislature_name: 'Nova Scotia House of Assembly', seats: 55, source_urls: { assembly: 'https://nslegislature.ca/' } },
  NT: {
    legislature_name: 'Legislative Assembly of the Northwest Territories',
    seats: 19,
    source_urls: { assembly: 'https://www.ntassembly.ca/' },
  },
  NU: { legislature_name: 'Legislative Assembly of Nunavut', seats: 22, source_urls: { assembly: 'https://assembly.nu.ca/' } },
  ON: { legislature_name: 'Legislative Assembly of Ontario', seats: 124, source_urls: { assembly: 'https://www.ola.org/' } },
  PE: {
    legislature_name: 'Legislative Assembly of Prince Edward Island',
    seats: 27,
    source_urls: { assembly: 'https://www.assembly.pe.ca/' },
  },
  QC: { legislature_name: 'Assemblée nationale du Québec', seats: 125, source_urls: { assembly: 'https://www.assnat.qc.ca/' } },
  SK: { legislature_name: 'Legislative Assembly of Saskatchewan', seats: 61, source_urls: { assembly: 'https://www.legassembly.sk.ca/' } },
  YT: { legislature_name: 'Yukon Legislative Assembly', seats: 21, source_urls: { assembly: 'https://yukonassembly.ca/' } },
};

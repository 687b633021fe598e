// Province names as the FSA file spells them → codes. The file says "Northwest Territory" and
// "Nunavut Territory" (SOURCE.md quirk), so both those and the official names are listed.
import type { Province } from '../../../src/core/domain/enums.js';

const NAMES: Record<string, Province> = {
  alberta: 'AB',
  'british columbia': 'BC',
  manitoba: 'MB',
  'new brunswick': 'NB',
  'newfoundland and labrador': 'NL',
  newfoundland: 'NL',
  'nova scotia': 'NS',
  'northwest territories': 'NT',
  'northwest territory': 'NT',
  nunavut: 'NU',
  'nunavut territory': 'NU',
  ontario: 'ON',
  'prince edward island': 'PE',
  quebec: 'QC',
  québec: 'QC',
  saskatchewan: 'SK',
  yukon: 'YT',
  'yukon territory': 'YT',
};

export const provinceCode = (name: string): Province | null => NAMES[name.trim().toLowerCase()] ?? null;

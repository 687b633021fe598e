// Demo postcodes: points placed inside the demo boundaries (data/demo-boundaries.ts), so that every
// postcode route answers on the demo data file with each `source`. Per federal riding one FSA; two
// ridings in three also get register (`nar`) codes with address points, the third only an FSA-file
// point (answers `fsa_derived` with no address count). Each city ward gets a code; two override
// (`cache`) codes. Deterministic: pure arithmetic on the boundaries, no randomness.

type Ring = number[][];
interface DemoBoundary {
  source_set: string;
  slug: string;
  level: string;
  geometry: { type: string; coordinates: unknown };
}

export interface DemoPostcodes {
  points: unknown[];
  overrides: unknown[];
  fsaPoints: unknown[];
}

/** A register release date (Statistics Canada's July 2025 NAR) for every demo address point. */
const NAR_RELEASE = '2025-07-18T00:00:00Z';
const LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';
// Canada Post's first letters per province (the generator's federal slugs start with the SGC code).
const FIRST: Record<string, string> = {
  10: 'A',
  11: 'C',
  12: 'B',
  13: 'E',
  24: 'GHJ',
  35: 'KLNP',
  46: 'R',
  47: 'S',
  48: 'T',
  59: 'V',
  60: 'Y',
};
const CITIES: Record<string, { fsa: string; hall: { code: string; lat: number; lng: number }; city: string; province: string }> = {
  // City halls at their real points: Toronto 100 Queen St W, Montréal 275 rue Notre-Dame Est.
  'toronto-wards-2022': { fsa: 'M5H', hall: { code: 'M5H2N2', lat: 43.6535, lng: -79.3841 }, city: 'Toronto', province: 'ON' },
  'montreal-districts-2021': { fsa: 'H2Y', hall: { code: 'H2Y1C6', lat: 45.5088, lng: -73.554 }, city: 'Montréal', province: 'QC' },
};

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

function outerBox(b: DemoBoundary): [number, number, number, number] {
  const rings = (b.geometry.type === 'Polygon' ? b.geometry.coordinates : (b.geometry.coordinates as Ring[][])[0]) as Ring[];
  const xs = rings[0].map((p) => p[0]);
  const ys = rings[0].map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** The k-th FSA of a province: its first letters in turn, then a digit, then a third letter. */
function fsaFor(sgc: string, k: number): string {
  if (sgc === '61') return `X1${LETTERS[k % 20]}`; // Northwest Territories (X1A is Yellowknife)
  if (sgc === '62') return `X0${'ABC'[k % 3]}`; // Nunavut has X0A-X0C
  const first = FIRST[sgc];
  return `${first[k % first.length]}${Math.floor(k / first.length) % 10}${LETTERS[Math.floor(k / (first.length * 10)) % 20]}`;
}

export function demoPostcodes(boundaries: DemoBoundary[]): DemoPostcodes {
  const points: unknown[] = [];
  const fsaPoints: unknown[] = [];
  const federal = boundaries.filter((b) => b.level === 'federal').sort((a, b) => a.slug.localeCompare(b.slug));
  const perProvince = new Map<string, number>();
  for (const b of federal) {
    const sgc = b.slug.slice(0, 2);
    const k = perProvince.get(sgc) ?? 0;
    perProvince.set(sgc, k + 1);
    const fsa = fsaFor(sgc, k);
    const [x0, y0, x1, y1] = outerBox(b);
    const [w, h] = [x1 - x0, y1 - y0];
    // 15% in from the west and 20% up: clear of the lake the first Ontario riding has in its middle.
    fsaPoints.push({ fsa, lat: r6(y0 + 0.2 * h), lng: r6(x0 + 0.15 * w) });
    if (k % 3 === 2) continue;
    for (let j = 0; j < 3; j++) {
      const code = `${fsa}${j + 1}${LETTERS[(k + j) % 20]}${(k * 3 + j) % 10}`;
      const at = { lat: r6(y0 + (0.15 + 0.05 * j) * h), lng: r6(x0 + (0.1 + 0.1 * j) * w) };
      // Two records per code, as a register extract averaged by building: weights 1-40 and 1-5.
      points.push({ postcode: code, ...at, addresses: 1 + ((k * 7 + j * 13) % 40), fetched_at: NAR_RELEASE });
      points.push({
        postcode: code,
        lat: r6(at.lat + 0.002 * h),
        lng: r6(at.lng + 0.002 * w),
        addresses: 1 + ((k + j) % 5),
        fetched_at: NAR_RELEASE,
      });
    }
  }

  for (const [set, c] of Object.entries(CITIES)) {
    const wards = boundaries.filter((b) => b.source_set === set).sort((a, b) => a.slug.localeCompare(b.slug, 'en', { numeric: true }));
    wards.forEach((b, n) => {
      const [x0, y0, x1, y1] = outerBox(b);
      points.push({
        postcode: `${c.fsa}${n % 10}${LETTERS[n % 20]}${(n * 7) % 10}`,
        lat: r6((y0 + y1) / 2),
        lng: r6((x0 + x1) / 2),
        addresses: 10 + n,
        city: c.city,
        province_territory: c.province,
        fetched_at: NAR_RELEASE,
      });
    });
    points.push({
      postcode: c.hall.code,
      lat: c.hall.lat,
      lng: c.hall.lng,
      addresses: 1,
      city: c.city,
      province_territory: c.province,
      fetched_at: NAR_RELEASE,
    });
  }

  const overrides = [
    {
      postcode: 'K1A0A6',
      lat: 45.4236,
      lng: -75.7009,
      city: 'Ottawa',
      note: 'Parliament of Canada: a government code with no civic address',
    },
    { postcode: 'X0A0H0', lat: 63.7467, lng: -68.517, city: 'Iqaluit', note: 'general delivery' },
  ];
  return { points, overrides, fsaPoints };
}

// Hand-made boundaries whose every answer is known by construction (coordinates in degrees):
//
//   federal fed-2023:  35001 = [-76,-75]x[45,46] minus the "lake" [-75.8,-75.6]x[45.2,45.4]
//                      35002 = [-75,-74.5]x[45,46]   (shares the edge lng=-75 with 35001; smaller)
//                      35003 = two squares [-76,-75.5]x[44,44.5] and [-74,-73.5]x[44,44.5] (a MultiPolygon)
//   provincial on-2022: ottawa-centre = [-76,-74]x[45,46]; on-2018 (superseded by on-2022): old-riding, same square
//   municipal city-wards: ward-1 = [-75.8,-75.5]x[45.6,45.9], ward-2 = [-75.5,-75.2]x[45.6,45.9]
//             city (the whole city): whole = [-75.8,-75.2]x[45.6,45.9]
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

export const box = (minX: number, minY: number, maxX: number, maxY: number) => [
  [minX, minY],
  [maxX, minY],
  [maxX, maxY],
  [minX, maxY],
  [minX, minY],
];

const polygon = (...rings: number[][][]) => ({ type: 'Polygon', coordinates: rings });

export function boundaryRecords(): Rec[] {
  const fed = { source_set: 'fed-2023', level: 'federal', boundaries_version: '2023', effective_from: '2024-04-23' };
  const on = { level: 'provincial', province_territory: 'ON' };
  const city = { level: 'municipal', province_territory: 'ON', boundaries_version: '2022' };
  return [
    {
      ...fed,
      slug: '35001',
      name: 'Ottawa Centre',
      name_fr: 'Ottawa-Centre',
      ocd_id: 'ocd-division/country:ca/ed:35001-2023',
      geometry: polygon(box(-76, 45, -75, 46), box(-75.8, 45.2, -75.6, 45.4).reverse()),
    },
    { ...fed, slug: '35002', name: 'Ottawa East', geometry: polygon(box(-75, 45, -74.5, 46)) },
    {
      ...fed,
      slug: '35003',
      name: 'Islands',
      geometry: { type: 'MultiPolygon', coordinates: [[box(-76, 44, -75.5, 44.5)], [box(-74, 44, -73.5, 44.5)]] },
    },
    {
      ...on,
      source_set: 'on-2022',
      slug: 'ottawa-centre',
      name: 'Ottawa Centre',
      boundaries_version: '2022',
      geometry: polygon(box(-76, 45, -74, 46)),
    },
    {
      ...on,
      source_set: 'on-2018',
      slug: 'old-riding',
      name: 'Old Riding',
      boundaries_version: '2018',
      effective_to: '2022-06-02',
      superseded_by: 'on-2022',
      geometry: polygon(box(-76, 45, -74, 46)),
    },
    {
      ...city,
      source_set: 'city-wards',
      slug: 'ward-1',
      name: 'Ward 1',
      ocd_id: 'ocd-division/country:ca/csd:3506008/ward:1',
      geometry: polygon(box(-75.8, 45.6, -75.5, 45.9)),
    },
    {
      ...city,
      source_set: 'city-wards',
      slug: 'ward-2',
      name: 'Ward 2',
      ocd_id: 'ocd-division/country:ca/csd:3506008/ward:2',
      geometry: polygon(box(-75.5, 45.6, -75.2, 45.9)),
    },
    {
      ...city,
      source_set: 'city',
      slug: 'whole',
      name: 'The City',
      ocd_id: 'ocd-division/country:ca/csd:3506008',
      geometry: polygon(box(-75.8, 45.6, -75.2, 45.9)),
    },
  ];
}

// Reads a shapefile's features with their DBF attributes. The DBF text encoding comes from the
// manifest; when that decoding yields replacement characters (a DBF declared UTF-8 but written in
// Windows-1252, as Montréal's is) the file is read again in Windows-1252 and the fallback reported.
import { existsSync } from 'node:fs';
import * as shapefile from 'shapefile';

export type Props = Record<string, unknown>;
export interface ShapeFeature {
  index: number;
  properties: Props;
  geometry: { type: string; coordinates: unknown[] } | null;
}

const ENCODINGS: Record<string, string> = {
  utf8: 'utf-8',
  'utf-8': 'utf-8',
  win1252: 'windows-1252',
  'iso-8859-1': 'windows-1252',
  latin1: 'windows-1252',
};

async function readAll(shp: string, dbf: string | undefined, encoding: string): Promise<ShapeFeature[]> {
  const source = await shapefile.open(shp, dbf, { encoding });
  const out: ShapeFeature[] = [];
  for (let r = await source.read(); !r.done; r = await source.read()) {
    out.push({
      index: out.length,
      properties: (r.value.properties ?? {}) as Props,
      geometry: r.value.geometry as ShapeFeature['geometry'],
    });
  }
  return out;
}

const hasReplacement = (features: ShapeFeature[]) =>
  features.some((f) => Object.values(f.properties).some((v) => typeof v === 'string' && v.includes('\uFFFD')));

export async function readShapefile(
  shp: string,
  declared: string | null,
): Promise<{ features: ShapeFeature[]; encoding: string; fellBack: boolean }> {
  const dbfPath = shp.replace(/\.shp$/i, '.dbf');
  const dbf = existsSync(dbfPath) ? dbfPath : undefined;
  const encoding = ENCODINGS[(declared ?? 'utf8').toLowerCase()] ?? 'utf-8';
  const features = await readAll(shp, dbf, encoding);
  if (encoding === 'utf-8' && hasReplacement(features))
    return { features: await readAll(shp, dbf, 'windows-1252'), encoding: 'windows-1252', fellBack: true };
  return { features, encoding, fellBack: false };
}

// One boundary geometry per FlatGeobuf blob (decisions 8: geometry is stored as FlatGeobuf).
// flatgeobuf's own reader is an async generator; a lookup must be synchronous, so the blob is read
// here with its flatbuffers classes: the file header is skipped, the single feature's geometry read.
import * as flatbuffers from 'flatbuffers';
import { Feature, geojson, type Geometry } from 'flatgeobuf';

export type Position = [number, number];
export type Ring = Position[];
export type PolygonCoords = Ring[];
export type MultiPolygonCoords = PolygonCoords[];

const MAGIC_LENGTH = 8;
const SIZE_PREFIX = 4;
// FlatGeobuf GeometryType values (flat-geobuf/geometry-type.ts).
const POLYGON = 3;
const MULTIPOLYGON = 6;

export function encodeMultiPolygon(coordinates: MultiPolygonCoords): Uint8Array {
  return geojson.serialize({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates } }],
  } as Parameters<typeof geojson.serialize>[0]);
}

function polygonOf(g: Geometry): PolygonCoords {
  const xy = g.xyArray();
  if (!xy) return [];
  const ends = g.endsArray() ?? Uint32Array.of(xy.length / 2);
  const rings: PolygonCoords = [];
  let start = 0;
  for (const end of ends) {
    const ring: Ring = new Array(end - start);
    for (let i = start; i < end; i++) ring[i - start] = [xy[2 * i], xy[2 * i + 1]];
    rings.push(ring);
    start = end;
  }
  return rings;
}

/** One polygon's rings as interleaved x,y (copies: the blob's bytes are not kept). */
export type FlatPolygon = Float64Array[];

function flatPolygonOf(g: Geometry): FlatPolygon {
  const xy = g.xyArray();
  if (!xy) return [];
  const ends = g.endsArray() ?? Uint32Array.of(xy.length / 2);
  const rings: FlatPolygon = [];
  let start = 0;
  for (const end of ends) {
    rings.push(xy.slice(2 * start, 2 * end));
    start = end;
  }
  return rings;
}

function geometryOf(blob: Uint8Array): Geometry | null {
  // xyArray() views the bytes as a Float64Array, which needs 8-byte alignment: SQLite buffers may not have it.
  const bytes = blob.byteOffset % 8 === 0 ? new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength) : new Uint8Array(blob);
  const bb = new flatbuffers.ByteBuffer(bytes);
  const headerLength = bb.readUint32(MAGIC_LENGTH);
  // The writer never adds a spatial index (toolchain notes), so the feature follows the header.
  bb.setPosition(MAGIC_LENGTH + SIZE_PREFIX + headerLength);
  return Feature.getSizePrefixedRootAsFeature(bb).geometry();
}

function partsOf<T>(blob: Uint8Array, polygon: (g: Geometry) => T): T[] {
  const geometry = geometryOf(blob);
  if (!geometry) return [];
  if (geometry.type() === POLYGON) return [polygon(geometry)];
  if (geometry.type() !== MULTIPOLYGON) throw new Error(`FlatGeobuf geometry type ${geometry.type()} is not a (multi)polygon`);
  const out: T[] = [];
  for (let i = 0; i < geometry.partsLength(); i++) out.push(polygon(geometry.parts(i)!));
  return out;
}

/** The geometry of a one-feature FlatGeobuf blob as MultiPolygon coordinates. */
export const decodeMultiPolygon = (blob: Uint8Array): MultiPolygonCoords => partsOf(blob, polygonOf);

/** The same geometry as flat rings: a sixth of the memory of nested arrays, and faster to scan. */
export const decodeFlatMultiPolygon = (blob: Uint8Array): FlatPolygon[] => partsOf(blob, flatPolygonOf);

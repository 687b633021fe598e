// The learned encoder as ONNX: embedding = L2normalise(Σ w_i·table[id_i] / Σ w_i).
// The weighted sum is a batched MatMul of weights [B,1,L] with the gathered rows [B,L,D], which
// avoids a second [B,L,D] tensor (Mul + ReduceSum): the gathered rows are the whole memory cost.
import { initializer, int64s, modelBytes, node, scalar, valueInfo } from './onnx-graph.js';

export interface ExportOptions {
  /** float16 halves the data file's model blob; the model casts rows back to float32 after Gather. */
  precision?: 'float32' | 'float16';
}

/** table: rows × dim, row-major. */
export function exportEncoderOnnx(table: Float32Array, dim: number, { precision = 'float32' }: ExportOptions = {}): Uint8Array {
  const rows = table.length / dim;
  if (!Number.isInteger(rows)) throw new Error(`table length ${table.length} is not a multiple of dim ${dim}`);
  const half = precision === 'float16';
  const nodes = [
    node('Gather', ['table', 'ids'], [half ? 'rows16' : 'rows'], { axis: 0 }),
    ...(half ? [node('Cast', ['rows16'], ['rows'], { to: 1 })] : []),
    node('Unsqueeze', ['weights', 'axis1'], ['w3']),
    node('MatMul', ['w3', 'rows'], ['sum3']),
    node('Squeeze', ['sum3', 'axis1'], ['sum']),
    node('ReduceSum', ['weights', 'axis1'], ['wsum'], { keepdims: 1 }),
    node('Max', ['wsum', 'eps'], ['wsafe']),
    node('Div', ['sum', 'wsafe'], ['mean']),
    node('ReduceL2', ['mean'], ['norm'], { axes: [1], keepdims: 1 }),
    // An empty text (all weights 0) has a zero mean; dividing by eps keeps it zero, not NaN.
    node('Max', ['norm', 'eps'], ['nsafe']),
    node('Div', ['mean', 'nsafe'], ['embedding']),
  ];
  return modelBytes({
    name: 'canpol-learned-encoder',
    docString: 'Gather → weighted mean → L2 normalise; inputs from src/search/encoder/token-ids.ts',
    nodes,
    inputs: [valueInfo('ids', 'int64', ['batch', 'len']), valueInfo('weights', 'float32', ['batch', 'len'])],
    outputs: [valueInfo('embedding', 'float32', ['batch', dim])],
    initializers: [
      half ? initializer('table', 'float16', [rows, dim], toFloat16(table)) : initializer('table', 'float32', [rows, dim], table),
      int64s('axis1', [1]),
      scalar('eps', 1e-12),
    ],
  });
}

/** IEEE half precision, round to nearest even (no Float16Array in Node 22). */
export function toFloat16(src: Float32Array): Uint16Array {
  const out = new Uint16Array(src.length);
  const f = new Float32Array(1);
  const u = new Uint32Array(f.buffer);
  for (let i = 0; i < src.length; i++) {
    f[0] = src[i];
    const x = u[0];
    const sign = (x >>> 16) & 0x8000;
    const exp = ((x >>> 23) & 0xff) - 127 + 15;
    let mant = x & 0x7fffff;
    if (exp >= 31) {
      out[i] = sign | 0x7c00;
      continue;
    } // overflow → inf (vectors are small: never)
    if (exp <= 0) {
      if (exp < -10) {
        out[i] = sign;
        continue;
      }
      mant |= 0x800000;
      const shift = 14 - exp;
      let h = mant >>> shift;
      const rem = mant & ((1 << shift) - 1),
        halfway = 1 << (shift - 1);
      if (rem > halfway || (rem === halfway && h & 1)) h++;
      out[i] = sign | h;
      continue;
    }
    let h = (exp << 10) | (mant >>> 13);
    const rem = mant & 0x1fff;
    if (rem > 0x1000 || (rem === 0x1000 && h & 1)) h++;
    out[i] = sign | h;
  }
  return out;
}

export function fromFloat16(h: number): number {
  const sign = h & 0x8000 ? -1 : 1,
    exp = (h >>> 10) & 0x1f,
    mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 31) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

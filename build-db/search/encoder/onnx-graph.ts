// Minimal helpers to write an ONNX model by hand with onnx-proto (protobuf static code): enough
// for the learned encoder's graph and the tiny test models. Not a general graph builder.
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
export type ElemType = 'float32' | 'float16' | 'int64';
const DTYPE: Record<ElemType, number> = {
  float32: onnx.TensorProto.DataType.FLOAT,
  float16: onnx.TensorProto.DataType.FLOAT16,
  int64: onnx.TensorProto.DataType.INT64,
};

/** A graph input/output; a string dimension is symbolic ("batch", "len"). */
export function valueInfo(name: string, type: ElemType, shape: Array<number | string>): onnxProto.onnx.IValueInfoProto {
  const dim = shape.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d }));
  return { name, type: { tensorType: { elemType: DTYPE[type], shape: { dim } } } };
}

/** A constant tensor stored as raw little-endian bytes. */
export function initializer(
  name: string,
  type: ElemType,
  dims: number[],
  data: Float32Array | Uint16Array | BigInt64Array,
): onnxProto.onnx.ITensorProto {
  return { name, dataType: DTYPE[type], dims, rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

export const int64s = (name: string, values: number[]) =>
  initializer(name, 'int64', [values.length], BigInt64Array.from(values.map(BigInt)));
export const scalar = (name: string, value: number) => initializer(name, 'float32', [], Float32Array.of(value));

type Attr = number | number[] | string;
export function node(opType: string, inputs: string[], outputs: string[], attrs: Record<string, Attr> = {}): onnxProto.onnx.INodeProto {
  const attribute = Object.entries(attrs).map(([name, v]) => {
    if (typeof v === 'string') return { name, type: onnx.AttributeProto.AttributeType.STRING, s: new TextEncoder().encode(v) };
    if (Array.isArray(v)) return { name, type: onnx.AttributeProto.AttributeType.INTS, ints: v };
    return { name, type: onnx.AttributeProto.AttributeType.INT, i: v };
  });
  return { opType, input: inputs, output: outputs, name: `${opType}_${outputs[0]}`, attribute };
}

export interface GraphSpec {
  name: string;
  nodes: onnxProto.onnx.INodeProto[];
  inputs: onnxProto.onnx.IValueInfoProto[];
  outputs: onnxProto.onnx.IValueInfoProto[];
  initializers: onnxProto.onnx.ITensorProto[];
  opset?: number;
  docString?: string;
}

/** Serialised model bytes. Opset 13: ReduceSum/Unsqueeze/Squeeze take axes as inputs, ReduceL2 as an attribute. */
export function modelBytes(g: GraphSpec): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'canpol',
    opsetImport: [{ domain: '', version: g.opset ?? 13 }],
    docString: g.docString ?? '',
    graph: { name: g.name, node: g.nodes, input: g.inputs, output: g.outputs, initializer: g.initializers },
  });
  return onnx.ModelProto.encode(model).finish();
}

// The single binary's assets: the files src/cli/natives/build-binary.ts embeds in the executable, by the
// names src/cli/natives/unpack.ts takes them out with.
export const ASSETS = {
  sqlite: 'better_sqlite3.node',
  onnxBinding: 'onnxruntime_binding.node',
  // Named by its soname: onnxruntime's addon asks for libonnxruntime.so.1 beside itself ($ORIGIN).
  onnxLibrary: 'libonnxruntime.so.1',
  vec0: 'vec0.so',
  /** koffi's addon: the server reads TCP_INFO through it (src/server/http/kernel-wait.ts). */
  koffi: 'koffi.node',
  /** The bundle itself, the code a worker thread runs. */
  program: 'canpol.cjs',
} as const;

// How long a request's bytes sat in the kernel before the server read them. Node sees a request
// only when it reads it: a connection in the accept queue, or bytes in a socket's receive buffer
// while the event loop is busy, wait there unseen, and under a surge of new connections that was
// seconds (docs/operations.md, "Connection surges"), past any queue-delay bound counted from the
// read. Linux keeps, per connection, the milliseconds since its last data segment arrived
// (`tcpi_last_data_recv` of TCP_INFO); Node has no getsockopt, so it is read through koffi, a
// maintained FFI with prebuilt addons (in the single binary, its addon is one of the embedded ones).
import type { Socket } from 'node:net';

/** Milliseconds since the connection's last request bytes arrived; 0 when not known. */
export type KernelWait = (socket: Socket | undefined) => number;

const IPPROTO_TCP = 6;
const TCP_INFO = 11;
/** Offset of `tcpi_last_data_recv` (u32, ms) in Linux's `struct tcp_info`, stable since 2.6. */
const LAST_DATA_RECV = 52;
const INFO_BYTES = 64;

type GetSockOpt = (fd: number, level: number, name: number, value: Uint32Array, length: Uint32Array) => number;

interface Koffi {
  load(path: string): { func(signature: string): GetSockOpt };
}

/** The probe, or null where it cannot work (not Linux, or koffi has no addon for this platform):
 *  the bound is then counted from the read, as before. `why` says why not. */
export async function createKernelWait(): Promise<{ wait: KernelWait | null; why?: string }> {
  if (process.platform !== 'linux') return { wait: null, why: `TCP_INFO is read on Linux only (${process.platform})` };
  if (process.versions.bun) return { wait: null, why: "Bun's HTTP sockets expose no file descriptor" };
  let getsockopt: GetSockOpt;
  try {
    const module = (await import('koffi')) as unknown as { default?: Koffi } & Koffi;
    const koffi = module.default ?? module;
    getsockopt = koffi.load('libc.so.6').func('int getsockopt(int, int, int, void *, void *)');
  } catch (err) {
    return { wait: null, why: `koffi could not load getsockopt: ${(err as Error).message}` };
  }
  // Host byte order, as the kernel writes it.
  const info = new Uint32Array(INFO_BYTES / 4);
  const length = new Uint32Array(1);
  const wait: KernelWait = (socket) => {
    const fd = (socket as { _handle?: { fd?: unknown } } | undefined)?._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) return 0;
    length[0] = INFO_BYTES;
    // A socket that is not TCP (a Unix socket behind a proxy) fails the call: nothing known.
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, info, length) !== 0) return 0;
    if (length[0] < LAST_DATA_RECV + 4) return 0;
    return info[LAST_DATA_RECV / 4];
  };
  return { wait };
}

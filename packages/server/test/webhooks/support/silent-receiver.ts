// A webhook receiver that accepts every connection and never answers: each attempt sent to it
// holds its socket until the sender's timeout. It counts the connections it holds and those the
// sender gave up, so a test can tell whether any attempt to it has ended yet.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SilentReceiver {
  origin: string;
  /** Connections open now. */
  readonly open: number;
  /** Connections the other side closed (an attempt that timed out). */
  readonly closed: number;
  close(): Promise<void>;
}

export async function startSilentReceiver(): Promise<SilentReceiver> {
  const sockets = new Set<Socket>();
  let closed = 0;
  let closing = false;
  const server = createServer((socket) => {
    sockets.add(socket);
    // Read and drop the request, so the sender's write completes and it waits for an answer.
    socket.resume();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (!closing) closed++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get open() {
      return sockets.size;
    },
    get closed() {
      return closed;
    },
    close() {
      closing = true;
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

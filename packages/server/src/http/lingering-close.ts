// Closing a connection whose request body is still arriving. Node's HTTP server closes such a
// socket as soon as the answer is written; the kernel, finding unread input, then resets the
// connection, and a client still sending gets EPIPE or ECONNRESET and loses the answer that was
// already on its way (a 401 or a 413 it never sees). A lingering close (as nginx and Apache do it)
// sends the answer and the end of our side first, then goes on discarding what arrives, so the
// client can read the answer, until the client closes its side, a short time passes, or enough
// has been discarded: a client that is still sending by then is not reading either.
import type { Socket } from 'node:net';

/** Longest wait for the client to close after the answer (nginx's lingering_timeout is 5 s, Apache's 2 s). */
export const LINGER_MS = 2_000;
/** Most input discarded after the answer; past it the connection is reset, so a refused body is never read whole. */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;
/** How often the discarded input is measured: Node's HTTP parser reads the socket without 'data' events. */
const CHECK_EVERY_MS = 20;

/**
 * Makes the HTTP server's close of `socket` (its `destroySoon`, called once the answer is written
 * on a `Connection: close` response) a lingering one. The request still being received is
 * dumped by Node, so its bytes are read and dropped as they come.
 */
export function closeLingering(socket: Socket): void {
  socket.destroySoon = () => {
    const readAtAnswer = socket.bytesRead;
    // The answer, then our FIN: the client reads both before it sees anything else.
    socket.end();
    const finish = () => {
      clearInterval(check);
      clearTimeout(deadline);
      socket.destroy();
    };
    const check = setInterval(() => {
      if (socket.bytesRead - readAtAnswer > LINGER_MAX_BYTES) finish();
    }, CHECK_EVERY_MS);
    const deadline = setTimeout(finish, LINGER_MS);
    check.unref();
    deadline.unref();
    socket.once('end', finish);
    socket.once('close', finish);
  };
}

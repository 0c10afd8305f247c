import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long a connection closed at shutdown may linger after our FIN before it is destroyed. */
const LINGER_MS = 2000;
/**
 * Turns of the event loop (each a poll phase, where sockets are accepted and read, then the check phase
 * where this module looks) that a connection must spend without a request before shutdown counts it idle.
 * A request sent before the signal is in the kernel: its connection is accepted in the first poll phase
 * after the signal, its bytes read in the next one; a third covers a pipelined request whose reading was
 * paused until the responses before it were written. Counted in turns, not milliseconds, so a busy event
 * loop delays the close instead of cutting a received request off.
 */
const QUIET_TURNS = 3;
/**
 * The port closes after the first turn, from this one on, in which no connection was accepted: the accept
 * queue is empty then. A busy server takes a queued connection or a few per turn, and a connection the
 * client saw established (and may have sent its request on) would be reset if the port closed with it queued.
 */
const ACCEPT_TURNS = 2;
const netClose = NetServer.prototype.close;

interface Connection {
  /** Requests received and not yet answered. */
  open: number;
  /** Turns spent with no open request since shutdown began. */
  quiet: number;
  /** The response to the latest request: the one that may carry `Connection: close`. */
  last: ServerResponse | null;
  /** Open when shutdown began (a connection accepted later may still have unread requests behind). */
  old: boolean;
}

/**
 * Shutdown that loses nothing (issue 27): `stop()` keeps answering every request already received (in
 * progress, pipelined, or still in the socket buffer or the accept queue), closes each connection with a
 * FIN once it has stayed idle for a few turns of the event loop, stops accepting, and calls `onClosed`
 * when the last connection has gone. `Connection: close` goes only on a response known to be the last
 * one of its connection (Node closes the connection after it, dropping any pipelined request behind).
 */
export class ConnectionDrain {
  readonly #server: Server;
  readonly #connections = new Map<Socket, Connection>();
  #stopping = false;
  /** `Connection: close` has been set on the responses known to be their connection's last. */
  #drained = false;
  #turns = 0;
  #sweeping = false;
  #onPortClosed: (() => void) | null = null;
  #portOpen = true;
  /** Connections accepted since the last turn. */
  #accepted = 0;

  constructor(server: Server) {
    this.#server = server;
    server.on('connection', (socket: Socket) => {
      this.#connections.set(socket, { open: 0, quiet: 0, last: null, old: !this.#stopping });
      this.#accepted++;
      socket.once('close', () => this.#connections.delete(socket));
    });
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  /** Call first for every request, before anything is written: counts it and marks a connection's last. */
  request(req: IncomingMessage, res: ServerResponse): void {
    const connection = this.#connections.get(req.socket);
    if (!connection) return;
    connection.open++;
    connection.quiet = 0;
    connection.last = res;
    res.once('close', () => {
      connection.open--;
      if (connection.last === res) connection.last = null;
      if (this.#stopping) this.#sweep();
    });
  }

  /** Begin shutdown; `onPortClosed` runs once the port is closed and every connection has ended. */
  stop(onPortClosed: () => void): void {
    if (this.#stopping) return;
    this.#stopping = true;
    this.#onPortClosed = onPortClosed;
    this.#accepted = 0;
    this.#sweep();
  }

  /** Close the port (if new connections kept it open) and every connection now: the grace period is over. */
  destroyAll(): void {
    this.#closePort();
    this.#server.closeAllConnections();
    for (const socket of this.#connections.keys()) socket.destroy();
  }

  #closePort(): void {
    if (!this.#portOpen || !this.#onPortClosed) return;
    this.#portOpen = false;
    // net.Server#close: http.Server#close would also destroy idle connections at once.
    netClose.call(this.#server, this.#onPortClosed);
  }

  #sweep(): void {
    if (this.#sweeping) return;
    this.#sweeping = true;
    setImmediate(() => this.#turn());
  }

  #turn(): void {
    this.#turns++;
    const accepted = this.#accepted;
    this.#accepted = 0;
    if (this.#turns >= ACCEPT_TURNS && accepted === 0) this.#closePort();
    if (!this.#drained && this.#turns >= QUIET_TURNS) {
      this.#drained = true;
      // A connection with one request left and nothing read behind it: its response is the last. (Never
      // decided when a request arrives: a pipelined request behind it may not have been parsed yet.)
      for (const connection of this.#connections.values())
        if (connection.old && connection.open === 1 && connection.last && !connection.last.headersSent)
          connection.last.setHeader('connection', 'close');
    }
    let waiting = false;
    for (const [socket, connection] of this.#connections) {
      if (connection.open > 0 || socket.destroyed || socket.writableEnded) {
        connection.quiet = 0;
        continue;
      }
      connection.quiet++;
      if (connection.quiet >= QUIET_TURNS) endIdle(socket);
      else waiting = true;
    }
    this.#sweeping = false;
    if (waiting || this.#portOpen || this.#turns < QUIET_TURNS) this.#sweep();
  }
}

/** Close an idle connection gracefully: a FIN (end), never a reset; destroyed if the peer lingers. */
function endIdle(socket: Socket): void {
  if (socket.destroyed || socket.writableEnded) return;
  socket.end();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

import net from 'node:net';

/**
 * A TCP relay on a loopback port in front of another port: a test points the app at the relay and cuts it to make
 * the server behind unreachable, as a database restart or a network failure would, then opens it again.
 */
export class TcpRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** Takes connections again. */
  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        // A reset is how a cut connection ends: the close below handles it.
        socket.on('error', () => undefined);
      }
      client.pipe(upstream);
      upstream.pipe(client);
      // One side gone: the other goes too, as a broken connection would.
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  /** Breaks every open connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

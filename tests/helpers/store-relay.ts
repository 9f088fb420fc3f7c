// A TCP relay of a test's own in front of its PostgreSQL, to break connections on purpose (`pipe` wires each
// connection's two sockets: what passes, and when to stop), and the rejections no one handled meanwhile.
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';

export interface StoreRelay {
  /** The store's URL through the relay. */
  url: string;
  server: Server;
  /** Stops listening and ends every relayed connection. */
  close(): void;
}

export async function storeRelay(storeUrl: string, pipe: (client: Socket, server: Socket, relay: Server) => void): Promise<StoreRelay> {
  const target = new URL(storeUrl);
  const held: Socket[] = [];
  const relay = createServer((client) => {
    const server = tcpConnect(Number(target.port), target.hostname);
    held.push(client, server);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    pipe(client, server, relay);
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const url = new URL(storeUrl);
  url.port = String((relay.address() as { port: number }).port);
  return {
    url: url.toString(),
    server: relay,
    close() {
      relay.close();
      for (const s of held) s.destroy();
    },
  };
}

/** Collects unhandled rejections until stop(): what would end a server process. */
export function strayRejections(): { list: unknown[]; stop(): void } {
  const list: unknown[] = [];
  const on = (reason: unknown) => list.push(reason);
  process.on('unhandledRejection', on);
  return { list, stop: () => process.off('unhandledRejection', on) };
}

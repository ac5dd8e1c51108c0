import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

// A small forward proxy for the network tests: it answers CONNECT host:port with 200 and pipes the tunnel (or
// refuses it with a status of the test's choosing), and records every CONNECT it saw, as a company proxy logs them.

export interface ConnectProxy {
  url: string;
  /** Every CONNECT authority asked for, in order. */
  readonly tunnels: string[];
  /** Proxy-Authorization headers received. */
  readonly authorizations: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(o: { refuse?: number } = {}): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const authorizations: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => res.writeHead(405).end('CONNECT only'));
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const authority = req.url ?? '';
    tunnels.push(authority);
    if (req.headers['proxy-authorization']) authorizations.push(req.headers['proxy-authorization']);
    sockets.add(client);
    client.on('error', () => undefined);
    if (o.refuse) return client.end(`HTTP/1.1 ${o.refuse} Refused\r\ncontent-length: 0\r\n\r\n`);
    const [host, port] = [authority.slice(0, authority.lastIndexOf(':')).replace(/^\[|\]$/g, ''), Number(authority.slice(authority.lastIndexOf(':') + 1))];
    const upstream = connect({ host, port }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

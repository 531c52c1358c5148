/**
 * Tiny real HTTP servers on 127.0.0.1 for what the hub simulator cannot do (hostile bodies,
 * endless answers, a proxy). Real sockets, no mocked fetch.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface LocalServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startLocalServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LocalServer> {
  const server = createServer(handler);
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface LocalProxy extends LocalServer {
  /** `host:port` of every CONNECT tunnel opened through the proxy. */
  tunnels: string[];
}

/** A CONNECT proxy (what undici's ProxyAgent speaks) on loopback. */
export async function startConnectProxy(): Promise<LocalProxy> {
  const tunnels: string[] = [];
  const local = await startLocalServer((_req, res) => {
    res.writeHead(405).end('only CONNECT');
  });
  local.server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    tunnels.push(target);
    const [host, port] = target.split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return { ...local, tunnels };
}

// A TCP relay on 127.0.0.1 in front of the soak server, for the network-drop case: the page talks
// to the server through it, and `cut()` resets every connection going through it and refuses new
// ones until `restore()`, as a network that goes away does. Chromium's offline emulation alone
// blocks new requests but lets a response that is already streaming go on, so it cannot drop an
// answer mid-stream by itself.
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Relay {
  url: string;
  cut(): number;
  restore(): void;
  /** Connections refused while cut. */
  refused(): number;
  close(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<Relay> {
  const pairs = new Set<[Socket, Socket]>();
  let down = false;
  let refused = 0;
  const server = createServer((client) => {
    if (down) {
      refused++;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = (): void => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      const count = pairs.size;
      for (const [client, upstream] of [...pairs]) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
      return count;
    },
    restore() {
      down = false;
    },
    refused: () => refused,
    async close() {
      for (const [client, upstream] of [...pairs]) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A TCP proxy in front of a test server that counts the bytes a client sends and can cut the line, as hotel
 * Wi-Fi does (issue 38): `cutAfter(n)` drops every connection once n more bytes went up and refuses new ones
 * until `restore()`. Used by the uploads-in-parts tests and bench/.
 */
import net from "node:net";

export interface CutProxy {
  url: string;
  /** Bytes sent up (client to server) since the start or the last `resetCount()`. */
  sent: () => number;
  resetCount: () => void;
  /** Cuts every connection once `bytes` more went up; `onCut` runs then. */
  cutAfter: (bytes: number, onCut?: () => void) => void;
  /** Connections work again. */
  restore: () => void;
  close: () => Promise<void>;
}

export async function startCutProxy(target: string): Promise<CutProxy> {
  const { hostname, port } = new URL(target);
  let sent = 0;
  let down = false;
  let cutAt = Infinity;
  let onCut: (() => void) | undefined;
  const sockets = new Set<net.Socket>();
  const cut = () => {
    down = true;
    cutAt = Infinity;
    for (const s of sockets) s.destroy();
    sockets.clear();
    onCut?.();
  };
  const server = net.createServer((client) => {
    if (down) return void client.destroy();
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    client.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      if (sent >= cutAt) return cut();
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once("drain", () => client.resume());
      }
    });
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", drop).on("error", drop);
    upstream.on("close", drop).on("error", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    sent: () => sent,
    resetCount: () => {
      sent = 0;
    },
    cutAfter: (bytes, then) => {
      cutAt = sent + bytes;
      onCut = then;
    },
    restore: () => {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A TCP proxy in front of the app server that counts the bytes the browser sends, can slow them down, and
 * can cut every open connection at once: a dropped network in the middle of an upload.
 */
import net from "node:net";

export interface CutProxy {
  url: string;
  /** Bytes received from the browser so far. */
  sent: () => number;
  /** Destroys every open connection and refuses new ones until `restore`. */
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
}

export async function startCutProxy(target: string): Promise<CutProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let sent = 0;
  let isDown = false;
  const server = net.createServer((client) => {
    if (isDown) return void client.destroy();
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    const forget = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on("close", forget).on("error", forget);
    upstream.on("close", forget).on("error", forget);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    sent: () => sent,
    cut: () => {
      isDown = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore: () => (isDown = false),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A TCP proxy in front of a test server that counts the bytes a client sends and can cut the line, as hotel
 * Wi-Fi does (issue 38): `cutAfter(n)` drops every connection once n more bytes went up and refuses new ones
 * until `restore()`; `dropAnswerOf(pattern)` lets the next request whose first line matches reach the server
 * and cuts its connection as the answer starts back, as a laptop closed just after it sent. Used by the
 * uploads-in-parts tests and bench/.
 */
import net from "node:net";

export interface CutProxy {
  url: string;
  /** Bytes sent up (client to server) since the start or the last `resetCount()`. */
  sent: () => number;
  resetCount: () => void;
  /** Cuts every connection once `bytes` more went up; `onCut` runs then. */
  cutAfter: (bytes: number, onCut?: () => void) => void;
  /** The next request whose request line matches reaches the server; its answer is lost (the line cut); `onDrop` runs then. */
  dropAnswerOf: (requestLine: RegExp, onDrop?: () => void) => void;
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
  let dropping: { line: RegExp; onDrop?: () => void } | null = null;
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
    let dropThisAnswer: (() => void) | null = null;
    client.on("data", (chunk: Buffer) => {
      sent += chunk.length;
      if (sent >= cutAt) return cut();
      if (dropping && dropping.line.test(chunk.toString("latin1", 0, Math.min(chunk.length, 512)))) {
        const { onDrop } = dropping;
        dropping = null;
        dropThisAnswer = () => onDrop?.();
      }
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once("drain", () => client.resume());
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      if (dropThisAnswer) {
        const then = dropThisAnswer;
        dropThisAnswer = null;
        client.destroy();
        upstream.destroy();
        return then();
      }
      if (!client.write(chunk)) {
        upstream.pause();
        client.once("drain", () => upstream.resume());
      }
    });
    upstream.on("end", () => client.end());
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
    dropAnswerOf: (line, then) => {
      dropping = { line, onDrop: then };
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

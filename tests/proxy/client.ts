/** HTTPS requests to the proxy under test, from a chosen loopback source address (127.0.0.0/8 is all local). */
import http from "node:http";
import https from "node:https";

export interface ProxyResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json: <T = Record<string, unknown>>() => T;
}

export interface ProxyRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The client's address as nginx will see it ($remote_addr). */
  from?: string;
}

export function proxyRequest(port: number, ca: Buffer, pathname: string, opts: ProxyRequest = {}): Promise<ProxyResponse> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: "127.0.0.1", port, path: pathname, method: opts.method ?? "GET", ca, servername: "gallery.example.com", localAddress: opts.from, agent: false,
        headers: { Host: "gallery.example.com", ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body.toString("utf8")) as T });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** A multipart/form-data body with text fields and files, as a browser would send it. */
export function multipart(fields: Record<string, string>, files: Record<string, { name: string; type: string; data: Buffer }>) {
  const boundary = `----sg${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const [k, f] of Object.entries(files)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Opens the realtime (server-sent events) stream through the proxy; resolves with the client id PocketBase
 * sends first, a way to wait for the next event of a topic, and close().
 */
export function openRealtime(port: number, ca: Buffer): Promise<{ clientId: string; next: (topic: string, timeoutMs: number) => Promise<string>; close: () => void }> {
  return new Promise((resolve, reject) => {
    let buffer = "";
    const events: { event: string; data: string }[] = [];
    let waiter: (() => void) | null = null;
    const req = https.request({ host: "127.0.0.1", port, path: "/api/realtime", ca, servername: "gallery.example.com", agent: false, headers: { Host: "gallery.example.com", Accept: "text/event-stream" } }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event:(.*)$/m.exec(block)?.[1]?.trim() ?? "";
          const data = /^data:(.*)$/m.exec(block)?.[1] ?? "";
          if (event === "PB_CONNECT") {
            resolve({ clientId: (JSON.parse(data) as { clientId: string }).clientId, next, close: () => req.destroy() });
          } else {
            events.push({ event, data });
            waiter?.();
          }
        }
      });
    });
    req.on("error", (err) => (err.message === "socket hang up" ? undefined : reject(err)));
    req.end();

    async function next(topic: string, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = events.findIndex((e) => e.event === topic);
        if (i >= 0) return events.splice(i, 1)[0]!.data;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${topic}" event within ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          const t = setTimeout(r, left);
          waiter = () => {
            clearTimeout(t);
            r();
          };
        });
      }
    }
  });
}

/** A plain HTTP request straight to PocketBase's port from a chosen loopback address, bypassing the proxy. */
export function directRequest(baseUrl: string, pathname: string, opts: ProxyRequest = {}): Promise<{ status: number }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: pathname, method: opts.method ?? "GET", localAddress: opts.from, agent: false, headers: opts.headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

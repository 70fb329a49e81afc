import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ISOLATION_HEADERS, withIsolation } from "./isolation";

const { ISOLATION, isOwnerAppPath } = createRequire(import.meta.url)("../../pb_hooks/lib/core/security_headers.js") as {
  ISOLATION: Record<string, string>;
  isOwnerAppPath: (path: string) => boolean;
};

describe("cross-origin isolation", () => {
  it("puts on the service worker's answers the pair the server sends", () => {
    expect(ISOLATION_HEADERS).toEqual(ISOLATION);
  });

  it("adds the headers to an answer without them and keeps its body, status and other headers", async () => {
    const isolated = withIsolation(new Response("shell", { status: 200, headers: { "Content-Type": "text/html", "Cache-Control": "no-cache" } }));
    expect(isolated.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(isolated.headers.get("Cross-Origin-Embedder-Policy")).toBe("require-corp");
    expect(isolated.headers.get("Cache-Control")).toBe("no-cache");
    expect(await isolated.text()).toBe("shell");
  });

  it("isolates the owner's app only: not the visitor's gallery, its service worker, the API or the dashboard", () => {
    for (const path of ["/", "/clients/abc", "/converter", "/sw.js", "/assets/media.worker-x1.js", "/assets/avif_enc_mt-x2.wasm", "/manifest.webmanifest"]) expect(isOwnerAppPath(path), path).toBe(true);
    for (const path of ["/gallery", "/gallery/access", "/gallery/abcdefghij", "/gallery.html", "/gallery-sw.js", "/api/gallery/image/x", "/_/"]) expect(isOwnerAppPath(path), path).toBe(false);
  });
});

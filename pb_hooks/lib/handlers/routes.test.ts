/**
 * The route tables (lib/handlers/routes.js): every route the server registers stands in a table with its method,
 * path and policy, and no hook file registers a route past them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const HOOKS = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

interface Route {
  method: string;
  path: string;
  policy: string;
  handler: unknown;
}

/** The tables as PocketBase's VM loads them: `${__hooks}` is the hooks folder. */
function load() {
  (globalThis as { __hooks?: string }).__hooks = HOOKS;
  const policies = require("../core/policies.js") as { POLICIES: Record<string, unknown>; route: (m: string, p: string, g: unknown) => Route };
  const routes = require("./routes.js") as { allRoutes: () => Route[] };
  return { policies, all: routes.allRoutes() };
}

describe("route tables", () => {
  it("gives every route a method, a path and one of the policies", () => {
    const { policies, all } = load();
    expect(all.length).toBeGreaterThan(20);
    for (const r of all) {
      expect(["GET", "POST", "PUT", "DELETE", "PATCH"], `${r.method} ${r.path}`).toContain(r.method);
      expect(r.path, r.method).toMatch(/^\/(api|gallery)\//);
      expect(Object.keys(policies.POLICIES), `${r.method} ${r.path}`).toContain(r.policy);
      expect(typeof r.handler, `${r.method} ${r.path}`).toBe("function");
    }
    const patterns = all.map((r) => `${r.method} ${r.path}`);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it("refuses a route whose handler names no policy, when the hooks load", () => {
    const { policies } = load();
    expect(() => policies.route("GET", "/api/x", () => null)).toThrow(/GET \/api\/x names no policy/);
    expect(() => policies.route("GET", "/api/x", { policy: "anyone", handler: () => null })).toThrow(/names no policy/);
  });

  it("registers routes only through the tables: no hook file calls routerAdd, and lib/handlers/routes.js reads every table", () => {
    const hookFiles = readdirSync(HOOKS).filter((f) => f.endsWith(".pb.js"));
    for (const file of hookFiles) expect(readFileSync(path.join(HOOKS, file), "utf8"), file).not.toMatch(/\brouterAdd\s*\(/);
    const libFiles = readdirSync(path.join(HOOKS, "lib"), { recursive: true, encoding: "utf8" }).map((f) => f.replace(/\\/g, "/")).filter((f) => f.endsWith(".js"));
    const callers = libFiles.filter((f) => /\brouterAdd\s*\(/.test(readFileSync(path.join(HOOKS, "lib", f), "utf8")));
    expect(callers).toEqual(["handlers/routes.js"]);
    const dispatcher = readFileSync(path.join(HOOKS, "lib", "handlers", "routes.js"), "utf8");
    for (const table of libFiles.filter((f) => f.endsWith("_routes.js"))) expect(dispatcher, table).toContain(`require(\`\${__hooks}/lib/${table}\`)`);
  });

  it("names the policy the handler used to check for itself on the routes that had one", () => {
    const { all } = load();
    const policyOf = (method: string, p: string) => all.find((r) => r.method === method && r.path === p)?.policy;
    expect(policyOf("GET", "/api/gallery/{accessUrl}/images")).toBe("visitorSession");
    expect(policyOf("PUT", "/api/gallery/{accessUrl}/proofing/person")).toBe("visitorSession");
    expect(policyOf("POST", "/api/gallery/{accessUrl}/download-pin")).toBe("visitorSession");
    expect(policyOf("POST", "/api/owner/preview/{clientId}")).toBe("ownerOnly");
    expect(policyOf("POST", "/api/admin/update-username")).toBe("ownerOnly");
    expect(policyOf("POST", "/api/owner/run-reminders")).toBe("superuserOnly");
    expect(policyOf("POST", "/api/gallery/access")).toBe("publicRoute");
  });
});

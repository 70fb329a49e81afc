/**
 * Debian's nginx running deploy/nginx.conf as shipped, adapted only where a test must: loopback test ports,
 * the PocketBase under test as upstream, a throwaway self-signed certificate, and a prefix of its own.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, freePort } from "../../scripts/lib/pocketbase.mjs";

export interface RunningNginx {
  httpsPort: number;
  httpPort: number;
  /** The certificate nginx presents (for the client's trust store). */
  ca: Buffer;
  stop: () => Promise<void>;
}

/** The shipped site config with the test's ports, upstream and certificate. An nginx older than 1.25.1 (Debian
 * 12's 1.22) lacks the `http2 on;` directive the shipped config uses: for it alone the test writes the older
 * `listen ... ssl http2` form, so the rest of the file is still checked by that nginx. */
export function adaptSiteConfig(conf: string, { upstreamPort, httpPort, httpsPort, certDir, legacyHttp2 = false }: { upstreamPort: number; httpPort: number; httpsPort: number; certDir: string; legacyHttp2?: boolean }) {
  if (/^\s*listen[^;\n]*\shttp2/m.test(conf) || !/^\s*http2 on;/m.test(conf)) throw new Error("deploy/nginx.conf must use `http2 on;`, not the deprecated `listen ... http2`");
  const replaced = conf
    .replace("server 127.0.0.1:8090;", `server 127.0.0.1:${upstreamPort};`)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, "")
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${httpsPort} ssl${legacyHttp2 ? " http2" : ""};`)
    .replace(/^\s*http2 on;/m, legacyHttp2 ? "" : "    http2 on;")
    .replace(/\/etc\/letsencrypt\/live\/gallery\.example\.com\/fullchain\.pem/, path.join(certDir, "cert.pem"))
    .replace(/\/etc\/letsencrypt\/live\/gallery\.example\.com\/privkey\.pem/, path.join(certDir, "key.pem"));
  for (const needle of [`127.0.0.1:${upstreamPort}`, `127.0.0.1:${httpsPort} ssl`, "cert.pem", "key.pem"]) {
    if (!replaced.includes(needle)) throw new Error(`deploy/nginx.conf changed shape: the test could not set ${needle}`);
  }
  return replaced;
}

export async function startNginx(upstreamPort: number): Promise<RunningNginx> {
  const prefix = path.join(os.tmpdir(), `sg-nginx-${process.pid}-${upstreamPort}`);
  mkdirSync(prefix, { recursive: true });
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=gallery.example.com",
    "-addext", "subjectAltName=DNS:gallery.example.com,IP:127.0.0.1", "-keyout", path.join(prefix, "key.pem"), "-out", path.join(prefix, "cert.pem")], { stdio: "ignore" });
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const legacyHttp2 = !nginxHasHttp2Directive();
  const site = adaptSiteConfig(readFileSync(path.join(ROOT, "deploy", "nginx.conf"), "utf8"), { upstreamPort, httpPort, httpsPort, certDir: prefix, legacyHttp2 });
  writeFileSync(path.join(prefix, "site.conf"), site);
  // The main config Debian's /etc/nginx/nginx.conf would give, minus what needs root or system paths.
  const main = `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}`;
  writeFileSync(path.join(prefix, "nginx.conf"), main);
  const child: ChildProcess = spawn(nginxBinary(), ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", path.join(prefix, "error.log")], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  await waitForPort(httpPort, child, () => log + safeRead(path.join(prefix, "error.log")));
  // Anything the shipped config does that this nginx calls deprecated fails the tier.
  const warnings = (log + safeRead(path.join(prefix, "error.log"))).split("\n").filter((l) => /deprecated/i.test(l));
  if (warnings.length) {
    child.kill("SIGKILL");
    throw new Error(`nginx warns about deploy/nginx.conf:\n${warnings.join("\n")}`);
  }
  return {
    httpPort,
    httpsPort,
    ca: readFileSync(path.join(prefix, "cert.pem")),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(prefix, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGQUIT");
      }),
  };
}

function nginxBinary() {
  return process.env.NGINX_PATH || "/usr/sbin/nginx";
}

/** nginx 1.25.1 and later know `http2 on;` (and call `listen ... http2` deprecated). */
export function nginxHasHttp2Directive(version = nginxVersion()) {
  const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number);
  return major > 1 || (major === 1 && (minor > 25 || (minor === 25 && patch >= 1)));
}

function nginxVersion() {
  // `nginx -v` prints its version on standard error.
  const res = spawnSync(nginxBinary(), ["-v"], { encoding: "utf8" });
  return /nginx\/(\d+\.\d+\.\d+)/.exec(`${res.stderr}${res.stdout}`)?.[1] ?? "0.0.0";
}

function safeRead(file: string) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

async function waitForPort(port: number, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { redirect: "manual" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  child.kill("SIGKILL");
  throw new Error(`nginx did not listen on ${port}:\n${log()}`);
}

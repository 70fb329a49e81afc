/**
 * `npm run s3-cors -- https://photos.example.com [more origins]`: sets the CORS rules of the studio's bucket
 * (PutBucketCors) so that browsers on the studio's origin(s) may fetch files from it (GET, HEAD: direct delivery
 * to visitors) and send files to it (PUT: direct uploads from the owner's devices), reading the ETag of what
 * they sent. Without origins on the command line it takes `APP_ORIGIN`. Uses the same S3_* variables as the
 * server (S3_PUBLIC_ENDPOINT is not needed: CORS is a setting of the bucket). Prints the rules it set.
 * Some providers take CORS only from their dashboard or their own tool: docs/DEPLOY.md says which.
 */
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { s3ConfigFromEnv, signV4 } from "./lib/s3.mjs";

const xmlEscape = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The CORSConfiguration document for the origins. */
export function corsXml(origins) {
  const rule = [
    ...origins.map((o) => `<AllowedOrigin>${xmlEscape(o)}</AllowedOrigin>`),
    "<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod>",
    "<AllowedHeader>*</AllowedHeader>",
    "<ExposeHeader>ETag</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>Content-Disposition</ExposeHeader>",
    "<MaxAgeSeconds>3600</MaxAgeSeconds>",
  ].join("");
  return `<?xml version="1.0" encoding="UTF-8"?><CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><CORSRule>${rule}</CORSRule></CORSConfiguration>`;
}

/** An origin as browsers send it (scheme://host[:port], no path), or an error. */
export function normaliseOrigin(text) {
  const url = new URL(text);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`Not a web origin: ${text}`);
  return url.origin;
}

/** PutBucketCors on the configured bucket. */
export async function putBucketCors(config, origins) {
  const body = corsXml(origins.map(normaliseOrigin));
  const endpoint = new URL(config.endpoint.includes("://") ? config.endpoint : `https://${config.endpoint}`);
  const host = config.forcePathStyle ? endpoint.host : `${config.bucket}.${endpoint.host}`;
  const pathname = config.forcePathStyle ? `/${encodeURIComponent(config.bucket)}` : "/";
  const now = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const payloadHash = createHash("sha256").update(body).digest("hex");
  const headers = { host, "content-type": "application/xml", "content-md5": createHash("md5").update(body).digest("base64") };
  const { authorization, lower } = signV4(config, { method: "PUT", pathname, qs: "cors=", now, payloadHash, headers });
  delete lower.host;
  const res = await fetch(`${endpoint.protocol}//${host}${pathname}?cors=`, { method: "PUT", body, headers: { ...lower, Authorization: authorization } });
  if (!res.ok) throw new Error(`PutBucketCors failed (${res.status}): ${(await res.text()).slice(0, 300)}`);
  return body;
}

async function main() {
  const config = s3ConfigFromEnv();
  if (!config) throw new Error("Set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY and S3_SECRET (and S3_FORCE_PATH_STYLE if your service needs it).");
  const origins = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  if (!origins.length && process.env.APP_ORIGIN) origins.push(process.env.APP_ORIGIN);
  if (!origins.length) throw new Error("Name the studio's origin(s): npm run s3-cors -- https://photos.example.com (or set APP_ORIGIN).");
  const body = await putBucketCors(config, origins);
  console.log(`CORS set on bucket ${config.bucket}:\n${body}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}

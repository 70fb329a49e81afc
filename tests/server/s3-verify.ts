/**
 * Signature V4 checks of the test S3 (tests/server/s3-server.ts puts them in front of s3rver, which does not
 * verify signatures): every request's signature, Authorization header or presigned query, recomputed with AWS's
 * own implementation (@smithy/signature-v4 hashing with Node's crypto), independent of the hooks' sigv4.js.
 * Answers null when the request may pass, else S3's error code and message.
 */
import { createHash, createHmac } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";

export type Refusal = { status: number; code: string; message: string };
type Data = string | ArrayBuffer | ArrayBufferView;

const bytes = (data: Data) =>
  typeof data === "string" ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
class NodeSha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
  }
  update(data: Data) {
    this.hash.update(bytes(data));
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

const AUTH_QUERY = ["X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders", "X-Amz-Signature", "X-Amz-Security-Token"];
const denied = (message: string): Refusal => ({ status: 403, code: "AccessDenied", message });
const mismatch = (): Refusal => ({
  status: 403,
  code: "SignatureDoesNotMatch",
  message: "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
});

/** "20130524T000000Z" as a Date, or null. */
function parseAmzDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
}

/** The path as S3 reads it (each segment decoded), encoded again as SigV4 wants it: a client's own encoding quirks do not matter, its key does. */
function canonicalPath(rawPath: string): string {
  const strict = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return rawPath
    .split("/")
    .map((segment) => strict(decodeURIComponent(segment)))
    .join("/");
}

/** The query's pairs, decoded ("+" stays "+", as S3 reads a signed query). */
function parseQuery(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const pair of raw ? raw.split("&") : []) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = decodeURIComponent(eq < 0 ? "" : pair.slice(eq + 1));
    const known = query[name];
    query[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return query;
}

export type Incoming = { method: string; url: string; headers: Record<string, string | string[] | undefined>; body?: Buffer };

/**
 * Checks one request's SigV4 signature with the account's key. `now` is the server's clock.
 * A request without any signature passes (S3 then answers it as anonymous; s3rver refuses what is private).
 */
export async function verifyRequest(request: Incoming, account: { accessKey: string; secret: string }, now = new Date()): Promise<Refusal | null> {
  const q = request.url.indexOf("?");
  const rawPath = q < 0 ? request.url : request.url.slice(0, q);
  const query = parseQuery(q < 0 ? "" : request.url.slice(q + 1));
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(",") : value;
  };
  const authorization = header("authorization");
  const presigned = typeof query["X-Amz-Algorithm"] === "string";
  if (!authorization && !presigned) return null;

  let credential: string, signedHeaders: string[], given: string, stamp: string;
  if (presigned) {
    credential = String(query["X-Amz-Credential"] ?? "");
    signedHeaders = String(query["X-Amz-SignedHeaders"] ?? "").split(";");
    given = String(query["X-Amz-Signature"] ?? "");
    stamp = String(query["X-Amz-Date"] ?? "");
  } else {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(String(authorization).trim());
    if (!m) return { status: 400, code: "AuthorizationHeaderMalformed", message: "The authorization header is malformed." };
    credential = m[1]!;
    signedHeaders = m[2]!.split(";");
    given = m[3]!;
    stamp = header("x-amz-date") ?? "";
  }
  const [accessKey, day, region, service, terminator] = credential.split("/");
  if (accessKey !== account.accessKey) return { status: 403, code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  const signingDate = parseAmzDate(stamp);
  if (!signingDate || !region || service !== "s3" || terminator !== "aws4_request" || day !== stamp.slice(0, 8)) return mismatch();
  if (!signedHeaders.includes("host")) return denied("Host must be signed.");

  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = header(name);
    if (value === undefined) return mismatch();
    headers[name] = value;
  }
  const hostHeader = header("host") ?? "";
  const signer = new SignatureV4({ service: "s3", region, credentials: { accessKeyId: account.accessKey, secretAccessKey: account.secret }, sha256: NodeSha256, uriEscapePath: false, applyChecksum: false });
  const base = { method: request.method, protocol: "http:", hostname: hostHeader.replace(/:\d+$/, ""), path: canonicalPath(rawPath) };

  if (presigned) {
    const expires = Number(query["X-Amz-Expires"]);
    if (!Number.isInteger(expires) || expires < 1 || expires > 604800) return denied("X-Amz-Expires must be between 1 and 604800 seconds.");
    if (now.getTime() > signingDate.getTime() + expires * 1000) return denied("Request has expired");
    if (signingDate.getTime() > now.getTime() + 15 * 60 * 1000) return denied("Request is not valid yet");
    const rest: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(query)) if (!AUTH_QUERY.includes(name)) rest[name] = value;
    const keep = new Set([...signedHeaders, "x-amz-content-sha256"]);
    const theirs = await signer.presign(
      { ...base, query: rest, headers: { ...headers, "x-amz-content-sha256": "UNSIGNED-PAYLOAD" } },
      { signingDate, expiresIn: expires, unsignableHeaders: new Set(["x-amz-content-sha256"]), unhoistableHeaders: keep, signableHeaders: new Set(signedHeaders) },
    );
    return theirs.query?.["X-Amz-Signature"] === given && theirs.query?.["X-Amz-SignedHeaders"] === signedHeaders.join(";") ? null : mismatch();
  }

  if (Math.abs(now.getTime() - signingDate.getTime()) > 15 * 60 * 1000) return { status: 403, code: "RequestTimeTooSkewed", message: "The difference between the request time and the current time is too large." };
  const payloadHash = header("x-amz-content-sha256");
  if (!payloadHash) return { status: 400, code: "InvalidRequest", message: "Missing required header for this request: x-amz-content-sha256" };
  if (/^[0-9a-f]{64}$/.test(payloadHash) && request.body && createHash("sha256").update(request.body).digest("hex") !== payloadHash) {
    return { status: 400, code: "XAmzContentSHA256Mismatch", message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
  }
  const theirs = await signer.sign({ ...base, query, headers }, { signingDate, signableHeaders: new Set(signedHeaders) });
  const expected = String(theirs.headers["authorization"] ?? "");
  return expected === `AWS4-HMAC-SHA256 Credential=${credential}, SignedHeaders=${signedHeaders.join(";")}, Signature=${given}` ? null : mismatch();
}

/** S3's XML error body. */
export function errorXml(refusal: Refusal, resource: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${esc(refusal.message)}</Message><Resource>${esc(resource)}</Resource></Error>`;
}

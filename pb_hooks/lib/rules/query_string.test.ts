/** The image route's query parser reads a raw query as Go's url.ParseQuery does. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { parseQuery } = require("./query_string.js") as { parseQuery: (raw: string) => { get: (name: string) => string } };

describe("parseQuery", () => {
  it("answers the first value of a key, or an empty string", () => {
    const q = parseQuery("thumbnail=true&size=800&size=400&flag");
    expect(q.get("thumbnail")).toBe("true");
    expect(q.get("size")).toBe("800");
    expect(q.get("flag")).toBe("");
    expect(q.get("preview")).toBe("");
    expect(parseQuery("").get("size")).toBe("");
  });

  it("unescapes + and %XX, keys as well as values", () => {
    expect(parseQuery("download=si%6Egle").get("download")).toBe("single");
    expect(parseQuery("a+b=c+d").get("a b")).toBe("c d");
    expect(parseQuery("f%6Frmat=jpeg").get("format")).toBe("jpeg");
    expect(parseQuery("x=%E2%82%AC").get("x")).toBe("\u20AC");
  });

  it("skips what Go skips: a pair with ';', a bad escape, an empty pair; the next pair still counts", () => {
    expect(parseQuery("size=400;x&size=800").get("size")).toBe("800");
    expect(parseQuery("size=%zz&size=800").get("size")).toBe("800");
    expect(parseQuery("size=%4&size=800").get("size")).toBe("800");
    expect(parseQuery("&&size=800&").get("size")).toBe("800");
    expect(parseQuery("=x&size=1600").get("")).toBe("x");
  });

  it("keeps a value of bytes that are not UTF-8 as a value that matches no word", () => {
    const size = parseQuery("size=%FF").get("size");
    expect(size).not.toBe("");
    expect(["400", "800", "1600", "2048", "thumbnail", "medium", "large", "preview"]).not.toContain(size);
  });

  it("knows nothing of Object's own names", () => {
    expect(parseQuery("a=1").get("constructor")).toBe("");
    expect(parseQuery("__proto__=1").get("__proto__")).toBe("1");
  });

  it("answers the same for a query it has seen, and past the queries it remembers", () => {
    for (let round = 0; round < 2; round++) for (let i = 0; i < 100; i++) expect(parseQuery(`size=${i}&download=zip`).get("size")).toBe(String(i));
    expect(parseQuery("thumbnail=true").get("thumbnail")).toBe("true");
    expect(parseQuery("thumbnail=true").get("size")).toBe("");
  });
});

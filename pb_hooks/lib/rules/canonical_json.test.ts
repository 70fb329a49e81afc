import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type * as CanonicalJson from "./canonical_json.js";
import type * as SyncRules from "./sync_rules.js";

const require = createRequire(import.meta.url);
const json = require("./canonical_json.js") as typeof CanonicalJson;
const rules = require("./sync_rules.js") as typeof SyncRules;

describe("canonical JSON: the same value whatever the order of its keys", () => {
  it("sorts keys at every depth and keeps arrays in order", () => {
    expect(json.canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(json.sameJson({ watermark: "none", exif: { iso: 100, make: "X" } }, { exif: { make: "X", iso: 100 }, watermark: "none" })).toBe(true);
    expect(json.sameJson([1, 2], [2, 1])).toBe(false);
    expect(json.sameJson({ a: 1 }, { a: 2 })).toBe(false);
  });

  it("reads null and undefined as none, and drops keys whose value is undefined, as JSON does", () => {
    expect(json.sameJson(null, undefined)).toBe(true);
    expect(json.sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(json.sameJson(null, {})).toBe(false);
  });

  it("compares stored texts as values: other key order or spacing is the same; '' is null", () => {
    expect(json.sameJsonText('{"b":1,"a":{"y":2,"x":1}}', '{ "a": { "x": 1, "y": 2 }, "b": 1 }')).toBe(true);
    expect(json.sameJsonText('{"a":1}', '{"a":2}')).toBe(false);
    expect(json.sameJsonText("", "null")).toBe(true);
    expect(json.sameJsonText("not json", "not  json")).toBe(false);
  });
});

describe("isFieldChanged: what the server's newest-wins counts as an edit", () => {
  it("a JSON field whose keys come back in another order is not changed", () => {
    expect(rules.isFieldChanged("json", '{"watermark":"none","a":1}', '{"a":1,"watermark":"none"}', json.sameJsonText)).toBe(false);
    expect(rules.isFieldChanged("json", '{"a":1}', '{"a":2}', json.sameJsonText)).toBe(true);
  });

  it("other fields compare as text: '1' and '1.0' differ in a text field", () => {
    expect(rules.isFieldChanged("text", "1", "1.0", json.sameJsonText)).toBe(true);
    expect(rules.isFieldChanged("text", "same", "same", json.sameJsonText)).toBe(false);
  });
});

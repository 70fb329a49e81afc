import { describe, expect, it } from "vitest";
import { isRecordId, newRecordId } from "./ids";

describe("newRecordId", () => {
  it("makes PocketBase-shaped ids that do not repeat", () => {
    const ids = new Set(Array.from({ length: 5000 }, newRecordId));
    expect(ids.size).toBe(5000);
    for (const id of ids) expect(isRecordId(id)).toBe(true);
  });
});

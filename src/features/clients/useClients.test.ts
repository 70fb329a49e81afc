import { describe, expect, it } from "vitest";
import { matchesSearch } from "./useClients";

describe("client search", () => {
  const ada = { name: "Ada Lovelace", email: "ada@engine.org", eventType: "Wedding" as const };
  it("matches name, email or event type, ignoring case and surrounding spaces", () => {
    expect(matchesSearch(ada, "LOVE")).toBe(true);
    expect(matchesSearch(ada, " engine.ORG ")).toBe(true);
    expect(matchesSearch(ada, "wed")).toBe(true);
    expect(matchesSearch(ada, "portrait")).toBe(false);
    expect(matchesSearch(ada, "")).toBe(true);
  });
});

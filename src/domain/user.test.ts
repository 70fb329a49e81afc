import { describe, expect, it } from "vitest";
import { userLabel } from "./user";

describe("userLabel", () => {
  it("shows the owner's username and Visitor for anyone else", () => {
    expect(userLabel({ id: "a", username: "owner@example.com", isStudioOwner: true })).toBe("owner@example.com");
    expect(userLabel({ id: "b", username: "guest@example.com", isStudioOwner: false })).toBe("Visitor");
    expect(userLabel(null)).toBe("Visitor");
  });
});

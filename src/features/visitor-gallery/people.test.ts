/** The people a browser keeps per gallery (issue 26): the current one first, others kept, junk ignored. */
import { beforeEach, describe, expect, it } from "vitest";
import { forgetPerson, readPeople, rememberPerson } from "./people";

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  } as Storage;
});

describe("a browser's people of a gallery", () => {
  it("keeps the current person first, and each gallery apart", () => {
    rememberPerson("g1", { id: "anna", name: "Anna" });
    rememberPerson("g1", { id: "ben", name: "Ben" });
    rememberPerson("g2", { id: "carla", name: "Carla" });
    expect(readPeople("g1")).toEqual({ current: "ben", people: [{ id: "ben", name: "Ben" }, { id: "anna", name: "Anna" }] });
    rememberPerson("g1", { id: "anna", name: "Anna" });
    expect(readPeople("g1").current).toBe("anna");
    expect(readPeople("g1").people.map((p) => p.id)).toEqual(["anna", "ben"]);
    expect(readPeople("g2").people.map((p) => p.id)).toEqual(["carla"]);
  });

  it("forgets a person the server no longer knows", () => {
    rememberPerson("g1", { id: "anna", name: "Anna" });
    rememberPerson("g1", { id: "ben", name: "Ben" });
    expect(forgetPerson("g1", "ben")).toEqual({ current: null, people: [{ id: "anna", name: "Anna" }] });
  });

  it("reads junk as nobody", () => {
    store.set("sg-people:g1", "{not json");
    expect(readPeople("g1")).toEqual({ current: null, people: [] });
    store.set("sg-people:g1", JSON.stringify({ current: 5, people: [{ id: 1 }, null, { id: "a", name: "A" }] }));
    expect(readPeople("g1")).toEqual({ current: null, people: [{ id: "a", name: "A" }] });
  });
});

/**
 * Words the screens show for values the app stores in English (issue 37): a gallery's status, a client's
 * event type and a converter target format are said in the screen's language, and the search finds a client
 * by the event type's word in that language as well as by the stored value.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../domain/contract";
import { FORMATS } from "../domain/convert-formats";
import { activate } from "../lib/i18n/i18n";
import { CONVERTER_TEXTS } from "../features/converter/texts";
import { CLIENT_TEXTS } from "../features/clients/texts";
import { matchesSearch } from "../features/clients/useClients";

const catalogue = (namespace: string) => ({ namespace, messages: JSON.parse(readFileSync(new URL(`./de/${namespace}.json`, import.meta.url), "utf8")) as Record<string, unknown> });
const german = () => activate("de", [Promise.resolve(catalogue("clients")), Promise.resolve(catalogue("converter"))]);

afterEach(() => activate("en", []));

describe("stored values said in the screen's language", () => {
  it("has a word for every status, event type and target format", () => {
    expect(Object.keys(CLIENT_TEXTS.statuses).sort()).toEqual(["Active", "Dormant", "Expired"]);
    expect(Object.keys(CLIENT_TEXTS.eventTypes).sort()).toEqual([...EVENT_TYPES].sort());
    expect(Object.keys(CONVERTER_TEXTS.formats).sort()).toEqual(FORMATS.map((f) => f.id).sort());
  });

  it("says them in German in a German session", async () => {
    await german();
    expect(CLIENT_TEXTS.statuses.Expired).toBe("Abgelaufen");
    expect(EVENT_TYPES.map((t) => CLIENT_TEXTS.eventType(t))).toEqual(["Hochzeit", "Porträt", "Familie", "Gewerblich", "Veranstaltung"]);
    expect(CONVERTER_TEXTS.formats.original).toBe("Unverändert");
    expect(CLIENT_TEXTS.eventType("Gala")).toBe("Gala"); // a value this app does not know stays as stored
  });

  it("finds a client by the event type's word in the screen's language", async () => {
    const ada = { name: "Ada Lovelace", email: "ada@engine.org", eventType: "Wedding" as const };
    await german();
    expect(matchesSearch(ada, "hochzeit")).toBe(true);
    expect(matchesSearch(ada, "wedding")).toBe(true);
    expect(matchesSearch(ada, "familie")).toBe(false);
  });
});

/**
 * The people this browser has proofed as in a gallery (issue 26), kept in localStorage per gallery: the
 * current one, whom a new session switches back to, and the others, offered by 'Switch person' on a shared
 * device. Only ids and names; the server decides whether a person belongs to the gallery.
 */
import type { ProofPerson } from "./proofingApi";

export interface KnownPeople {
  current: string | null;
  people: ProofPerson[];
}

const NONE: KnownPeople = { current: null, people: [] };
const MAX_KEPT = 20;
const keyOf = (accessUrl: string) => `sg-people:${accessUrl}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused: nobody is remembered, the visitor is asked again
  }
}

export function readPeople(accessUrl: string): KnownPeople {
  try {
    const raw = JSON.parse(storage()?.getItem(keyOf(accessUrl)) ?? "null") as Partial<KnownPeople> | null;
    if (!raw || !Array.isArray(raw.people)) return NONE;
    const people = raw.people.filter((p): p is ProofPerson => !!p && typeof p.id === "string" && typeof p.name === "string");
    return { current: typeof raw.current === "string" ? raw.current : null, people };
  } catch {
    return NONE;
  }
}

function write(accessUrl: string, value: KnownPeople): KnownPeople {
  try {
    storage()?.setItem(keyOf(accessUrl), JSON.stringify(value));
  } catch {
    // full or refused: kept for this page only
  }
  return value;
}

/** `person` is now the browser's current person of the gallery (first in the list). */
export function rememberPerson(accessUrl: string, person: ProofPerson): KnownPeople {
  const others = readPeople(accessUrl).people.filter((p) => p.id !== person.id);
  return write(accessUrl, { current: person.id, people: [person, ...others].slice(0, MAX_KEPT) });
}

/** Drops a person the server no longer knows in this gallery. */
export function forgetPerson(accessUrl: string, personId: string): KnownPeople {
  const known = readPeople(accessUrl);
  return write(accessUrl, { current: known.current === personId ? null : known.current, people: known.people.filter((p) => p.id !== personId) });
}

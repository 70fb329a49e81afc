/**
 * The client's proofing as the device holds it (pulled by sync; works offline): the gallery's lists, and
 * per person (issue 26) their favourites, each list's picks and their comments, as photos in file-name order,
 * and whether they submitted.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import { isTrashed } from "../../store/repositories/trash";
import type { ImageRow } from "../../store/rows";
import type { ProofRow } from "../../domain/proofing";
import { imageName } from "../../domain/image-files";

const BY_NAME = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export interface OwnerProofList {
  id: string;
  name: string;
  limit: number;
  images: ImageRow[];
}

export interface OwnerProofPerson {
  id: string;
  name: string;
  email: string;
  /** When the visitor gave the name, as PocketBase writes it (the burst notice reads it, issue 37). */
  created: string;
  submittedAt: string;
  favourites: ImageRow[];
  lists: OwnerProofList[];
  comments: Array<{ image: ImageRow; text: string }>;
}

const byCreated = (a: ProofRow, b: ProofRow) => String(a.created).localeCompare(String(b.created)) || a.id.localeCompare(b.id);

export function useOwnerProofing(clientId: string) {
  return useLiveQuery(async () => {
    const [images, lists, people, picks, favourites, comments, states] = await Promise.all([
      // Neither photos nor people in the trash (issue 43): their choices come back with them.
      db.images.where("client").equals(clientId).filter((row) => !isTrashed(row)).toArray(),
      db.proofLists.where("client").equals(clientId).toArray(),
      db.proofPeople.where("client").equals(clientId).filter((row) => !isTrashed(row)).toArray(),
      db.proofPicks.where("client").equals(clientId).toArray(),
      db.proofFavourites.where("client").equals(clientId).toArray(),
      db.proofComments.where("client").equals(clientId).toArray(),
      db.proofStates.where("client").equals(clientId).toArray(),
    ]);
    const byId = new Map(images.map((i) => [i.id, i]));
    // In file-name order (as the grid and Lightroom list them), whatever order the rows arrived in.
    const photos = (rows: ProofRow[]) =>
      rows
        .map((r) => byId.get(String(r.image)))
        .filter((i): i is ImageRow => !!i)
        .sort((a, b) => BY_NAME.compare(imageName(a), imageName(b)));
    const sortedLists = [...lists].sort(byCreated).map((l) => ({ id: l.id, name: String(l.name), limit: Number(l.limit) || 0 }));
    const of = (rows: ProofRow[], person: string) => rows.filter((r) => r.person === person);
    const perPerson: OwnerProofPerson[] = [...people].sort(byCreated).map((p) => ({
      id: p.id,
      name: String(p.name),
      email: String(p.email ?? ""),
      created: String(p.created ?? ""),
      submittedAt: String(states.find((s) => s.person === p.id)?.submittedAt ?? ""),
      favourites: photos(of(favourites, p.id)),
      lists: sortedLists.map((l) => ({ ...l, images: photos(of(picks, p.id).filter((k) => k.list === l.id)) })),
      comments: of(comments, p.id)
        .map((c) => ({ image: byId.get(String(c.image)), text: String(c.text) }))
        .filter((c): c is { image: ImageRow; text: string } => !!c.image),
    }));
    return {
      lists: sortedLists.map((l) => ({ ...l, picks: picks.filter((k) => k.list === l.id).length })),
      people: perPerson,
    };
  }, [clientId]);
}

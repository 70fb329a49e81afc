/** The client's proofing as the device holds it (pulled by sync; works offline), with each list's photos. */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import type { ImageRow } from "../../store/rows";
import { imageName } from "../../domain/image-files";

const BY_NAME = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export interface OwnerProofList {
  id: string;
  name: string;
  limit: number;
  images: ImageRow[];
}

export function useOwnerProofing(clientId: string) {
  return useLiveQuery(async () => {
    const [images, lists, picks, favourites, comments, state] = await Promise.all([
      db.images.where("client").equals(clientId).toArray(),
      db.proofLists.where("client").equals(clientId).toArray(),
      db.proofPicks.where("client").equals(clientId).toArray(),
      db.proofFavourites.where("client").equals(clientId).toArray(),
      db.proofComments.where("client").equals(clientId).toArray(),
      db.proofStates.where("client").equals(clientId).first(),
    ]);
    const byId = new Map(images.map((i) => [i.id, i]));
    // In file-name order (as the grid and Lightroom list them), whatever order the rows arrived in.
    const pick = (ids: unknown[]) =>
      ids
        .map((id) => byId.get(String(id)))
        .filter((i): i is ImageRow => !!i)
        .sort((a, b) => BY_NAME.compare(imageName(a), imageName(b)));
    const sortedLists: OwnerProofList[] = [...lists]
      .sort((a, b) => String(a.created).localeCompare(String(b.created)))
      .map((l) => ({ id: l.id, name: String(l.name), limit: Number(l.limit) || 0, images: pick(picks.filter((p) => p.list === l.id).map((p) => p.image)) }));
    return {
      favourites: pick(favourites.map((f) => f.image)),
      lists: sortedLists,
      comments: comments.map((c) => ({ image: byId.get(String(c.image)), text: String(c.text) })).filter((c) => !!c.image),
      submittedAt: state ? String(state.submittedAt ?? "") : "",
    };
  }, [clientId]);
}

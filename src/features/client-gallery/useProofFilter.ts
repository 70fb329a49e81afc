/**
 * The grid's proofing filters of a client: everyone's favourites, each person's (issue 26) and each list,
 * with the image ids they hold (device store, live).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import type { ProofRow } from "../../domain/proofing";
import { IMAGE_TEXTS } from "./texts";

export interface ProofFilter {
  key: string;
  label: string;
  ids: ReadonlySet<string>;
}

export function useProofFilters(clientId: string, favouritesLabel: string): ProofFilter[] {
  return (
    useLiveQuery(async () => {
      const [favourites, lists, picks, people] = await Promise.all([
        db.proofFavourites.where("client").equals(clientId).toArray(),
        db.proofLists.where("client").equals(clientId).toArray(),
        db.proofPicks.where("client").equals(clientId).toArray(),
        db.proofPeople.where("client").equals(clientId).toArray(),
      ]);
      const byCreated = (a: ProofRow, b: ProofRow) => String(a.created).localeCompare(String(b.created));
      const sorted = [...lists].sort(byCreated);
      return [
        { key: "favourites", label: favouritesLabel, ids: new Set(favourites.map((f) => String(f.image))) },
        // With more than one person, each one's favourites too (one person's are everyone's).
        ...(people.length > 1
          ? [...people].sort(byCreated).map((p) => ({
              key: `favourites:${p.id}`,
              label: IMAGE_TEXTS.favouritesOf(String(p.name)),
              ids: new Set(favourites.filter((f) => f.person === p.id).map((f) => String(f.image))),
            }))
          : []),
        ...sorted.map((l) => ({ key: l.id, label: String(l.name), ids: new Set(picks.filter((p) => p.list === l.id).map((p) => String(p.image))) })),
      ];
    }, [clientId, favouritesLabel]) ?? []
  );
}

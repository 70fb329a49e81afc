/** The grid's proofing filters of a client: favourites and each list, with the image ids they hold (device store, live). */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";

export interface ProofFilter {
  key: string;
  label: string;
  ids: ReadonlySet<string>;
}

export function useProofFilters(clientId: string, favouritesLabel: string): ProofFilter[] {
  return (
    useLiveQuery(async () => {
      const [favourites, lists, picks] = await Promise.all([
        db.proofFavourites.where("client").equals(clientId).toArray(),
        db.proofLists.where("client").equals(clientId).toArray(),
        db.proofPicks.where("client").equals(clientId).toArray(),
      ]);
      const sorted = [...lists].sort((a, b) => String(a.created).localeCompare(String(b.created)));
      return [
        { key: "favourites", label: favouritesLabel, ids: new Set(favourites.map((f) => String(f.image))) },
        ...sorted.map((l) => ({ key: l.id, label: String(l.name), ids: new Set(picks.filter((p) => p.list === l.id).map((p) => String(p.image))) })),
      ];
    }, [clientId, favouritesLabel]) ?? []
  );
}

/**
 * The client page's Activity card: views, visitors, last visit and downloads as the server counts them
 * (online only), the gallery emails and expiry reminders with how each went (online), the people choosing and
 * their favourites, per person, from the device's synced proofing (offline too; issue 26) and failed code and PIN attempts.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { formatDateTime } from "../../domain/format";
import { parseDate } from "../../domain/gallery-status";
import { db } from "../../store/db";
import { fetchActivity, photosDownloaded, type GalleryActivity } from "../../sync/activity";
import { fetchAccessFailures } from "../../sync/accessFailures";
import { MailHistory } from "./MailHistory";
import { CLIENT_TEXTS } from "./texts";
import "./clients.css";

interface Online {
  activity: GalleryActivity | null;
  failures: number;
  pinFailures: number;
}

export function ActivityCard({ clientId }: { clientId: string }) {
  const [online, setOnline] = useState<Online | "unavailable" | null>(null);
  const choosing = useLiveQuery(async () => {
    const [people, favourites] = await Promise.all([db.proofPeople.where("client").equals(clientId).toArray(), db.proofFavourites.where("client").equals(clientId).toArray()]);
    const perPerson = [...people]
      .sort((a, b) => String(a.created).localeCompare(String(b.created)))
      .map((p) => ({ name: String(p.name), count: favourites.filter((f) => f.person === p.id).length }));
    return { people: people.length, favourites: favourites.length, perPerson };
  }, [clientId]);
  useEffect(() => {
    let live = true;
    Promise.all([fetchActivity(clientId), fetchAccessFailures(clientId)]).then(
      ([activity, failures]) => live && setOnline({ activity, failures: failures?.failures ?? 0, pinFailures: failures?.pinFailures ?? 0 }),
      () => live && setOnline("unavailable"),
    );
    return () => {
      live = false;
    };
  }, [clientId]);

  const known = online && online !== "unavailable" ? online : null;
  const a = known?.activity;
  const dash = online === null ? "…" : "–";
  const lastVisit = a ? parseDate(a.lastVisit) : null;
  const rows: [string, string][] = [
    [CLIENT_TEXTS.activityViews, known ? String(a?.views ?? 0) : dash],
    [CLIENT_TEXTS.activityVisitors, known ? String(a?.sessions ?? 0) : dash],
    [CLIENT_TEXTS.activityLastVisit, known ? (lastVisit ? formatDateTime(lastVisit) : CLIENT_TEXTS.activityNever) : dash],
    [CLIENT_TEXTS.activityDownloads, known ? String(a ? photosDownloaded(a) : 0) : dash],
    [CLIENT_TEXTS.activitySingle, known ? String(a?.singleDownloads ?? 0) : dash],
    [CLIENT_TEXTS.activityZips, known ? CLIENT_TEXTS.activityZipPhotos(a?.zipDownloads ?? 0, a?.zipPhotos ?? 0) : dash],
    [CLIENT_TEXTS.activityPeople, choosing === undefined ? dash : String(choosing.people)],
    [CLIENT_TEXTS.activityFavourites, choosing === undefined ? dash : CLIENT_TEXTS.activityFavouritesOf(choosing.favourites, choosing.perPerson)],
    [CLIENT_TEXTS.activityFailures, known ? String(known.failures) : dash],
    [CLIENT_TEXTS.activityPinFailures, known ? String(known.pinFailures) : dash],
  ];
  return (
    <section className="activity-card" aria-labelledby="activity-title" data-testid="activity-card">
      <h2 id="activity-title" className="section-title">
        {CLIENT_TEXTS.activityTitle}
      </h2>
      <dl className="activity-stats">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="muted small">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {online === "unavailable" ? null : <MailHistory clientId={clientId} />}
      <p className="muted small">{online === "unavailable" ? CLIENT_TEXTS.activityOffline : CLIENT_TEXTS.activityNote}</p>
    </section>
  );
}

/** The dashboard's 'Recent activity': the galleries visited last, as the server counts them (online only). */
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { formatMoment } from "../../domain/format";
import type { ClientRow } from "../../store/rows";
import { fetchRecentActivity, photosDownloaded, type GalleryActivity } from "../../sync/activity";
import { DASHBOARD_TEXTS } from "./texts";
import "./dashboard.css";

const RECENT = 5;

export function RecentActivityCard({ clients }: { clients: ClientRow[] | undefined }) {
  const [recent, setRecent] = useState<GalleryActivity[] | "unavailable" | null>(null);
  useEffect(() => {
    let live = true;
    fetchRecentActivity(RECENT).then(
      (rows) => live && setRecent(rows),
      () => live && setRecent("unavailable"),
    );
    return () => {
      live = false;
    };
  }, []);
  const names = new Map((clients ?? []).map((c) => [c.id, c.name]));
  const rows = Array.isArray(recent) ? recent.filter((a) => names.has(a.client)) : [];

  return (
    <section className="card recent-activity" aria-labelledby="activity-title" data-testid="recent-activity">
      <h2 id="activity-title">{DASHBOARD_TEXTS.recentActivity}</h2>
      {recent === null ? (
        <span className="skeleton skeleton-row" aria-hidden="true" />
      ) : recent === "unavailable" ? (
        <p className="muted">{DASHBOARD_TEXTS.activityOffline}</p>
      ) : rows.length === 0 ? (
        <p className="muted">{DASHBOARD_TEXTS.noActivity}</p>
      ) : (
        <ul className="plain-list">
          {rows.map((a) => (
            <li key={a.id} className="list-row">
              <div>
                <Link to={`/clients/${a.client}`}>{names.get(a.client)}</Link>
                <p className="muted small">{DASHBOARD_TEXTS.activityLine(a.views, photosDownloaded(a))}</p>
              </div>
              <span className="muted small">{DASHBOARD_TEXTS.lastVisit(formatMoment(a.lastVisit))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

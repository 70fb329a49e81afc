/**
 * The dashboard's body: counters, Recent Clients (5), Expiring Galleries (at most 3) with Extend, and Recent
 * activity (online). Reads the device's store live: changes from sync appear as they land, no polling.
 */
import { Link } from "react-router-dom";
import { chosenExpiryDay, parseDate } from "../../domain/gallery-status";
import { formatDate } from "../../domain/format";
import { Button } from "../../ui/Button";
import { StatusBadge } from "../clients/StatusBadge";
import { CodeOnlyPressureNotice } from "../settings/CodeOnlyPressureNotice";
import { CLIENT_TEXTS } from "../clients/texts";
import { useStudioTimeZone } from "../settings/useSettingsRow";
import { useClients } from "../clients/useClients";
import { extendGallery } from "./actions";
import { dashboardData } from "./dashboard-data";
import { RecentActivityCard } from "./RecentActivityCard";
import { DASHBOARD_TEXTS } from "./texts";
import "./dashboard.css";

const SKELETON_ROWS = 3;

export function Dashboard() {
  const clients = useClients();
  const timeZone = useStudioTimeZone();
  const data = clients ? dashboardData(clients, new Date()) : null;
  return (
    <>
      <CodeOnlyPressureNotice />
      <div className="counters">
        {[
          [DASHBOARD_TEXTS.totalClients, data?.total],
          [DASHBOARD_TEXTS.activeGalleries, data?.active],
          [DASHBOARD_TEXTS.expiringGalleries, data?.expiringCount],
        ].map(([label, value]) => (
          <div key={label} className="counter card">
            <span className="counter-label">{label}</span>
            <span className="counter-value">{value ?? "–"}</span>
          </div>
        ))}
      </div>

      {data && data.expiring.length > 0 ? (
        <section className="card expiring" aria-labelledby="expiring-title">
          <h2 id="expiring-title">{DASHBOARD_TEXTS.expiringGalleries}</h2>
          <ul className="plain-list">
            {data.expiring.map(({ client, days }) => (
              <li key={client.id} className="list-row">
                <div>
                  <Link to={`/clients/${client.id}`}>{client.name}</Link>
                  <p className="muted small">{DASHBOARD_TEXTS.expiresIn(days, formatDate(new Date(`${chosenExpiryDay(client, timeZone)}T00:00:00Z`)))}</p>
                </div>
                <Button variant="outline" onClick={() => void extendGallery(client, timeZone)} aria-label={`${DASHBOARD_TEXTS.extend} ${client.name}`}>
                  {DASHBOARD_TEXTS.extend}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" aria-labelledby="recent-title">
        <div className="section-head">
          <h2 id="recent-title">{DASHBOARD_TEXTS.recentClients}</h2>
          {data?.total ? <Link to="/clients">{DASHBOARD_TEXTS.viewAll}</Link> : null}
        </div>
        {!data ? (
          Array.from({ length: SKELETON_ROWS }, (_, i) => <span key={i} className="skeleton skeleton-row" aria-hidden="true" />)
        ) : data.recent.length === 0 ? (
          <div className="empty-inline">
            <p className="muted">{DASHBOARD_TEXTS.empty}</p>
            <Link className="btn btn-primary" to="/clients/new">
              {DASHBOARD_TEXTS.createFirst}
            </Link>
          </div>
        ) : (
          <ul className="plain-list">
            {data.recent.map((client) => {
              const eventDate = parseDate(client.eventDate);
              return (
                <li key={client.id} className="list-row">
                  <div>
                    <Link to={`/clients/${client.id}`}>{client.name}</Link>
                    <p className="muted small">
                      {CLIENT_TEXTS.eventType(client.eventType)}
                      {eventDate ? ` · ${formatDate(eventDate)}` : ""}
                    </p>
                  </div>
                  <StatusBadge enabled={client.enabled} expirationDate={client.expirationDate} />
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <RecentActivityCard clients={clients} />
    </>
  );
}

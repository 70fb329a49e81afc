/** Dormant / Expired / Active, derived from enabled and the expiry, in the screen's language. */
import { galleryStatus } from "../../domain/gallery-status";
import { CLIENT_TEXTS } from "./texts";
import "./clients.css";

export function StatusBadge({ enabled, expirationDate }: { enabled: boolean; expirationDate: string }) {
  const status = galleryStatus({ enabled, expirationDate }, new Date());
  return <span className={`badge badge-${status.toLowerCase()}`}>{CLIENT_TEXTS.statuses[status]}</span>;
}

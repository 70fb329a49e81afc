/** Dormant / Expired / Active, derived from enabled and the expiry. */
import { galleryStatus } from "../../domain/gallery-status";
import "./clients.css";

export function StatusBadge({ enabled, expirationDate }: { enabled: boolean; expirationDate: string }) {
  const status = galleryStatus({ enabled, expirationDate }, new Date());
  return <span className={`badge badge-${status.toLowerCase()}`}>{status}</span>;
}

/** Settings: how much of this device's storage the studio's offline copy uses, and how much is left. */
import { formatBytes } from "../../domain/format";
import { useStorageEstimate } from "./useStorageEstimate";

export function DeviceStorageCard() {
  const estimate = useStorageEstimate();
  return (
    <section className="card" data-testid="device-storage">
      <h2>Storage on this device</h2>
      {estimate === null ? <p className="muted">Measuring…</p> : null}
      {estimate === "unsupported" ? <p className="muted">This browser does not report its storage.</p> : null}
      {estimate && estimate !== "unsupported" ? (
        <>
          <p>
            Used: <strong>{formatBytes(estimate.usage)}</strong> · Available: <strong>{formatBytes(Math.max(0, estimate.quota - estimate.usage))}</strong>
          </p>
          <progress max={estimate.quota || 1} value={estimate.usage} aria-label="Storage used" />
          <p className="muted">
            {estimate.isPersisted
              ? "The browser keeps this data even when the device runs low on space."
              : "The browser may clear this data when the device runs low on space; sync regularly."}
          </p>
        </>
      ) : null}
    </section>
  );
}

/** The client page's counts of wrong codes tried on the gallery's link and of wrong download PINs, with one reset (online only). */
import { useCallback, useEffect, useState } from "react";
import { formatMoment } from "../../domain/format";
import { fetchAccessFailures, resetAccessFailures, type AccessFailures } from "../../sync/accessFailures";
import { Button } from "../../ui/Button";
import { CLIENT_TEXTS } from "./texts";
import "./clients.css";

export function AccessFailuresPanel({ clientId }: { clientId: string }) {
  const [failures, setFailures] = useState<AccessFailures | null | "unavailable">(null);
  const load = useCallback(() => {
    fetchAccessFailures(clientId).then(setFailures, () => setFailures("unavailable"));
  }, [clientId]);
  useEffect(load, [load]);

  if (failures === "unavailable") return <p className="muted" data-testid="access-failures">{CLIENT_TEXTS.failuresUnavailable}</p>;
  if (!failures) return <p className="muted" data-testid="access-failures">{CLIENT_TEXTS.noFailures}</p>;
  return (
    <div className="access-failures" data-testid="access-failures">
      {failures.failures > 0 && <p>{CLIENT_TEXTS.failures(failures.failures, formatMoment(failures.lastFailureAt))}</p>}
      {failures.pinFailures > 0 && <p>{CLIENT_TEXTS.pinFailures(failures.pinFailures, formatMoment(failures.lastPinFailureAt))}</p>}
      <Button variant="outline" onClick={() => resetAccessFailures(failures.id).then(load, load)}>
        {CLIENT_TEXTS.resetFailures}
      </Button>
    </div>
  );
}

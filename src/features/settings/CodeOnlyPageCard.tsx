/**
 * Settings > Security: the code-only page (`/gallery/access`) as the server sees it (issue 37). When recent
 * wrong codes make visitors solve a puzzle, the owner reads how long it takes on a phone and can forget them
 * (Reset); the switch turns the page off, so that only gallery links open galleries. Online only; the server
 * lets nobody else read or change it.
 */
import { useCallback, useEffect, useState } from "react";
import { toast } from "../../state/toast";
import { serverErrorMessage } from "../../sync/auth";
import { changeCodeOnlyPage, fetchCodeOnlyPage, type CodeOnlyPage } from "../../sync/codeOnlyPage";
import { Button } from "../../ui/Button";
import { SETTINGS_TEXTS } from "./texts";

export function CodeOnlyPageCard() {
  const [page, setPage] = useState<CodeOnlyPage | null | "unavailable">(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    fetchCodeOnlyPage().then(setPage, () => setPage("unavailable"));
  }, []);
  useEffect(load, [load]);

  const change = async (what: { reset?: true; on?: boolean }) => {
    setBusy(true);
    // The switch moves at once; the server's answer (or a reload after a refusal) settles it.
    if (what.on !== undefined) setPage((p) => (p && p !== "unavailable" ? { ...p, on: what.on! } : p));
    try {
      setPage(await changeCodeOnlyPage(what));
    } catch (err) {
      toast({ title: SETTINGS_TEXTS.codeOnlyError, description: serverErrorMessage(err), variant: "destructive" });
      load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="client-form" data-testid="code-only-page">
      <h2>{SETTINGS_TEXTS.codeOnlyTitle}</h2>
      <p className="muted">{SETTINGS_TEXTS.codeOnlyHint}</p>
      {page === null ? null : page === "unavailable" ? (
        <p className="muted">{SETTINGS_TEXTS.codeOnlyUnavailable}</p>
      ) : (
        <>
          <label className="checkbox">
            <input type="checkbox" checked={page.on} disabled={busy} onChange={(e) => void change({ on: e.target.checked })} /> {SETTINGS_TEXTS.codeOnlySwitch}
          </label>
          {!page.on ? (
            <p className="muted">{SETTINGS_TEXTS.codeOnlyOff}</p>
          ) : page.bits > 0 ? (
            <p role="status">{SETTINGS_TEXTS.codeOnlyPressure(Math.max(1, Math.round(page.phoneSeconds)))}</p>
          ) : (
            <p className="muted">{SETTINGS_TEXTS.codeOnlyCalm}</p>
          )}
          {page.pressure >= 1 ? (
            <Button variant="outline" disabled={busy} onClick={() => void change({ reset: true })}>
              {SETTINGS_TEXTS.codeOnlyReset}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * The dashboard's word when the code-only page is under pressure (issue 37): how long visitors' puzzle takes
 * on a phone, and the way to Settings > Security, where the owner resets it or turns the page off. Nothing
 * when the page is calm or off, or when the server cannot be asked (offline).
 */
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { fetchCodeOnlyPage, type CodeOnlyPage } from "../../sync/codeOnlyPage";
import { SETTINGS_TEXTS } from "./texts";

export function CodeOnlyPressureNotice() {
  const [page, setPage] = useState<CodeOnlyPage | null>(null);
  useEffect(() => {
    let live = true;
    fetchCodeOnlyPage().then(
      (p) => live && setPage(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!page || !page.on || page.bits === 0) return null;
  return (
    <section className="card" role="status" data-testid="code-only-pressure">
      <p>{SETTINGS_TEXTS.codeOnlyPressure(Math.max(1, Math.round(page.phoneSeconds)))}</p>
      <Link to="/settings?tab=security">{SETTINGS_TEXTS.codeOnlyToSettings}</Link>
    </section>
  );
}

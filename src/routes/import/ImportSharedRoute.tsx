/**
 * /import (issue 43): photos, clips or a zip the operating system gave the installed app (shared with it,
 * or opened with it: the manifest's share_target and file_handlers). The owner picks the client whose
 * gallery takes them; that gallery opens and imports them as if dropped on it (a single zip by the zip
 * import).
 */
import { useNavigate } from "react-router-dom";
import { useLaunchedFiles } from "../../features/client-gallery/keys/sharedFiles";
import { KEYS_TEXTS } from "../../features/client-gallery/keys/texts";
import { useClients } from "../../features/clients/useClients";
import { useImportAgain } from "../../state/importAgain";
import "./import.css";

export function ImportSharedRoute() {
  const files = useLaunchedFiles();
  const clients = useClients();
  const navigate = useNavigate();
  const importInto = (client: string) => {
    if (!files?.length) return;
    const isZip = files.length === 1 && files[0]!.name.toLowerCase().endsWith(".zip");
    useImportAgain.getState().hand({ client, kind: isZip ? "zip" : "images", files, replaces: "" });
    navigate(`/clients/${client}`);
  };
  return (
    <main className="page">
      <h1>{KEYS_TEXTS.importTitle}</h1>
      {files === undefined ? (
        <p className="muted">{KEYS_TEXTS.importReading}</p>
      ) : !files.length ? (
        <p className="muted">{KEYS_TEXTS.importNone}</p>
      ) : (
        <section className="card import-shared">
          <p>{KEYS_TEXTS.importIntro(files.length)}</p>
          <ul className="import-shared-files muted">
            {files.slice(0, 8).map((f, i) => (
              <li key={`${i}:${f.name}`}>{f.name}</li>
            ))}
            {files.length > 8 ? <li>…</li> : null}
          </ul>
          {clients?.length === 0 ? <p className="muted">{KEYS_TEXTS.importNoClients}</p> : null}
          <div className="import-shared-clients">
            {(clients ?? []).map((c) => (
              <button key={c.id} type="button" className="btn btn-outline" onClick={() => importInto(c.id)}>
                {KEYS_TEXTS.importInto(c.name)}
              </button>
            ))}
          </div>
        </section>
      )}
    </main>
  );
}

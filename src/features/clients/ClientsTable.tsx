/**
 * The clients table: search, columns (dashes for empty event type and date), row menu, checkboxes with
 * select-all over the filtered rows, and the selection bar. Delete Selected removes after one
 * confirmation; Download Selected downloads one zip per selected client.
 */
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { normalizeAccessCode } from "../../domain/contract";
import { parseDate } from "../../domain/gallery-status";
import { formatDate, galleryZipName } from "../../domain/format";
import { toggled } from "../../lib/selection";
import { db } from "../../store/db";
import { isTrashed } from "../../store/repositories/trash";
import type { ClientRow } from "../../store/rows";
import { toast } from "../../state/toast";
import { Button } from "../../ui/Button";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { chooseZipFolder, type ZipFolder } from "../downloads/saveFile";
import { useZipDownload } from "../downloads/useZipDownload";
import { originalSources } from "../client-gallery/actions";
import { byUpload } from "../client-gallery/useClientImages";
import { RemoveClientDialog } from "./RemoveClientDialog";
import { RowMenu } from "./RowMenu";
import { UploadStateBadge } from "../sync-status/UploadStateBadge";
import { useUploadStates } from "../sync-status/useUploadStates";
import { StatusBadge } from "./StatusBadge";
import { CLIENT_TEXTS } from "./texts";
import { matchesSearch, useClients } from "./useClients";
import "./clients.css";

const SKELETON_ROWS = 5;

function dateOrDash(value: string): string {
  const date = parseDate(value);
  return date ? formatDate(date) : "—";
}

export function ClientsTable() {
  const clients = useClients();
  const uploadState = useUploadStates();
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [toRemove, setToRemove] = useState<string[] | null>(null);
  const zip = useZipDownload();
  const filtered = useMemo(() => (clients ?? []).filter((c) => matchesSearch(c, query)), [clients, query]);
  const sharedCodes = useMemo(() => codesUsedTwice(clients ?? []), [clients]);
  const selectedRows = (clients ?? []).filter((c) => selected.has(c.id));
  const isAllSelected = filtered.length > 0 && filtered.every((c) => selected.has(c.id));

  const toggle = (id: string) => setSelected((s) => toggled(s, id));

  /** One zip per client; with several clients and a folder picker, one question for all of them. */
  async function downloadSelected(rows: ClientRow[]) {
    let folder: ZipFolder | null = null;
    if (rows.length > 1) {
      try {
        folder = await chooseZipFolder();
      } catch {
        return; // the user cancelled the folder dialog
      }
    }
    for (const client of rows) {
      const images = (await db.images.where("client").equals(client.id).filter((row) => !isTrashed(row)).toArray()).sort(byUpload);
      if (!images.length) {
        toast({ title: CLIENT_TEXTS.downloadSelected, description: CLIENT_TEXTS.noImagesToDownload(client.name) });
        continue;
      }
      const name = galleryZipName(client.name);
      // A folder that stopped letting us write (permission taken back) falls back to asking per file.
      const target = folder ? await folder.create(name).catch(() => undefined) : undefined;
      await zip.start(name, await originalSources(images), target);
    }
  }

  return (
    <>
      <input className="search" type="search" placeholder={CLIENT_TEXTS.searchPlaceholder} aria-label={CLIENT_TEXTS.searchPlaceholder} value={query} onChange={(e) => setQuery(e.target.value)} />
      {selected.size > 0 ? (
        <div className="selection-bar" role="region" aria-label={CLIENT_TEXTS.selection}>
          <strong>{CLIENT_TEXTS.selectedCount(selected.size)}</strong>
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            {CLIENT_TEXTS.deselectAll}
          </Button>
          <Button variant="outline" onClick={() => void downloadSelected(selectedRows)}>
            {CLIENT_TEXTS.downloadSelected}
          </Button>
          <Button variant="destructive" onClick={() => setToRemove([...selected])}>
            {CLIENT_TEXTS.deleteSelected}
          </Button>
        </div>
      ) : null}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th className="col-check">
                <input
                  type="checkbox"
                  aria-label={CLIENT_TEXTS.selectAll}
                  checked={isAllSelected}
                  disabled={!filtered.length}
                  onChange={() => setSelected(isAllSelected ? new Set() : new Set(filtered.map((c) => c.id)))}
                />
              </th>
              <th>{CLIENT_TEXTS.colName}</th>
              <th className="col-optional">{CLIENT_TEXTS.colEmail}</th>
              <th className="col-optional">{CLIENT_TEXTS.colEventType}</th>
              <th className="col-optional">{CLIENT_TEXTS.colEventDate}</th>
              <th>{CLIENT_TEXTS.colStatus}</th>
              <th className="col-actions">
                <span className="sr-only">{CLIENT_TEXTS.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {clients === undefined
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <tr key={i} aria-hidden="true">
                    <td colSpan={7}>
                      <span className="skeleton skeleton-row" />
                    </td>
                  </tr>
                ))
              : filtered.map((client) => (
                  <tr key={client.id} className={selected.has(client.id) ? "is-selected" : undefined}>
                    <td className="col-check">
                      <input type="checkbox" aria-label={`Select ${client.name}`} checked={selected.has(client.id)} onChange={() => toggle(client.id)} />
                    </td>
                    <td>
                      <Link to={`/clients/${client.id}`}>{client.name}</Link>
                      {sharedCodes.has(normalizeAccessCode(client.accessCode)) ? (
                        <span className="badge badge-warning" title={CLIENT_TEXTS.sharedCode}>
                          {CLIENT_TEXTS.sharedCodeBadge}
                        </span>
                      ) : null}
                    </td>
                    <td className="col-optional">{client.email || "—"}</td>
                    <td className="col-optional">{client.eventType ? CLIENT_TEXTS.eventType(client.eventType) : "—"}</td>
                    <td className="col-optional">{dateOrDash(client.eventDate)}</td>
                    <td>
                      <span className="status-cell">
                        <StatusBadge enabled={client.enabled} expirationDate={client.expirationDate} />
                        <UploadStateBadge state={uploadState(client.id)} isShort />
                      </span>
                    </td>
                    <td className="col-actions">
                      <RowMenu clientId={client.id} clientName={client.name} onDelete={() => setToRemove([client.id])} />
                    </td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {clients !== undefined && filtered.length === 0 ? (
        <div className="empty-state">
          {clients.length === 0 ? (
            <>
              <h3>{CLIENT_TEXTS.noClients}</h3>
              <Link className="btn btn-primary" to="/clients/new">
                {CLIENT_TEXTS.createFirst}
              </Link>
            </>
          ) : (
            <h3>{CLIENT_TEXTS.noMatch}</h3>
          )}
        </div>
      ) : null}
      <RemoveClientDialog
        ids={toRemove}
        onDone={(removed) => {
          if (removed && toRemove) setSelected((s) => new Set([...s].filter((id) => !toRemove.includes(id))));
          setToRemove(null);
        }}
      />
      <DownloadDialog run={zip.run} onClose={zip.close} />
    </>
  );
}

/** Normalised codes that more than one client has (from before codes were unique). */
function codesUsedTwice(clients: ClientRow[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const c of clients) {
    const key = normalizeAccessCode(c.accessCode);
    if (key && seen.has(key)) twice.add(key);
    seen.add(key);
  }
  return twice;
}

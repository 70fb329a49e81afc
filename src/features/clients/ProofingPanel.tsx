/**
 * The client page's proofing: favourites, each list with "12 of 30 chosen", 'Copy file names' in the form
 * Lightroom's filter takes, 'Download' of a list as a zip (the owner's zip path), comments, and whether
 * the selection was submitted. Reads the device's store, so it works offline.
 */
import { galleryZipName } from "../../domain/format";
import { lightroomNames } from "../../domain/proofing";
import type { ImageRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { toast } from "../../state/toast";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { useZipDownload } from "../downloads/useZipDownload";
import { originalSources } from "../images/actions";
import { PROOFING_OWNER_TEXTS as T } from "./texts";
import { useOwnerProofing } from "./useProofing";

function nameOf(image: ImageRow) {
  return image.originalName || image.filename;
}

export function ProofingPanel({ clientId, clientName }: { clientId: string; clientName: string }) {
  const proofing = useOwnerProofing(clientId);
  const zip = useZipDownload();
  if (!proofing) return null;

  async function copyNames(label: string, images: ImageRow[]) {
    try {
      await navigator.clipboard.writeText(lightroomNames(images.map(nameOf)));
      toast({ title: T.copied(label, images.length) });
    } catch {
      toast({ title: T.copyFailed, variant: "destructive" });
    }
  }

  const row = (key: string, label: string, count: string, images: ImageRow[]) => (
    <li key={key} className="proofing-row">
      <span>
        <strong>{label}</strong> <span className="muted">{count}</span>
      </span>
      <span className="proofing-row-actions">
        <Button variant="outline" disabled={!images.length} onClick={() => void copyNames(label, images)} aria-label={T.copyNamesOf(label)}>
          {T.copyNames}
        </Button>
        <Button variant="outline" disabled={!images.length} onClick={async () => void zip.start(galleryZipName(`${clientName} ${label}`), await originalSources(images))} aria-label={T.downloadOf(label)}>
          {T.download}
        </Button>
      </span>
    </li>
  );

  return (
    <section className="card proofing-panel" aria-labelledby="proofing-title">
      <h2 id="proofing-title" className="section-title">
        {T.title}
      </h2>
      <p className="muted" data-testid="proofing-status">
        {proofing.submittedAt ? T.submitted : T.notSubmitted}
      </p>
      <ul className="proofing-rows">
        {row("favourites", T.favourites, T.count(proofing.favourites.length), proofing.favourites)}
        {proofing.lists.map((l) => row(l.id, l.name, T.chosen(l.images.length, l.limit), l.images))}
      </ul>
      {proofing.comments.length ? (
        <>
          <h3>{T.comments}</h3>
          <ul className="proofing-comments">
            {proofing.comments.map((c) => (
              <li key={c.image!.id}>
                <strong>{nameOf(c.image!)}</strong>: {c.text}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <DownloadDialog run={zip.run} onClose={zip.close} />
    </section>
  );
}

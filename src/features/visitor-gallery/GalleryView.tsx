/**
 * An unlocked gallery: the cover, then the sidebar (desktop) or header card (phones) beside the justified
 * grid, the viewer over it, selection, and downloads (a zip of the selection, streamed to disk; the viewer
 * downloads one original). A skip link leads past the cover and sidebar to the photos.
 */
import { Suspense, lazy, useCallback, useMemo, useState } from "react";
import { downloadUrl, originalFormat, type Delivery, type GalleryImage, type GallerySet, type StudioBranding } from "./api";
import { galleryZipName } from "../../domain/format";
import { isVideo, type CoverStyle } from "../../domain/records";
import { toggled } from "../../lib/selection";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { useZipDownload } from "../downloads/useZipDownload";
import type { ZipSource } from "../downloads/zipDownload";
import { DownloadPinDialog } from "./DownloadPinDialog";
import { GallerySidebar } from "./GallerySidebar";
import { useDownloadPin } from "./useDownloadPin";
import { MobileBar } from "./MobileBar";
import { GalleryCover } from "./GalleryCover";
import { deliveryNote } from "./deliveryNote";
import { SetTabs } from "./SetTabs";
import "./gallery.css";
import { GALLERY_TEXTS } from "./texts";
import type { ImagesState } from "./useGallery";
import { VisitorGrid } from "./VisitorGrid";
import { ProofingBar, type ProofingFilter } from "./ProofingBar";
import { PersonDialog } from "./PersonDialog";
import { useProofingContext } from "./useProofing";
import { downloadName, hasWebVersion, imageName } from "../../domain/image-files";

interface Props {
  name: string;
  eventDate: string;
  /** The cover's image id from `info` ("" until known: the first photo). */
  coverImage: string;
  /** The cover's style (issue 27): the photo full-bleed, beside the text, or text only. */
  coverStyle?: CoverStyle;
  /** The gallery's sets (issue 26), in the owner's order; none: the gallery looks as without sets. */
  sets?: GallerySet[];
  studio: StudioBranding | null;
  images: ImagesState;
  onRetry: () => void;
  onAccessLost: () => void;
  /** What this visitor may download; null until the server said (no download controls meanwhile). */
  delivery?: Delivery | null;
  /** Proves the download PIN; rejects on a wrong one. */
  onProvePin?: (pin: string) => Promise<void>;
  /** A zip of the selection ran (for the studio's activity counters). */
  onZipDownloaded?: () => void;
}

/** A zip entry: inside its set's folder when the photo is in a set (issue 26), else at the top. */
function sourceOf(image: GalleryImage, mode: Delivery["downloads"], originalsAs: Delivery["originalsAs"], folders: ReadonlyMap<string, string>): ZipSource {
  const format = originalFormat(image, originalsAs);
  const url = downloadUrl(image, mode, "zip", format);
  const name = downloadName(image, mode, originalsAs);
  // The original's CRC-32 (from import) lets the zip copy its bytes; web size and a full-size JPEG are other bytes
  // (a clip's original goes as shot in either mode when it has no web version: issue 38).
  const asShot = (mode === "originals" && format === "original") || (isVideo(image) && !hasWebVersion(image));
  return { id: image.id, name, folder: folders.get(image.set), url, crc32: asShot ? image.crc32 : undefined };
}

const PHOTOS_ID = "photos";

/** The viewer's code (the lightbox library and its plugins, about 40 KB gzipped) loads on the first open. */
const PhotoViewer = lazy(() => import("./PhotoViewer"));

export function GalleryView({ name, eventDate, coverImage, coverStyle = "full", sets = [], studio, images, onRetry, onAccessLost, delivery = null, onProvePin, onZipDownloaded }: Props) {
  const all = useMemo(() => (images.kind === "loaded" ? images.images : []), [images]);
  // The set on show ("" for all): the grid, the sidebar, the viewer and 'Download All' keep to its photos.
  const [setId, setSetId] = useState("");
  const activeSet = sets.find((s) => s.id === setId);
  const list = useMemo(() => (activeSet ? all.filter((i) => i.set === activeSet.id) : all), [all, activeSet]);
  const folders = useMemo(() => new Map(sets.map((s) => [s.id, s.name])), [sets]);
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [mode, setMode] = useState<"grid" | "single">("grid");
  // Once opened the viewer stays mounted (closed), so that it can animate out and give focus back.
  const [hasOpened, setHasOpened] = useState(false);
  const zip = useZipDownload();
  const [note, setNote] = useState("");
  const pin = useDownloadPin(delivery, onProvePin);
  // The PIN prompt shows inside the viewer while it is open: the viewer makes the rest of the page inert.
  // So does the name dialog of proofing (issue 26), which a heart in the viewer can open.
  const pinDialog = (
    <>
      <DownloadPinDialog isOpen={pin.isAsking} onSubmit={pin.submit} onClose={pin.cancel} />
      <PersonDialog />
    </>
  );
  const downloads = delivery?.downloads ?? "off";
  const canDownload = downloads !== "off";
  const proofing = useProofingContext();
  const [filter, setFilter] = useState<ProofingFilter>("all");

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const chosen = filter === "all" || !proofing ? null : filter === "favourites" ? proofing.favourites : new Set(proofing.state.lists.find((l) => l.id === filter)?.imageIds ?? []);
    return list.filter((i) => (!q || imageName(i).toLowerCase().includes(q)) && (!chosen || chosen.has(i.id)));
  }, [list, query, filter, proofing]);
  const toggle = useCallback((id: string) => setSelected((s) => toggled(s, id)), []);
  const open = useCallback((id: string) => {
    setCurrentId(id);
    setMode("single");
    setHasOpened(true);
  }, []);
  const isAllSelected = filtered.length > 0 && filtered.every((i) => selected.has(i.id));
  const selectedImages = all.filter((i) => selected.has(i.id));

  async function downloadImages(chosen: GalleryImage[], zipName = galleryZipName(name)) {
    // Specification, section 5: nothing selected, or the list not loaded (or only its first page): nothing happens.
    if (!chosen.length || images.kind !== "loaded" || images.isPartial || !canDownload || !(await pin.ensure())) return;
    setNote(deliveryNote(chosen, delivery));
    const failed = await zip.start(zipName, chosen.map((i) => sourceOf(i, downloads, delivery?.originalsAs ?? "shot", folders)));
    if (failed) onZipDownloaded?.();
    if (failed?.length) onAccessLost();
  }

  const currentIndex = currentId ? list.findIndex((i) => i.id === currentId) : -1;
  let body;
  if (images.kind === "loading") body = <div className="grid-state"><Spinner label={GALLERY_TEXTS.loadingImages} /><p className="muted">{GALLERY_TEXTS.loadingImages}</p></div>;
  else if (images.kind === "error")
    body = (
      <div className="grid-state">
        <h3>{GALLERY_TEXTS.loadErrorTitle}</h3>
        <p className="muted">{GALLERY_TEXTS.loadErrorText}</p>
        <Button onClick={onRetry}>{GALLERY_TEXTS.tryAgain}</Button>
      </div>
    );
  else if (all.length === 0)
    body = (
      <div className="grid-state">
        <h3>{GALLERY_TEXTS.emptyTitle}</h3>
        <p className="muted">{GALLERY_TEXTS.emptyText}</p>
      </div>
    );
  else body = <VisitorGrid images={filtered} selected={selected} onToggle={toggle} onOpen={open} setNames={activeSet ? undefined : folders} />;

  // Specification: an image not in the list falls back to the grid.
  const viewerIndex = mode === "single" ? currentIndex : -1;
  return (
    <div className="gallery-page">
      <a className="skip-link" href={`#${PHOTOS_ID}`}>
        {GALLERY_TEXTS.skipToPhotos}
      </a>
      <GalleryCover coverStyle={coverStyle} name={name} eventDate={eventDate} studio={studio} cover={all.find((i) => i.id === coverImage) ?? all[0]} count={images.kind === "loaded" && !images.isPartial ? all.length : null} photosId={PHOTOS_ID} />
      <SetTabs sets={sets} total={images.kind === "loaded" && !images.isPartial ? all.length : null} active={activeSet ? activeSet.id : ""} onChange={setSetId} />
      <div className="gallery-layout">
        <GallerySidebar
          images={list}
          filtered={filtered}
          query={query}
          onQuery={setQuery}
          selected={selected}
          currentId={mode === "single" ? currentId : null}
          onToggle={toggle}
          onOpen={open}
          onSelectAll={() => setSelected(new Set(filtered.map((i) => i.id)))}
          onDeselectAll={() => setSelected(new Set())}
          onDownloadSelected={() => void downloadImages(selectedImages)}
          onDownloadAll={() => void downloadImages(list, activeSet ? galleryZipName(`${name} ${activeSet.name}`) : undefined)}
          canDownload={canDownload}
          setName={activeSet?.name}
        />
        <main className="gallery-main" id={PHOTOS_ID} tabIndex={-1} aria-label={GALLERY_TEXTS.gateTitle(name)}>
          <MobileBar
            title={GALLERY_TEXTS.gateTitle(name)}
            count={list.length}
            selectedCount={selected.size}
            isAllSelected={isAllSelected}
            onToggleAll={() => setSelected(isAllSelected ? new Set() : new Set(filtered.map((i) => i.id)))}
            onDownload={() => void downloadImages(selectedImages)}
            onClear={() => setSelected(new Set())}
            canDownload={canDownload}
          />
          {proofing && images.kind === "loaded" && list.length > 0 ? <ProofingBar proofing={proofing} total={list.length} filter={filter} onFilter={setFilter} /> : null}
          {body}
        </main>
      </div>
      {hasOpened ? (
        <Suspense fallback={null}>
          <PhotoViewer images={list} index={viewerIndex} onIndex={(i) => setCurrentId(list[i]?.id ?? null)} onClose={() => setMode("grid")} onError={onAccessLost} downloads={downloads} originalsAs={delivery?.originalsAs ?? "shot"} beforeDownload={pin.ensure} pinDialog={pinDialog} />
        </Suspense>
      ) : null}
      {selected.size > 0 && canDownload ? (
        <Button className="floating-download" onClick={() => void downloadImages(selectedImages)}>
          {GALLERY_TEXTS.floatingDownload(selected.size)}
        </Button>
      ) : null}
      <DownloadDialog run={zip.run} onClose={zip.close} note={note} />
      {viewerIndex < 0 ? pinDialog : null}
    </div>
  );
}

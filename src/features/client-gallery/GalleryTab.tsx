/**
 * The owner's Gallery tab of a client: share message, upload zones, actions bar, the virtualized grid,
 * the viewer, deletions and downloads. Everything reads and writes the device's store.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { galleryZipName } from "../../domain/format";
import { useImportAgain } from "../../state/importAgain";
import type { ClientRow, ImageRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { ChoiceMenu } from "../../ui/ChoiceMenu";
import { Dialog } from "../../ui/Dialog";
import { VirtualGrid } from "../../ui/VirtualGrid";
import { DownloadDialog } from "../downloads/DownloadDialog";
import { useZipDownload } from "../downloads/useZipDownload";
import { UploadProgressDialog } from "../upload/UploadProgressDialog";
import { UploadZones } from "../upload/UploadZones";
import { useImport } from "../upload/useImport";
import { deleteManyImages, deleteOneImage, downloadOriginal, originalSources, setCoverImage } from "./actions";
import { ImageCard } from "./ImageCard";
import { ImageViewer } from "./ImageViewer";
import { ShareAccess } from "./ShareAccess";
import { SetEditor } from "./SetEditor";
import { SetDropBar, SetTools, ZipFoldersDialog } from "./SetTools";
import { IMAGE_TEXTS, SET_TEXTS } from "./texts";
import { useClientImages } from "./useClientImages";
import { useDropAnywhere } from "./useDropAnywhere";
import { useGridKeys } from "./useGridKeys";
import { KEYS_TEXTS } from "./keys/texts";
import { useProofFilters } from "./useProofFilter";
import { setFilters, useSets } from "./useSets";
import { WatermarkNotice } from "./WatermarkNotice";
import "./images.css";

const SKELETON_CARDS = 12;
const CAPTION_HEIGHT = 28;

export function GalleryTab({ client }: { client: ClientRow }) {
  const images = useClientImages(client.id);
  const importer = useImport(client.id);
  const zip = useZipDownload();
  // Files chosen again from the notice of an interrupted import into this gallery: imported here, once
  // no import of this gallery is running.
  const again = useImportAgain((s) => (s.pending?.client === client.id ? s.pending : null));
  const isImporting = !!importer.run && !importer.run.isComplete;
  const { startPhotos, startZip } = importer;
  useEffect(() => {
    if (!again || isImporting) return;
    const pending = useImportAgain.getState().take();
    if (!pending) return;
    // Files shared with the installed app (routes/import) replace no interrupted import.
    const replaces = pending.replaces ? [pending.replaces] : [];
    if (pending.kind === "zip") void startZip(pending.files[0]!, { replaces });
    else void startPhotos(pending.files, { replaces });
  }, [again, isImporting, startPhotos, startZip]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const sets = useSets(client.id, images);
  const [isEditingSets, setIsEditingSets] = useState(false);
  const [importSet, setImportSet] = useState("");
  const proofFilters = useProofFilters(client.id, IMAGE_TEXTS.favourites);
  const filters = useMemo(() => [...setFilters(sets, images, SET_TEXTS.setFilter, SET_TEXTS.inNoSet), ...proofFilters], [sets, images, proofFilters]);
  const [filterKey, setFilterKey] = useState("all");
  const filter = filters.find((f) => f.key === filterKey);
  // Showing a set: photos imported now go into it (the owner can pick another).
  const showFilter = (key: string) => {
    setFilterKey(key);
    if (key.startsWith("set:")) setImportSet(key.slice(4));
  };
  const target = sets.some((s) => s.id === importSet) ? importSet : "";
  // Dragging a photo onto a set (desktop, a gallery with sets): the selection, when the photo is in it.
  const [dragging, setDragging] = useState<string[] | null>(null);
  const hasSets = sets.length > 0;
  const setNames = useMemo(() => new Map(sets.map((s) => [s.id, s.name])), [sets]);
  const onDrag = useCallback((id: string | null) => setDragging(id === null ? null : selected.has(id) ? [...selected] : [id]), [selected]);
  // The whole gallery, or the photos of the favourites or of one list (a deleted list shows everything).
  const list = useMemo(() => (images ?? []).filter((i) => !filter || filter.ids.has(i.id)), [images, filter]);
  const selectedImages = useMemo(() => list.filter((i) => selected.has(i.id)), [list, selected]);
  const view = useCallback((id: string) => setViewing(list.findIndex((i) => i.id === id)), [list]);
  const listIds = useMemo(() => list.map((i) => i.id), [list]);
  const { gridRef, onToggle: toggle } = useGridKeys({ ids: listIds, selected, setSelected, onView: setViewing, onDelete: setToDelete });
  const askDelete = useCallback((id: string) => setToDelete([id]), []);
  const download = useCallback((image: ImageRow) => void downloadOriginal(image), []);
  const setCover = useCallback((id: string) => void setCoverImage(client.id, id), [client.id]);
  // What the visitor's cover shows: the owner's pick while it is in the gallery, else the first photo.
  const coverId = client.coverImage && list.some((i) => i.id === client.coverImage) ? client.coverImage : list[0]?.id;

  const { dropInto } = useDropAnywhere({ target, isBusy: isImporting, onPhotos: startPhotos, onZip: startZip });
  const dropSetName = sets.find((s) => s.id === dropInto)?.name;

  async function confirmDelete() {
    if (!toDelete) return;
    setIsDeleting(true);
    const ok = toDelete.length === 1 && !selected.has(toDelete[0]!) ? await deleteOneImage(toDelete[0]!) : await deleteManyImages(toDelete);
    setIsDeleting(false);
    if (ok) {
      setSelected((s) => new Set([...s].filter((id) => !toDelete.includes(id))));
      setViewing(null);
    }
    setToDelete(null);
  }

  return (
    <section className="gallery-tab" role="tabpanel">
      <ShareAccess clientId={client.id} accessUrl={client.accessUrl} accessCode={client.accessCode} />
      <UploadZones
        isBusy={!!importer.run && !importer.run.isComplete}
        onPhotos={(files) => void importer.startPhotos(files, { set: target })}
        onZip={(file) => void importer.startZip(file, { set: target })}
        sets={sets}
        target={target}
        onTarget={setImportSet}
      />

      <WatermarkNotice images={list} />

      <div className="actions-bar">
        {filters.some((f) => f.key !== "favourites" || f.ids.size) ? (
          <ChoiceMenu
            className="grid-filter"
            label={IMAGE_TEXTS.show}
            value={filter ? filter.key : "all"}
            onChange={showFilter}
            options={[
              { value: "all", label: IMAGE_TEXTS.allPhotos((images ?? []).length) },
              ...filters.map((f) => ({ value: f.key, label: IMAGE_TEXTS.filterOption(f.label, (images ?? []).filter((i) => f.ids.has(i.id)).length) })),
            ]}
          />
        ) : null}
        <span className="actions-count">{IMAGE_TEXTS.total(list.length)}</span>
        <span className="actions-count muted">{IMAGE_TEXTS.selected(selected.size)}</span>
        {/* Beside the counts: on a phone it shares their line instead of adding one to the buttons'. */}
        <SetTools sets={sets} selected={selectedImages} onEdit={() => setIsEditingSets(true)} />
        <div className="actions-buttons">
          <Button variant="outline" onClick={() => setSelected(new Set(list.map((i) => i.id)))} disabled={!list.length}>
            {IMAGE_TEXTS.selectAll}
          </Button>
          <Button variant="outline" onClick={() => setSelected(new Set())} disabled={!selected.size}>
            {IMAGE_TEXTS.deselectAll}
          </Button>
          <Button variant="outline" onClick={async () => void zip.start(galleryZipName(client.name), await originalSources(selectedImages, setNames))} disabled={!selectedImages.length}>
            {IMAGE_TEXTS.downloadSelected(selectedImages.length)}
          </Button>
          <Button variant="destructive" onClick={() => setToDelete(selectedImages.map((i) => i.id))} disabled={!selectedImages.length}>
            {IMAGE_TEXTS.deleteSelected(selectedImages.length)}
          </Button>
        </div>
      </div>

      {images === undefined ? (
        <div className="skeleton-grid" aria-label={IMAGE_TEXTS.loadingImages}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <span key={i} className="skeleton skeleton-card" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <h3>{IMAGE_TEXTS.emptyTitle}</h3>
          <p className="muted">{IMAGE_TEXTS.emptyOwner}</p>
        </div>
      ) : (
        <div ref={gridRef}>
          <VirtualGrid
            items={list}
            label={IMAGE_TEXTS.gridLabel}
            keyOf={(i) => i.id}
            captionHeight={CAPTION_HEIGHT}
            renderItem={(image, index) => <ImageCard image={image} index={index} isSelected={selected.has(image.id)} onToggle={toggle} onView={view} onDownload={download} onDelete={askDelete} isCover={image.id === coverId} onSetCover={setCover} onDrag={hasSets ? onDrag : undefined} setName={setNames.get(image.set ?? "")} />}
          />
        </div>
      )}
      {images !== undefined ? <p className="muted grid-footer">{IMAGE_TEXTS.showing(list.length)}</p> : null}
      {list.length ? <p className="muted grid-keys-hint">{KEYS_TEXTS.keysHint}</p> : null}
      {dropInto !== null ? (
        <div className="drop-anywhere" role="status">
          {dropSetName ? KEYS_TEXTS.dropIntoSet(dropSetName) : KEYS_TEXTS.dropIntoGallery}
        </div>
      ) : null}

      {viewing !== null && list[viewing] ? <ImageViewer images={list} index={viewing} onIndex={setViewing} onClose={() => setViewing(null)} onDownload={download} onDelete={askDelete} onSetCover={setCover} coverId={coverId} /> : null}

      <Dialog
        isOpen={!!toDelete}
        title={toDelete && toDelete.length > 1 ? IMAGE_TEXTS.deleteManyTitle : IMAGE_TEXTS.deleteTitle}
        onClose={() => !isDeleting && setToDelete(null)}
        footer={
          <>
            <Button variant="outline" onClick={() => setToDelete(null)} disabled={isDeleting}>
              {IMAGE_TEXTS.cancel}
            </Button>
            <Button variant="destructive" onClick={() => void confirmDelete()} disabled={isDeleting}>
              {IMAGE_TEXTS.delete}
            </Button>
          </>
        }
      >
        <p>{toDelete && toDelete.length > 1 ? IMAGE_TEXTS.deleteManyText(toDelete.length) : IMAGE_TEXTS.deleteText}</p>
      </Dialog>
      <UploadProgressDialog clientId={client.id} run={importer.run} onCancel={importer.cancel} onClose={importer.close} onImportAnyway={importer.importAnyway} />
      <DownloadDialog run={zip.run} onClose={zip.close} />
      <SetEditor clientId={client.id} sets={sets} isOpen={isEditingSets} onClose={() => setIsEditingSets(false)} />
      <ZipFoldersDialog question={importer.folderQuestion} />
      <SetDropBar sets={sets} dragging={dragging} onDone={() => setDragging(null)} />
    </section>
  );
}

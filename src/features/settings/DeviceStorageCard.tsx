/**
 * Settings: how much of this device's storage the studio's offline copy uses, how much is left, and how
 * many galleries keep previews here (a device-only choice: a phone and a laptop have different space).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { PREVIEW_GALLERY_CHOICES } from "../../domain/offline-cache";
import { formatBytes } from "../../domain/format";
import { db } from "../../store/db";
import { choosePreviewGalleries, offlineCacheState, previewGalleriesChoice } from "../../store/imageCache";
import { appSync } from "../../sync/appSync";
import { SETTINGS_TEXTS } from "./texts";
import { useStorageEstimate } from "./useStorageEstimate";

function OfflineCopy() {
  const choice = useLiveQuery(() => previewGalleriesChoice(db));
  const state = useLiveQuery(() => offlineCacheState(db));
  const choices = choice === undefined || (PREVIEW_GALLERY_CHOICES as readonly number[]).includes(choice) ? PREVIEW_GALLERY_CHOICES : [...PREVIEW_GALLERY_CHOICES, choice].sort((a, b) => a - b);
  const choose = async (count: number) => {
    await choosePreviewGalleries(db, count);
    void appSync.syncOnce().catch(() => undefined); // the fill after it applies the choice
  };
  return (
    <div data-testid="offline-copy">
      <h3>{SETTINGS_TEXTS.offlineTitle}</h3>
      <p className="muted">{SETTINGS_TEXTS.offlineHint}</p>
      <label className="field">
        <span>{SETTINGS_TEXTS.previewGalleries}</span>
        <select value={choice ?? ""} disabled={choice === undefined} onChange={(e) => void choose(Number(e.target.value))}>
          {choices.map((n) => (
            <option key={n} value={n}>
              {SETTINGS_TEXTS.previewGalleriesOption(n)}
            </option>
          ))}
        </select>
      </label>
      <p role="status">{state ? SETTINGS_TEXTS.offlineState(state.thumbnailGalleries, state.galleries, state.previewGalleries) : SETTINGS_TEXTS.offlineNotYet}</p>
      {state?.missing ? <p className="muted">{SETTINGS_TEXTS.offlineMissing(state.missing)}</p> : null}
    </div>
  );
}

export function DeviceStorageCard() {
  const estimate = useStorageEstimate();
  return (
    <section className="card" data-testid="device-storage">
      <h2>{SETTINGS_TEXTS.storageTitle}</h2>
      {estimate === null ? <p className="muted">{SETTINGS_TEXTS.storageMeasuring}</p> : null}
      {estimate === "unsupported" ? <p className="muted">{SETTINGS_TEXTS.storageUnsupported}</p> : null}
      {estimate && estimate !== "unsupported" ? (
        <>
          <p>
            {SETTINGS_TEXTS.storageUsed} <strong>{formatBytes(estimate.usage)}</strong> · {SETTINGS_TEXTS.storageAvailable} <strong>{formatBytes(Math.max(0, estimate.quota - estimate.usage))}</strong>
          </p>
          <progress max={estimate.quota || 1} value={estimate.usage} aria-label={SETTINGS_TEXTS.storageBar} />
          <p className="muted">
            {estimate.isPersisted ? SETTINGS_TEXTS.storagePersisted : SETTINGS_TEXTS.storageNotPersisted}
          </p>
        </>
      ) : null}
      <OfflineCopy />
    </section>
  );
}

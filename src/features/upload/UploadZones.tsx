/**
 * The gallery tab's two zones: images and clips (image/*, up to the studio's limit each, 20 MB by default;
 * MP4, MOV, M4V and WebM clips up to the studio's clip limit, 4 GB by default; several) and a zip (.zip up
 * to 500 MB, one).
 * Oversized files are not imported, and the owner is told which and why (the specification drops them
 * silently; we say so): photos in the progress dialog, each with its reason, a zip in a toast.
 */
import { formatBytes } from "../../domain/format";
import { IS_HEIC_DECODING_ON, photoAccept } from "../../domain/heic-decoding";
import { toast } from "../../state/toast";
import { ChoiceMenu } from "../../ui/ChoiceMenu";
import { DropZone } from "./DropZone";
import { useLiveQuery } from "dexie-react-hooks";
import { originalLimitBytes, videoLimitBytes } from "../../domain/original-limit";
import { CLIP_ACCEPT, CLIP_FORMATS } from "../../media/clipFiles";
import { db } from "../../store/db";
import { settingsRow } from "../../store/repositories/settings";
import { MAX_ZIP_BYTES, PHOTO_FORMATS, UPLOAD_TEXTS } from "./texts";
import "./upload.css";

interface Props {
  isBusy: boolean;
  /** The gallery's sets (issue 26): with any, the owner picks the set the photos go into. */
  sets?: ReadonlyArray<{ id: string; name: string }>;
  target?: string;
  onTarget?: (setId: string) => void;
  onPhotos: (files: File[]) => void;
  onZip: (file: File) => void;
}

function tellSkipped(file: File, limit: number) {
  toast({ title: UPLOAD_TEXTS.skippedTitle, description: UPLOAD_TEXTS.skipped([file.name], formatBytes(limit)), variant: "destructive" });
}

/** A zip the import takes: a .zip name and at most 500 MB; otherwise the owner is told why, and false. */
export function acceptedZip(file: File): boolean {
  if (!file.name.toLowerCase().endsWith(".zip")) {
    toast({ title: UPLOAD_TEXTS.zipFailed, description: UPLOAD_TEXTS.notZip, variant: "destructive" });
    return false;
  }
  if (file.size > MAX_ZIP_BYTES) {
    tellSkipped(file, MAX_ZIP_BYTES);
    return false;
  }
  return true;
}

export function UploadZones({ isBusy, onPhotos, onZip, sets = [], target = "", onTarget }: Props) {
  const settings = useLiveQuery(() => settingsRow(db));
  const limit = originalLimitBytes(settings);
  return (
    <div className="upload-zones">
      {sets.length && onTarget ? (
        <ChoiceMenu
          className="upload-target"
          label={UPLOAD_TEXTS.importInto}
          value={target}
          onChange={onTarget}
          isDisabled={isBusy}
          options={[{ value: "", label: UPLOAD_TEXTS.noSet }, ...sets.map((s) => ({ value: s.id, label: s.name }))]}
        />
      ) : null}
      <DropZone
        label={UPLOAD_TEXTS.imagesZone}
        title={UPLOAD_TEXTS.imageZoneTitle}
        hint={UPLOAD_TEXTS.imageZoneHint(PHOTO_FORMATS.filter((f) => f !== "HEIC" || IS_HEIC_DECODING_ON), formatBytes(limit))}
        secondHint={UPLOAD_TEXTS.clipZoneHint(CLIP_FORMATS, formatBytes(videoLimitBytes(settings)))}
        accept={`${photoAccept("image/*")},${CLIP_ACCEPT}`}
        isMultiple
        isDisabled={isBusy}
        onFiles={onPhotos}
      />
      <DropZone
        label={UPLOAD_TEXTS.zipZone}
        title={UPLOAD_TEXTS.zipZoneTitle}
        hint={UPLOAD_TEXTS.zipZoneHint(formatBytes(MAX_ZIP_BYTES))}
        accept=".zip,application/zip"
        isMultiple={false}
        isDisabled={isBusy}
        onFiles={([file]) => {
          if (file && acceptedZip(file)) onZip(file);
        }}
      />
    </div>
  );
}

/**
 * The converters' settings and inputs: Target Format, Quality (hidden for 'original'), Lossless (webp and
 * png only), Keep metadata and Remove location (both on), tabs for images or one zip, the count line, Clear and Convert (disabled with nothing chosen,
 * while busy, or without a client in the client converter).
 */
import { useId, useRef, useState } from "react";
import { DEFAULT_FORMAT, DEFAULT_QUALITY, LOSSLESS_FORMATS, type FormatOption, type TargetFormatId } from "../../domain/convert-formats";
import { formatNumber } from "../../domain/format";
import { photoAccept } from "../../domain/heic-decoding";
import { toast } from "../../state/toast";
import { Button } from "../../ui/Button";
import { onTabKeys } from "../../ui/tabKeys";
import type { ConvertSettings } from "./useConversion";
import { CONVERTER_TEXTS } from "./texts";
import "./converter.css";

export type ConverterInput = { kind: "images"; files: File[] } | { kind: "zip"; zip: File };

interface Props {
  formats: FormatOption[];
  isBusy: boolean;
  busyLabel: string;
  isBlocked?: boolean;
  onConvert: (input: ConverterInput, settings: ConvertSettings) => void;
  /** Called when the chosen files change (the standalone converter clears earlier results). */
  onSelectionChange?: () => void;
  /** Client converter: the toast when no client is chosen. */
  blockedToast?: { title: string; description: string };
}

export function ConverterForm({ formats, isBusy, busyLabel, isBlocked, onConvert, onSelectionChange, blockedToast }: Props) {
  const [format, setFormat] = useState<TargetFormatId>(DEFAULT_FORMAT);
  const [quality, setQuality] = useState(DEFAULT_QUALITY);
  const [lossless, setLossless] = useState(false);
  const [keepMetadata, setKeepMetadata] = useState(true);
  const [removeLocation, setRemoveLocation] = useState(true);
  const [tab, setTab] = useState<"images" | "zip">("images");
  const [files, setFiles] = useState<File[]>([]);
  const [zip, setZip] = useState<File | null>(null);
  const imagesRef = useRef<HTMLInputElement>(null);
  const zipRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const canLossless = LOSSLESS_FORMATS.includes(format);
  const hasSelection = tab === "images" ? files.length > 0 : !!zip;

  function clear() {
    setFiles([]);
    setZip(null);
    if (imagesRef.current) imagesRef.current.value = "";
    if (zipRef.current) zipRef.current.value = "";
    onSelectionChange?.();
  }

  function submit() {
    if (isBlocked) return blockedToast && toast({ ...blockedToast, variant: "destructive" });
    if (tab === "images" && !files.length) return toast({ title: CONVERTER_TEXTS.noImagesTitle, description: CONVERTER_TEXTS.noImagesText, variant: "destructive" });
    if (tab === "zip" && !zip) return toast({ title: CONVERTER_TEXTS.noZipTitle, description: CONVERTER_TEXTS.noZipText, variant: "destructive" });
    onConvert(tab === "images" ? { kind: "images", files } : { kind: "zip", zip: zip! }, { format, quality, lossless: canLossless && lossless, keepMetadata, removeLocation });
  }

  return (
    <div className="converter-form">
      <div className="field">
        <label htmlFor={`${id}-format`}>{CONVERTER_TEXTS.targetFormat}</label>
        <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value as TargetFormatId)} disabled={isBusy}>
          {formats.map((f) => (
            <option key={f.id} value={f.id}>
              {f.id === "original" ? CONVERTER_TEXTS.formatOriginal : f.name} — {CONVERTER_TEXTS.formats[f.id]}
            </option>
          ))}
        </select>
      </div>
      {format !== "original" ? (
        <div className="field">
          <label htmlFor={`${id}-quality`}>
            {CONVERTER_TEXTS.quality}: <strong>{quality}</strong>
          </label>
          <input id={`${id}-quality`} type="range" min={1} max={100} step={1} value={quality} onChange={(e) => setQuality(Number(e.target.value))} disabled={isBusy} aria-describedby={format === "tiff" ? `${id}-quality-note` : undefined} />
          {format === "tiff" ? (
            <p id={`${id}-quality-note`} className="field-note">
              {CONVERTER_TEXTS.tiffLossless}
            </p>
          ) : null}
        </div>
      ) : null}
      {canLossless ? (
        <label className="checkbox">
          <input type="checkbox" checked={lossless} onChange={(e) => setLossless(e.target.checked)} disabled={isBusy} />
          {CONVERTER_TEXTS.lossless}
        </label>
      ) : null}
      {format !== "original" ? (
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" checked={keepMetadata} onChange={(e) => setKeepMetadata(e.target.checked)} disabled={isBusy} aria-describedby={`${id}-metadata-note`} />
            {CONVERTER_TEXTS.keepMetadata}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={keepMetadata && removeLocation} onChange={(e) => setRemoveLocation(e.target.checked)} disabled={isBusy || !keepMetadata} />
            {CONVERTER_TEXTS.removeLocation}
          </label>
          <p id={`${id}-metadata-note`} className="field-note">
            {CONVERTER_TEXTS.keepMetadataNote}
          </p>
        </div>
      ) : null}

      <div className="tabs" role="tablist" onKeyDown={onTabKeys}>
        <button type="button" role="tab" aria-selected={tab === "images"} tabIndex={tab === "images" ? 0 : -1} onClick={() => setTab("images")}>
          {CONVERTER_TEXTS.tabImages}
        </button>
        <button type="button" role="tab" aria-selected={tab === "zip"} tabIndex={tab === "zip" ? 0 : -1} onClick={() => setTab("zip")}>
          {CONVERTER_TEXTS.tabZip}
        </button>
      </div>
      <div role="tabpanel">
        {tab === "images" ? (
          <input
            ref={imagesRef}
            type="file"
            accept={photoAccept("image/*,.tif,.tiff,.avif")}
            multiple
            aria-label={CONVERTER_TEXTS.chooseImages}
            onChange={(e) => {
              setFiles(Array.from(e.target.files ?? []));
              onSelectionChange?.();
            }}
          />
        ) : (
          <input
            ref={zipRef}
            type="file"
            accept=".zip,application/zip"
            aria-label={CONVERTER_TEXTS.chooseZip}
            onChange={(e) => {
              setZip(e.target.files?.[0] ?? null);
              onSelectionChange?.();
            }}
          />
        )}
        <p className="muted small">
          {tab === "images" ? CONVERTER_TEXTS.imagesSelected(files.length) : zip ? CONVERTER_TEXTS.zipSelected(zip.name, formatNumber(zip.size / 1024)) : CONVERTER_TEXTS.noZipTitle}
        </p>
      </div>
      <div className="converter-actions">
        <Button variant="outline" onClick={clear} disabled={isBusy || !hasSelection}>
          {CONVERTER_TEXTS.clear}
        </Button>
        <Button onClick={submit} disabled={isBusy || !hasSelection || !!isBlocked}>
          {isBusy ? busyLabel : CONVERTER_TEXTS.convert}
        </Button>
      </div>
    </div>
  );
}

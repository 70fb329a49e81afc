/**
 * The upload bar (issue 43): bytes sent of the total, the share, the speed and the time left, from the sync's
 * upload progress (src/sync/uploadProgress.ts). Without `clientId` every upload of the running sync (under
 * the header); with it, one gallery's (its page). Nothing while nothing uploads.
 */
import { useSyncExternalStore } from "react";
import { formatBytes } from "../../domain/format";
import { activeLocale } from "../../lib/i18n/i18n";
import { uploadProgress, type ProgressFigures } from "../../sync/uploadProgress";
import { NEWS_TEXTS } from "./texts";
import "./news.css";

/** "About 3 minutes left": seconds under a minute and a half, minutes under an hour and a half, then hours and minutes. */
export function timeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return NEWS_TEXTS.measuring;
  const s = Math.max(1, Math.round(seconds));
  if (s < 90) return NEWS_TEXTS.leftSeconds(s);
  const minutes = Math.round(s / 60);
  if (minutes < 90) return NEWS_TEXTS.leftMinutes(minutes);
  return NEWS_TEXTS.leftHours(Math.floor(minutes / 60), minutes % 60);
}

export function percentOf(figures: Pick<ProgressFigures, "sent" | "total">): number {
  return figures.total > 0 ? Math.min(100, Math.floor((figures.sent / figures.total) * 100)) : 0;
}

export function UploadBar({ clientId }: { clientId?: string }) {
  const state = useSyncExternalStore(uploadProgress.subscribe, uploadProgress.get);
  const figures = clientId ? state.galleries.find((g) => g.clientId === clientId) : state.isActive ? state : undefined;
  if (!figures || figures.total <= 0) return null;
  const percent = percentOf(figures);
  const done = figures.sent >= figures.total;
  const share = new Intl.NumberFormat(activeLocale(), { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
  const title = clientId ? NEWS_TEXTS.uploadingGallery : NEWS_TEXTS.uploadingAll;
  const parts = [
    NEWS_TEXTS.bytesOf(formatBytes(figures.sent), formatBytes(figures.total), share),
    NEWS_TEXTS.files(figures.imagesDone, figures.images),
    !clientId && state.bytesPerSecond ? NEWS_TEXTS.speed(formatBytes(state.bytesPerSecond)) : "",
    done ? NEWS_TEXTS.uploaded : timeLeft(figures.secondsLeft),
  ].filter(Boolean);
  return (
    <div className={clientId ? "upload-bar upload-bar-gallery" : "upload-bar upload-bar-all"} data-testid={clientId ? "upload-bar-gallery" : "upload-bar"}>
      <div className="upload-bar-text">
        <span className="upload-bar-title">{title}</span>
        {parts.map((part) => (
          <span key={part} className="upload-bar-part">
            {part}
          </span>
        ))}
      </div>
      <div className="upload-bar-track" role="progressbar" aria-label={title} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={parts.join(", ")}>
        <div className="upload-bar-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * What the client converter says when a run ends (issue 37), derived from what happened to each file: a
 * file converted but larger than the gallery's limit (Settings > General, "Largest original") is said to be
 * converted and too large, with the limit, its size and what to do; "Conversion Failed" is said only when
 * nothing was converted at all.
 */
import { formatBytes } from "../../domain/format";
import { CONVERTER_TEXTS } from "./texts";

export interface OutcomeToast {
  title: string;
  description: string;
  variant?: "destructive";
}

/** Converted files the gallery takes, and those over its limit (kept for download instead). */
export function splitByLimit<T extends { blob: Blob }>(results: T[], limitBytes: number): { fits: T[]; tooLarge: T[] } {
  return { fits: results.filter((r) => r.blob.size <= limitBytes), tooLarge: results.filter((r) => r.blob.size > limitBytes) };
}

/** A too-large file's row in the progress dialog: its converted size against the limit. */
export function tooLargeRow(sizeBytes: number, limitBytes: number): string {
  return CONVERTER_TEXTS.tooLargeRow(formatBytes(sizeBytes), formatBytes(limitBytes));
}

export interface ClientRun {
  /** Files in the run. */
  total: number;
  /** Files converted (added to the gallery or not). */
  converted: number;
  /** Files added to the gallery. */
  stored: number;
  /** Converted files over the gallery's limit. */
  tooLarge: number;
  /** Converted files the gallery refused for another reason. */
  refused: number;
  cancelled: boolean;
  what: "images" | "zip";
  limitBytes: number;
}

/** The toasts at the end of a client conversion, most important last (it shows on top). */
export function clientOutcome(run: ClientRun): OutcomeToast[] {
  const toasts: OutcomeToast[] = [];
  const limit = formatBytes(run.limitBytes);
  if (run.tooLarge) toasts.push({ title: CONVERTER_TEXTS.tooLargeTitle, description: CONVERTER_TEXTS.tooLargeText(run.tooLarge, limit), variant: "destructive" });
  if (run.refused) toasts.push({ title: CONVERTER_TEXTS.notAddedTitle, description: CONVERTER_TEXTS.notAddedToast(run.refused), variant: "destructive" });
  if (run.cancelled) toasts.push({ title: CONVERTER_TEXTS.progressCancelled, description: CONVERTER_TEXTS.cancelledClientSummary(run.stored, run.total - run.stored) });
  else if (run.stored > 0) toasts.push({ title: CONVERTER_TEXTS.conversionSuccessful, description: CONVERTER_TEXTS.conversionSuccessfulText(run.stored) });
  else if (run.converted === 0) toasts.push({ title: CONVERTER_TEXTS.conversionFailed, description: CONVERTER_TEXTS.conversionFailedClient(run.what), variant: "destructive" });
  return toasts;
}

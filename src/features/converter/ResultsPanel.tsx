/**
 * 'Conversion Results' of the standalone converter: each converted file (name, type, size in KB) with its
 * own download; Download as ZIP (more than one) or Download File (one); Remove All frees the memory.
 */
import { formatNumber } from "../../domain/format";
import { Button } from "../../ui/Button";
import type { ConvertedResult } from "./useConversion";
import { CONVERTER_TEXTS } from "./texts";
import "./converter.css";

interface Props {
  /** Defaults to 'Conversion Results'. */
  title?: string;
  results: ConvertedResult[];
  onDownloadOne: (r: ConvertedResult) => void;
  onDownloadAll: () => void;
  onRemoveAll: () => void;
}

export function ResultsPanel({ title = CONVERTER_TEXTS.resultsTitle, results, onDownloadOne, onDownloadAll, onRemoveAll }: Props) {
  return (
    <section className="card results-panel" aria-labelledby="results-title">
      <div className="section-head">
        <h2 id="results-title">{title}</h2>
        {results.length ? (
          <div className="results-actions">
            <Button variant="ghost" onClick={onRemoveAll}>
              {CONVERTER_TEXTS.removeAll}
            </Button>
            <Button onClick={onDownloadAll}>{results.length > 1 ? CONVERTER_TEXTS.downloadZip : CONVERTER_TEXTS.downloadFile}</Button>
          </div>
        ) : null}
      </div>
      <div className="results-scroll">
        {results.length === 0 ? (
          <div className="empty-inline">
            <p>{CONVERTER_TEXTS.resultsEmpty}</p>
            <p className="muted small">{CONVERTER_TEXTS.resultsEmptyHint}</p>
          </div>
        ) : (
          <ul className="plain-list" aria-label={title}>
            {results.map((r) => (
              <li key={r.id} className="list-row">
                <div>
                  <strong>{r.name}</strong>
                  <p className="muted small">
                    {r.mimeType} · {CONVERTER_TEXTS.sizeKb(formatNumber(r.blob.size / 1024))}
                  </p>
                </div>
                <Button variant="outline" onClick={() => onDownloadOne(r)} aria-label={`${CONVERTER_TEXTS.download} ${r.name}`}>
                  {CONVERTER_TEXTS.download}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

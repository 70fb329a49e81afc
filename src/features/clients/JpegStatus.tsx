/**
 * How far a JPEG gallery's full-size JPEGs are (issue 25), live from the device's store: made of needed,
 * and what clients get meanwhile. Nothing for an as-shot gallery or one without HEIC, TIFF, AVIF or WebP photos.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../../store/db";
import type { ClientRow } from "../../store/rows";
import { wantsJpeg } from "../../media/makeJpegs";
import { CLIENT_TEXTS } from "./texts";

export function JpegStatus({ client }: { client: Pick<ClientRow, "id" | "originalsAs"> }) {
  const counts = useLiveQuery(async () => {
    if (client.originalsAs !== "jpeg") return null;
    const rows = (await db.images.where("client").equals(client.id).toArray()).filter((row) => wantsJpeg(row, client));
    return { total: rows.length, made: rows.filter((row) => !!row.files.jpeg).length };
  }, [client.id, client.originalsAs]);
  if (!counts || counts.total === 0) return null;
  const text = counts.made === counts.total ? CLIENT_TEXTS.jpegDone(counts.total) : CLIENT_TEXTS.jpegProgress(counts.made, counts.total);
  return (
    <div className="jpeg-status" role="status" data-testid="jpeg-status">
      {counts.made < counts.total ? <progress max={counts.total} value={counts.made} aria-label={CLIENT_TEXTS.jpegProgressLabel} /> : null}
      <p className="muted small">{text}</p>
    </div>
  );
}

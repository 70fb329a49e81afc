/** A trashed photo's or clip's thumbnail (from the device, or fetched once from the server). */
import { useEffect, useState } from "react";
import { db } from "../../store/db";
import { imageFile } from "../../sync/imageFiles";

export function TrashThumb({ id }: { id: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let current = true;
    const abort = new AbortController();
    imageFile(db, id, "thumbnail", abort.signal).then(
      (blob) => {
        if (!current) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      current = false;
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return url ? <img className="trash-thumb" src={url} alt="" /> : <span className="trash-thumb" aria-hidden="true" />;
}

/** Gallery tab: says when previews carry another watermark than the settings ask for, and re-applies it. */
import { useState } from "react";
import { toast } from "../../state/toast";
import type { ImageRow } from "../../store/rows";
import { Button } from "../../ui/Button";
import { currentSignature, needsReapply, reapplyWatermark } from "../../media/reapplyWatermark";
import { IMAGE_TEXTS } from "./texts";
import "./images.css";
import { useSettingsRow } from "../settings/useSettingsRow";

export function WatermarkNotice({ images }: { images: ImageRow[] }) {
  const settings = useSettingsRow();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  if (settings === undefined) return null;
  const signature = currentSignature(settings);
  const stale = images.filter((i) => needsReapply(i, signature)).length;
  if (!stale && !progress) return null;

  async function run() {
    setProgress({ done: 0, total: stale });
    const { done, failed } = await reapplyWatermark(images, (d, total) => setProgress({ done: d, total }));
    setProgress(null);
    if (done) toast({ title: IMAGE_TEXTS.reapplied, description: IMAGE_TEXTS.reappliedText(done) });
    if (failed) toast({ title: IMAGE_TEXTS.reapplied, description: IMAGE_TEXTS.reapplyFailed(failed), variant: "destructive" });
  }

  return (
    <div className="watermark-notice" role="status" data-testid="watermark-notice">
      <span>{progress ? IMAGE_TEXTS.reapplying(progress.done, progress.total) : IMAGE_TEXTS.watermarkNeeded(stale)}</span>
      <Button variant="outline" onClick={() => void run()} disabled={!!progress || !navigator.onLine}>
        {IMAGE_TEXTS.reapplyWatermark}
      </Button>
    </div>
  );
}

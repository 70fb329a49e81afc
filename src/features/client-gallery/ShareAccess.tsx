/**
 * The gallery's link and code, and the access message to copy (specification, section 9): the base is
 * the gallery address (Settings: the public URL of this server) without a trailing slash, else this app's
 * origin. Not the studio's website: that is another site whenever the studio has one (README).
 */
import { toast } from "../../state/toast";
import { Button } from "../../ui/Button";
import { galleryBase } from "../settings/galleryAddress";
import { useGalleryUrl } from "../settings/useSettingsRow";
import { IMAGE_TEXTS } from "./texts";
import "./images.css";
import { errorText } from "../../lib/refusals/refusals";

export function accessMessage(galleryUrl: string | undefined, origin: string, accessUrl: string, accessCode: string): string {
  return IMAGE_TEXTS.shareMessage(galleryBase(galleryUrl, origin), accessUrl, accessCode);
}

export function ShareAccess({ accessUrl, accessCode }: { accessUrl: string; accessCode: string }) {
  const galleryUrl = useGalleryUrl();
  const message = accessMessage(galleryUrl, window.location.origin, accessUrl, accessCode);
  return (
    <div className="share">
      <div className="share-facts">
        <span>
          {IMAGE_TEXTS.galleryLink}: <code>{`/gallery/${accessUrl}`}</code>
        </span>
        <span>
          {IMAGE_TEXTS.accessCode}: <code>{accessCode}</code>
        </span>
      </div>
      <Button
        variant="outline"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(message);
            toast({ title: IMAGE_TEXTS.shareCopied, description: IMAGE_TEXTS.shareCopiedText });
          } catch (err) {
            toast({ title: IMAGE_TEXTS.shareFailed, description: errorText(err), variant: "destructive" });
          }
        }}
      >
        {IMAGE_TEXTS.share}
      </Button>
    </div>
  );
}

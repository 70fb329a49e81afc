/** Offers the new version of the app when one is waiting; the owner decides when to reload. */
import { useAppUpdate } from "../state/sw-update";
import { Button } from "../ui/Button";
import "./update-prompt.css";
import { APP_TEXTS } from "./texts";

export function UpdatePrompt() {
  const applyUpdate = useAppUpdate((s) => s.applyUpdate);
  if (!applyUpdate) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>{APP_TEXTS.updateAvailable}</span>
      <Button onClick={applyUpdate}>{APP_TEXTS.reload}</Button>
    </div>
  );
}

/** Offers the new version of the app when one is waiting; the owner decides when to reload. */
import { useAppUpdate } from "../state/sw-update";
import { Button } from "../ui/Button";
import "./update-prompt.css";

export function UpdatePrompt() {
  const applyUpdate = useAppUpdate((s) => s.applyUpdate);
  if (!applyUpdate) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>A new version of Studio Gallery is available.</span>
      <Button onClick={applyUpdate}>Reload</Button>
    </div>
  );
}

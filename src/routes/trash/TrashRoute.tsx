/** /trash (issue 43): what the owner deleted, to restore or delete for good. */
import { TrashScreen } from "../../features/trash/TrashScreen";

export function TrashRoute() {
  return <TrashScreen />;
}

/** /settings: the device's storage now; the General, Security and Branding tabs come with the settings screen. */
import { Link } from "react-router-dom";
import { DeviceStorageCard } from "../../features/settings/DeviceStorageCard";

export function SettingsRoute() {
  return (
    <main className="page narrow">
      <Link to="/" className="back-link">
        ← Back to Dashboard
      </Link>
      <h1>Settings</h1>
      <p className="muted">General, Security and Branding settings are not available in this version yet.</p>
      <DeviceStorageCard />
    </main>
  );
}

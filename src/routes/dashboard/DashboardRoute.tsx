/** / : the owner's starting point: welcome, New Client, counters, recent and expiring galleries. */
import { Link } from "react-router-dom";
import { Dashboard } from "../../features/dashboard/Dashboard";
import { DASHBOARD_TEXTS } from "../../features/dashboard/texts";
import { useSession } from "../../state/session";

export function DashboardRoute() {
  const user = useSession((s) => s.user);
  return (
    <main className="page">
      <div className="page-head">
        <h1>{DASHBOARD_TEXTS.welcome(user?.username ?? "")}</h1>
        {user?.isStudioOwner ? (
          <Link className="btn btn-primary" to="/clients/new">
            {DASHBOARD_TEXTS.newClient}
          </Link>
        ) : null}
      </div>
      {user?.isStudioOwner ? <Dashboard /> : null}
    </main>
  );
}

/**
 * / : the owner's starting point. The welcome line and New Client stand here now; the counters, recent
 * clients and expiring galleries read the local store, which arrives with the store and sync work.
 */
import { Link } from "react-router-dom";
import { useSession } from "../../state/session";

export function DashboardRoute() {
  const user = useSession((s) => s.user);
  return (
    <main className="page">
      <div className="page-head">
        <h1>Welcome, {user?.username}</h1>
        {user?.isStudioOwner ? (
          <Link className="btn btn-primary" to="/clients/new">
            New Client
          </Link>
        ) : null}
      </div>
    </main>
  );
}

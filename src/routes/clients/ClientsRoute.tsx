/** /clients: back to the dashboard, New Client, and the clients table. */
import { Link } from "react-router-dom";
import { ClientsTable } from "../../features/clients/ClientsTable";
import { CLIENT_TEXTS } from "../../features/clients/texts";
import { BackLink } from "../../features/shell/BackLink";

export function ClientsRoute() {
  return (
    <main className="page">
      <BackLink to="/" label={CLIENT_TEXTS.back} />
      <div className="page-head">
        <h1>{CLIENT_TEXTS.listTitle}</h1>
        <Link className="btn btn-primary" to="/clients/new">
          {CLIENT_TEXTS.newClient}
        </Link>
      </div>
      <ClientsTable />
    </main>
  );
}

/** /clients/new: the client form and what comes after; success opens the new client. */
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { emptyClientForm, submitNewClient } from "../../features/clients/actions";
import { ClientForm } from "../../features/clients/ClientForm";
import { CLIENT_TEXTS } from "../../features/clients/texts";
import { BackLink } from "../../features/shell/BackLink";

export function NewClientRoute() {
  const navigate = useNavigate();
  const [defaults] = useState(emptyClientForm);
  return (
    <main className="page">
      <BackLink to="/clients" label={CLIENT_TEXTS.backToClients} />
      <h1>{CLIENT_TEXTS.createTitle}</h1>
      <p className="muted">{CLIENT_TEXTS.createSubtitle}</p>
      <div className="two-columns">
        <section className="card">
          <ClientForm
            defaults={defaults}
            submitLabel={CLIENT_TEXTS.create}
            pendingLabel={CLIENT_TEXTS.creating}
            onSubmit={async (values) => {
              const result = await submitNewClient(values);
              if (typeof result === "string") navigate(`/clients/${result}`);
              else if (result) return result;
            }}
          />
        </section>
        <aside className="card side-panel">
          <h2>{CLIENT_TEXTS.afterCreateTitle}</h2>
          <ul>
            {CLIENT_TEXTS.afterCreate.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </aside>
      </div>
    </main>
  );
}

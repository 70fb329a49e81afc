/** /converter and /clients/:clientId/converter. */
import { useParams } from "react-router-dom";
import { ClientConverter } from "../../features/converter/ClientConverter";
import { StandaloneConverter } from "../../features/converter/StandaloneConverter";
import { CONVERTER_TEXTS } from "../../features/converter/texts";
import { useClient } from "../../features/clients/useClient";
import { BackLink } from "../../features/shell/BackLink";

export function StandaloneConverterRoute() {
  return (
    <main className="page">
      <h1>{CONVERTER_TEXTS.standaloneTitle}</h1>
      <StandaloneConverter />
    </main>
  );
}

export function ClientConverterRoute() {
  const { clientId } = useParams();
  const client = useClient(clientId);
  const known = client ? client.id : null;
  return (
    <main className="page narrow">
      {client ? (
        <BackLink to={`/clients/${client.id}`} label={client.name} />
      ) : null}
      <section className="card converter-card">
        <h1>{CONVERTER_TEXTS.cardTitle}</h1>
        <p className="muted">{CONVERTER_TEXTS.cardText}</p>
        {known ? <p className="info-line">{CONVERTER_TEXTS.forClient(known)}</p> : client === null ? <p className="warning-line" role="alert">{CONVERTER_TEXTS.noClientWarning}</p> : null}
        <ClientConverter clientId={known} />
      </section>
    </main>
  );
}

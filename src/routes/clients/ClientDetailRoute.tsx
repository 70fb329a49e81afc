/**
 * /clients/:id: the client's name, tabs Gallery (default) and Client Details. Reads the device's store, so
 * it works offline and shows changes from anywhere as they arrive.
 */
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { clientFormValues, submitClientChanges } from "../../features/clients/actions";
import { AccessFailuresPanel } from "../../features/clients/AccessFailuresPanel";
import { ActivityCard } from "../../features/clients/ActivityCard";
import { EmailGalleryPanel } from "../../features/clients/EmailGalleryPanel";
import { ClientForm } from "../../features/clients/ClientForm";
import { JpegStatus } from "../../features/clients/JpegStatus";
import { StatusBadge } from "../../features/clients/StatusBadge";
import { CLIENT_TEXTS } from "../../features/clients/texts";
import { useClient, useCodeShared, useRefusedFields } from "../../features/clients/useClient";
import { useStudioTimeZone } from "../../features/settings/useSettingsRow";
import { GalleryTab } from "../../features/client-gallery/GalleryTab";
import { ClientUploadState } from "../../features/clients/ClientUploadState";
import { ProofingPanel } from "../../features/clients/ProofingPanel";
import { PreviewPanel } from "../../features/clients/PreviewPanel";
import { BackLink } from "../../features/shell/BackLink";
import { UploadBar } from "../../features/news/UploadBar";
import { onTabKeys } from "../../ui/tabKeys";

export function ClientDetailRoute() {
  const { id } = useParams();
  const client = useClient(id);
  const [tab, setTab] = useState<"gallery" | "details">("gallery");
  const refused = useRefusedFields(id ?? "");
  const codeShared = useCodeShared(id ?? "", client?.accessCode ?? "");
  const timeZone = useStudioTimeZone();

  if (client === undefined) return <main className="page"><p className="muted">{CLIENT_TEXTS.loading}</p></main>;
  if (client === null) return <main className="page"><p className="muted">{CLIENT_TEXTS.notFound}</p></main>;

  return (
    <main className="page">
      <BackLink to="/clients" label={CLIENT_TEXTS.backToClients} />
      <div className="page-head">
        <h1>{client.name}</h1>
        <StatusBadge enabled={client.enabled} expirationDate={client.expirationDate} />
        <ClientUploadState clientId={client.id} />
        <Link to={`/clients/${client.id}/converter`} className="btn btn-outline page-head-action">
          {CLIENT_TEXTS.converter}
        </Link>
      </div>
      <UploadBar clientId={client.id} />
      <div className="tabs" role="tablist" onKeyDown={onTabKeys}>
        <button type="button" role="tab" aria-selected={tab === "gallery"} tabIndex={tab === "gallery" ? 0 : -1} onClick={() => setTab("gallery")}>
          {CLIENT_TEXTS.tabGallery}
        </button>
        <button type="button" role="tab" aria-selected={tab === "details"} tabIndex={tab === "details" ? 0 : -1} onClick={() => setTab("details")}>
          {CLIENT_TEXTS.tabDetails}
        </button>
      </div>
      {tab === "gallery" ? (
        <>
          <ProofingPanel clientId={client.id} clientName={client.name} />
          <GalleryTab client={client} />
        </>
      ) : (
        <section className="card" role="tabpanel">
          <ClientForm
            key={client.id}
            defaults={clientFormValues(client, timeZone)}
            submitLabel={CLIENT_TEXTS.save}
            pendingLabel={CLIENT_TEXTS.saving}
            onSubmit={(values) => submitClientChanges(client.id, values)}
            serverErrors={refused}
            codeShared={codeShared}
            jpegStatus={<JpegStatus client={client} />}
          />
          <PreviewPanel client={client} />
          <h2 className="section-title">{CLIENT_TEXTS.emailTitle}</h2>
          <EmailGalleryPanel client={client} />
          <h2 className="section-title">{CLIENT_TEXTS.failuresTitle}</h2>
          <AccessFailuresPanel clientId={client.id} />
          <ActivityCard clientId={client.id} />
        </section>
      )}
    </main>
  );
}

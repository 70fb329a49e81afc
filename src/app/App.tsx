/** The router: the specification's protected and public routes and the catch-all. */
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { RequireAuth } from "../features/auth/RequireAuth";
import { SyncRunner } from "../features/sync/SyncRunner";
import { useSessionBootstrap } from "../features/auth/useSessionBootstrap";
import { AuthRoute } from "../routes/auth/AuthRoute";
import { ClientDetailRoute } from "../routes/clients/ClientDetailRoute";
import { ClientsRoute } from "../routes/clients/ClientsRoute";
import { NewClientRoute } from "../routes/clients/NewClientRoute";
import { DashboardRoute } from "../routes/dashboard/DashboardRoute";
import { NotFoundRoute } from "../routes/not-found/NotFoundRoute";
import { SettingsRoute } from "../routes/settings/SettingsRoute";
import { PendingRoute } from "../routes/pending/PendingRoute";
import { AppLayout } from "./AppLayout";
import { ToastHost } from "./ToastHost";
import { UpdatePrompt } from "./UpdatePrompt";

export function App() {
  useSessionBootstrap();
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/auth" element={<AuthRoute />} />
        <Route path="/gallery/access" element={<PendingRoute title="Client Gallery Access" />} />
        <Route path="/gallery/:accessUrl" element={<PendingRoute title="Client Gallery" />} />
        <Route
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          <Route index element={<DashboardRoute />} />
          <Route path="/clients" element={<ClientsRoute />} />
          <Route path="/clients/new" element={<NewClientRoute />} />
          <Route path="/clients/:id" element={<ClientDetailRoute />} />
          <Route
            path="/clients/:clientId/converter"
            element={
              <RequireAuth ownerOnly>
                <PendingRoute title="Image Converter" />
              </RequireAuth>
            }
          />
          <Route path="/converter" element={<PendingRoute title="Standalone Image Converter" />} />
          <Route path="/settings" element={<SettingsRoute />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
      <SyncRunner />
      <ToastHost />
      <UpdatePrompt />
    </BrowserRouter>
  );
}

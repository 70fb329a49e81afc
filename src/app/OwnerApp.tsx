/**
 * Everything but the visitor gallery and the sign-in (SignInApp.tsx): the session, sync, and the owner's
 * routes (plus the 404). Loaded as its own chunk, and only for a device that keeps a session (App.tsx), so
 * neither a visitor's phone nor the sign-in page downloads the store, sync or the owner's screens.
 */
import { Route, Routes } from "react-router-dom";
import { RequireAuth } from "../features/auth/RequireAuth";
import { useSessionBootstrap } from "../features/auth/useSessionBootstrap";
import { SyncRunner } from "./SyncRunner";
import { ClientDetailRoute } from "../routes/clients/ClientDetailRoute";
import { ClientsRoute } from "../routes/clients/ClientsRoute";
import { NewClientRoute } from "../routes/clients/NewClientRoute";
import { DashboardRoute } from "../routes/dashboard/DashboardRoute";
import { NotFoundRoute } from "../routes/not-found/NotFoundRoute";
import { ClientConverterRoute, StandaloneConverterRoute } from "../routes/converter/ConverterRoutes";
import { SettingsRoute } from "../routes/settings/SettingsRoute";
import { ImportSharedRoute } from "../routes/import/ImportSharedRoute";
import { TrashRoute } from "../routes/trash/TrashRoute";
import { AppLayout } from "./AppLayout";

export default function OwnerApp() {
  useSessionBootstrap();
  return (
    <>
      <Routes>
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
                <ClientConverterRoute />
              </RequireAuth>
            }
          />
          <Route path="/converter" element={<StandaloneConverterRoute />} />
          <Route path="/settings" element={<SettingsRoute />} />
          <Route path="/import" element={<ImportSharedRoute />} />
          <Route path="/trash" element={<TrashRoute />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
      <SyncRunner />
    </>
  );
}

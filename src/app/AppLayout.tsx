/** The owner's frame: header, the routed screen, and the update prompt. */
import { useThemeColor } from "./useThemeColor";
import { Outlet } from "react-router-dom";
import { AppHeader } from "../features/shell/AppHeader";
import { InterruptedImports } from "../features/upload/InterruptedImports";
import { NewsNotices } from "../features/news/NewsNotices";
import { UploadBar } from "../features/news/UploadBar";

export function AppLayout() {
  useThemeColor();
  return (
    <div className="app">
      <AppHeader />
      <UploadBar />
      <NewsNotices />
      <InterruptedImports />
      <Outlet />
    </div>
  );
}

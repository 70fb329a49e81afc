/** Texts of the owner's frame: header, navigation, the not-found screen. */
import { localized } from "../../lib/i18n/i18n";

export const SHELL_TEXTS = localized("shell", {
  studioLogo: "Studio logo",
  navDashboard: "Dashboard",
  navClients: "Clients",
  navConverter: "Image Converter",
  navSettings: "Settings",
  mainNav: "Main",
  /** Read after the user's name by screen readers (the visible name must be part of the button's name). */
  accountMenu: ": account menu",
  notFoundTitle: "404 Page Not Found",
  notFoundText: "Did you forget to add the page to the router?",
});

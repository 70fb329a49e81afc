/** The owner's navigation (specification, section 2); each label is read in the active language. */
import { TRASH_TEXTS } from "../trash/texts";
import { SHELL_TEXTS } from "./texts";

export const NAV_ITEMS = [
  { to: "/", label: () => SHELL_TEXTS.navDashboard, end: true },
  { to: "/clients", label: () => SHELL_TEXTS.navClients, end: false },
  { to: "/converter", label: () => SHELL_TEXTS.navConverter, end: false },
  { to: "/trash", label: () => TRASH_TEXTS.navTrash, end: false },
  { to: "/settings", label: () => SHELL_TEXTS.navSettings, end: false },
] as const;

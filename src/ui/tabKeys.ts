/**
 * Arrow keys in a row of tabs (issue 43), the ARIA tabs pattern with automatic activation: Left and Right
 * move to the previous and next tab (wrapping), Home and End to the first and last, and the tab reached is
 * chosen at once (its click). Put on the tab list's onKeyDown; its tabs are its own buttons. The tab lists
 * give only the chosen tab `tabIndex` 0 (one Tab stop, the arrows do the rest).
 */
import type { KeyboardEvent } from "react";

export function onTabKeys(event: KeyboardEvent<HTMLElement>): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(":scope > button:not(:disabled)")];
  const at = tabs.indexOf(event.target as HTMLButtonElement);
  if (at < 0 || !tabs.length) return;
  const rtl = getComputedStyle(event.currentTarget).direction === "rtl" ? -1 : 1;
  const next = { ArrowRight: at + rtl, ArrowLeft: at - rtl, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const tab = tabs[(next + tabs.length) % tabs.length]!;
  tab.focus();
  tab.click();
}

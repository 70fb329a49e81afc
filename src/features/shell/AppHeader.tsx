/**
 * The header: studio logo, the owner's navigation (hidden for anyone else), the user label and avatar, and
 * the user menu (the navigation again plus Logout; Logout alone for a visitor).
 */
import { useCallback, useRef, useState } from "react";
import { Link, NavLink } from "react-router-dom";
import { initials } from "../../domain/format";
import { userLabel } from "../../domain/user";
import { useSession } from "../../state/session";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { Logo } from "../../ui/Logo";
import { useDismiss } from "../../ui/useDismiss";
import { useMenuKeys } from "../../ui/useMenuKeys";
import { AUTH_TEXTS } from "../auth/texts";
import { useLogout } from "../auth/useLogout";
import { SyncStatusIndicator } from "../sync-status/SyncStatusIndicator";
import { SYNC_TEXTS } from "../sync-status/texts";
import { NAV_ITEMS } from "./nav-items";
import { useStudioBrand } from "./useStudioBrand";
import "./shell.css";
import { SHELL_TEXTS } from "./texts";

export function AppHeader() {
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const isOwner = user?.isStudioOwner === true;
  const label = userLabel(user);
  const brand = useStudioBrand(isOwner);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(menuRef, isMenuOpen, closeMenu);
  useMenuKeys(menuRef, isMenuOpen);

  return (
    <header className="app-header">
      <Link to="/" className="brand">
        <Logo key={brand.logo ?? ""} src={brand.logo} alt={SHELL_TEXTS.studioLogo} size={32} />
        <span className="brand-name">{brand.name}</span>
      </Link>
      {isOwner ? (
        <nav className="main-nav" aria-label={SHELL_TEXTS.mainNav}>
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={({ isActive }) => (isActive ? "nav-link active" : "nav-link")}>
              {item.label()}
            </NavLink>
          ))}
        </nav>
      ) : null}
      {isOwner ? <SyncStatusIndicator /> : null}
      <div className="user-menu" ref={menuRef}>
        <button type="button" className="user-button" aria-haspopup="menu" aria-expanded={isMenuOpen} onClick={() => setMenuOpen((o) => !o)}>
          <span className="user-label">{label}</span>
          {/* The name is the visible label plus this (axe: the visible text must be part of the name). */}
          <span className="sr-only">{SHELL_TEXTS.accountMenu}</span>
          <span aria-hidden="true">
            <Avatar initials={initials(label)} />
          </span>
        </button>
        {isMenuOpen ? (
          <div className="menu" role="menu">
            {isOwner
              ? NAV_ITEMS.map((item) => (
                  <Link key={item.to} role="menuitem" to={item.to} className="menu-item" onClick={() => setMenuOpen(false)}>
                    {item.label()}
                  </Link>
                ))
              : null}
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                setMenuOpen(false);
                void logout.request();
              }}
            >
              {AUTH_TEXTS.logout}
            </button>
          </div>
        ) : null}
      </div>
      <Dialog
        isOpen={logout.pendingChanges !== null}
        title={SYNC_TEXTS.signOutTitle}
        onClose={logout.cancel}
        footer={
          <>
            <Button variant="outline" onClick={logout.cancel}>
              {SYNC_TEXTS.staySignedIn}
            </Button>
            <Button variant="destructive" onClick={() => void logout.confirm()}>
              {SYNC_TEXTS.discardAndSignOut}
            </Button>
          </>
        }
      >
        <p>{SYNC_TEXTS.signOutBody(logout.pendingChanges ?? 0)}</p>
      </Dialog>
    </header>
  );
}

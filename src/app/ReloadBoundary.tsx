/**
 * Catches a render error below it, such as a lazy chunk that failed to load after a redeploy or on a
 * dropped connection, and offers 'Reload' instead of a blank page. Used by both entries.
 */
import { Component, type ReactNode } from "react";
import { Button } from "../ui/Button";
import { APP_TEXTS } from "./texts";

export class ReloadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="gallery-state">
        <h1>{APP_TEXTS.loadFailedTitle}</h1>
        <p className="muted">{APP_TEXTS.loadFailedText}</p>
        <Button onClick={() => window.location.reload()}>{APP_TEXTS.reload}</Button>
      </main>
    );
  }
}

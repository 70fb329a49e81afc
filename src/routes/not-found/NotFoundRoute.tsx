/** The catch-all screen. */
import { SHELL_TEXTS } from "../../features/shell/texts";

export function NotFoundRoute() {
  return (
    <main className="page narrow">
      <div className="card center">
        <h1>{SHELL_TEXTS.notFoundTitle}</h1>
        <p className="muted">{SHELL_TEXTS.notFoundText}</p>
      </div>
    </main>
  );
}

/**
 * A route of the specification whose screen is not built yet. It says so plainly instead of pretending;
 * each one is replaced by its screen (clients, converters, settings, gallery).
 */
export function PendingRoute({ title }: { title: string }) {
  return (
    <main className="page narrow">
      <div className="card center">
        <h1>{title}</h1>
        <p className="muted">This screen is not available in this version yet.</p>
      </div>
    </main>
  );
}

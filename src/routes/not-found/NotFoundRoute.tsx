/** The catch-all screen. */
export function NotFoundRoute() {
  return (
    <main className="page narrow">
      <div className="card center">
        <h1>404 Page Not Found</h1>
        <p className="muted">Did you forget to add the page to the router?</p>
      </div>
    </main>
  );
}

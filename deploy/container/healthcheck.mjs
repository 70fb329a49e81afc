// The container's health check: PocketBase's own /api/health answers 200 within 4 seconds.
import process from "node:process";
const port = process.env.PORT || "8090";
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}

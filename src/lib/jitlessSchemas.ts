/**
 * zod without `new Function` (issue 28). The content-security policy allows no eval (script-src 'self'
 * 'wasm-unsafe-eval'); zod's fast path probes for it with `new Function("")`, which throws here anyway and
 * which the browser reports as a policy violation on every page. Jitless parsing needs no probe. Imported
 * first by each entry, before any schema parses.
 */
import { config } from "zod/mini";

config({ jitless: true });

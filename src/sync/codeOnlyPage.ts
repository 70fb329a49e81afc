/**
 * The code-only page (`/gallery/access`) as the server sees it: on or off, its recent wrong codes and the
 * puzzle they make visitors solve (pb_hooks/lib/core/access_guard.js). Owner only (the server checks); online only.
 */
import { z } from "zod";
import { pb } from "./pocketbase";

const CodeOnlyPageSchema = z.object({
  on: z.boolean(),
  pressure: z.number(),
  free: z.number(),
  bits: z.number(),
  phoneSeconds: z.number(),
});
export type CodeOnlyPage = z.infer<typeof CodeOnlyPageSchema>;

const PATH = "/api/owner/code-only-page";

export async function fetchCodeOnlyPage(): Promise<CodeOnlyPage> {
  return CodeOnlyPageSchema.parse(await pb.send<unknown>(PATH, { method: "GET" }));
}

/** `reset` forgets the recent wrong codes; `on` turns the page on or off. Answers the new state. */
export async function changeCodeOnlyPage(change: { reset?: true; on?: boolean }): Promise<CodeOnlyPage> {
  return CodeOnlyPageSchema.parse(await pb.send<unknown>(PATH, { method: "POST", body: change }));
}

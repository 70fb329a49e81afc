/**
 * The visitor's proofing calls (pb_hooks/lib/handlers/proofing_routes.js): every write answers the whole proofing state of
 * the person the session holds (issue 26), parsed here, so the page always shows what the server holds.
 */
import * as g from "../../lib/guards";
import { call } from "./api";

const PersonSchema = g.object({ id: g.string(), name: g.string() });
export type ProofPerson = g.Infer<typeof PersonSchema>;

export const ProofingStateSchema = g.object({
  /** Who the session proofs as; null until the visitor gives a name or continues as someone. */
  person: g.nullable(PersonSchema),
  /** People any visitor of the gallery may continue as ("Client", the selection from before people). */
  shared: g.array(PersonSchema),
  submittedAt: g.string(),
  favourites: g.array(g.string()),
  lists: g.array(g.object({ id: g.string(), name: g.string(), limit: g.number(), imageIds: g.array(g.string()) })),
  comments: g.array(g.object({ image: g.string(), text: g.string() })),
});
export type ProofingState = g.Infer<typeof ProofingStateSchema>;
export type ProofList = ProofingState["lists"][number];

const base = (accessUrl: string) => `/api/gallery/${encodeURIComponent(accessUrl)}/proofing`;
const put = (path: string, body?: unknown) => call(ProofingStateSchema, path, { method: "PUT", body: body === undefined ? undefined : JSON.stringify(body) });
const del = (path: string) => call(ProofingStateSchema, path, { method: "DELETE" });

export const proofingApi = {
  state: (accessUrl: string) => call(ProofingStateSchema, `${base(accessUrl)}/state`),
  favourite: (accessUrl: string, imageId: string, on: boolean) => (on ? put : del)(`${base(accessUrl)}/favourites/${encodeURIComponent(imageId)}`),
  pick: (accessUrl: string, listId: string, imageId: string, on: boolean) =>
    (on ? put : del)(`${base(accessUrl)}/lists/${encodeURIComponent(listId)}/${encodeURIComponent(imageId)}`),
  comment: (accessUrl: string, imageId: string, text: string) => put(`${base(accessUrl)}/comments/${encodeURIComponent(imageId)}`, { text }),
  submit: (accessUrl: string) => put(`${base(accessUrl)}/submission`),
  createPerson: (accessUrl: string, name: string, email: string) => put(`${base(accessUrl)}/person`, { name, email }),
  switchPerson: (accessUrl: string, personId: string) => put(`${base(accessUrl)}/person/${encodeURIComponent(personId)}`),
};

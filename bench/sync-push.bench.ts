/**
 * 1,000 record edits pushed through the sync engine: how many requests, and the time per edit, against
 * the same 1,000 edits sent one request each (the reference), to the same server in the same run.
 */
import { expect, it } from "vitest";
import { createClient, updateClient } from "../src/store/repositories/clients";
import { makeDevice } from "../tests/server/devices";
import { startTestServer } from "../tests/server/test-server";
import { report } from "./report";

const CLIENTS = 100;
const EDITS = 1000;

it("pushes 1,000 edits in at most 5 requests", async () => {
  const server = await startTestServer();
  try {
    const device = await makeDevice(server);
    const ids: string[] = [];
    for (let i = 0; i < CLIENTS; i++) ids.push((await createClient(device.db, { name: `Bench ${i}` })).id);
    await device.sync.syncOnce();

    for (let i = 0; i < EDITS; i++) await updateClient(device.db, ids[i % CLIENTS]!, { notes: `edit ${i}` });
    let batchRequests = 0;
    let allRequests = 0;
    device.pb.beforeSend = (url, options) => {
      allRequests++;
      if (url.endsWith("/api/batch")) batchRequests++;
      return { url, options };
    };
    const started = performance.now();
    await device.sync.syncOnce();
    const engineMs = performance.now() - started;
    device.pb.beforeSend = undefined;
    expect(await device.db.outbox.count()).toBe(0);

    // Reference: the same edits, one PATCH each.
    const refStarted = performance.now();
    for (let i = 0; i < EDITS; i++) await device.pb.collection("clients").update(ids[i % CLIENTS]!, { notes: `plain ${i}` });
    const plainMs = performance.now() - refStarted;

    report("sync push of 1,000 edits", {
      batchRequests,
      requestsInSync: allRequests,
      msPerEdit: engineMs / EDITS,
      plainMsPerEdit: plainMs / EDITS,
      speedupVsOneRequestEach: plainMs / engineMs,
    });
    expect(batchRequests).toBeLessThanOrEqual(5);
  } finally {
    await server.stop();
  }
});

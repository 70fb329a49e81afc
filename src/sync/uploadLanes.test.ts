/** The upload lanes: at most two jobs at a time, in the order handed out, and a failure loses no other job's answer. */
import { describe, expect, it } from "vitest";
import { createWake, runInLanes, type UploadJob } from "./uploadLanes";

/** A job the test ends by hand; `log` records its start and end. */
function manual(name: string, log: string[]) {
  let end!: (error?: Error) => void;
  const job: UploadJob = () =>
    new Promise<void>((resolve, reject) => {
      log.push(`start ${name}`);
      end = (error) => {
        log.push(`end ${name}`);
        if (error) reject(error);
        else resolve();
      };
    });
  return { job, end: (error?: Error) => end(error) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("runInLanes", () => {
  it("keeps at most two jobs in flight and starts them in the order handed out", async () => {
    const log: string[] = [];
    const jobs = ["a", "b", "c", "d"].map((n) => manual(n, log));
    const queue = [...jobs];
    const done = runInLanes(() => queue.shift()?.job ?? null);
    await tick();
    expect(log).toEqual(["start a", "start b"]);
    jobs[1]!.end();
    await tick();
    expect(log).toEqual(["start a", "start b", "end b", "start c"]);
    jobs[0]!.end();
    await tick();
    jobs[2]!.end();
    jobs[3]!.end();
    expect(await done).toBe(4);
    expect(log.filter((l) => l.startsWith("start"))).toEqual(["start a", "start b", "start c", "start d"]);
  });

  it("asks again when a job ends, so a job can hand out the next phase's work", async () => {
    const log: string[] = [];
    const queue: UploadJob[] = [];
    const record: UploadJob = async () => {
      log.push("record");
      queue.push(async () => void log.push("original")); // the record is confirmed: its original may go
    };
    queue.push(record);
    expect(await runInLanes(() => queue.shift() ?? null)).toBe(2);
    expect(log).toEqual(["record", "original"]);
  });

  it("lets the other job in flight finish when one fails, starts nothing new, then throws the failure", async () => {
    const log: string[] = [];
    const jobs = ["a", "b", "c"].map((n) => manual(n, log));
    const queue = [...jobs];
    const done = runInLanes(() => queue.shift()?.job ?? null);
    const outcome = done.then(
      () => "resolved",
      (e: Error) => e.message,
    );
    await tick();
    jobs[0]!.end(new Error("503"));
    await tick();
    expect(log).toEqual(["start a", "start b", "end a"]); // c does not start
    let settled = false;
    void outcome.then(() => (settled = true));
    await tick();
    expect(settled).toBe(false); // b's answer is still awaited
    jobs[1]!.end();
    expect(await outcome).toBe("503");
    expect(log).toEqual(["start a", "start b", "end a", "end b"]);
    expect(queue).toHaveLength(1); // c stays for the next sync
  });

  it("starts no job after the signal aborts", async () => {
    const log: string[] = [];
    const abort = new AbortController();
    const jobs = ["a", "b", "c"].map((n) => manual(n, log));
    const queue = [...jobs];
    const done = runInLanes(() => queue.shift()?.job ?? null, 2, abort.signal).catch((e: Error) => e.name);
    await tick();
    abort.abort();
    jobs[0]!.end();
    jobs[1]!.end();
    expect(await done).toBe("AbortError");
    expect(log).toEqual(["start a", "start b", "end a", "end b"]);
  });

  it("runs one at a time with one lane", async () => {
    let inFlight = 0;
    let most = 0;
    const queue: UploadJob[] = Array.from({ length: 5 }, () => async () => {
      most = Math.max(most, ++inFlight);
      await tick();
      inFlight--;
    });
    expect(await runInLanes(() => queue.shift() ?? null, 1)).toBe(5);
    expect(most).toBe(1);
  });

  it("looks for work again when a running job wakes it, before that job ends", async () => {
    const log: string[] = [];
    const wake = createWake();
    const first = manual("records", log);
    let ready = false; // the records' body is sent: the next phase may use the other lane
    const queue: UploadJob[] = [first.job];
    const done = runInLanes(() => queue.shift() ?? (ready ? manual("sizes", log).job : null), 2, undefined, wake);
    await tick();
    expect(log).toEqual(["start records"]);
    ready = true;
    wake();
    await tick();
    expect(log).toEqual(["start records", "start sizes"]);
    ready = false;
    first.end();
    await tick();
    expect(log).toEqual(["start records", "start sizes", "end records"]);
    ready = false;
    done.catch(() => undefined);
  });

  it("starts finding more work once the first jobs are out, and waits for it even when they have ended", async () => {
    const log: string[] = [];
    const first = manual("first", log);
    const queue: UploadJob[] = [first.job];
    let found!: () => void;
    const more = () => {
      log.push("finding more");
      return new Promise<void>((resolve) => (found = resolve)).then(() => void queue.push(manual("second", log).job, manual("third", log).job));
    };
    const done = runInLanes(() => queue.shift() ?? null, 2, undefined, undefined, more);
    await tick();
    expect(log).toEqual(["start first", "finding more"]);
    first.end();
    await tick();
    let settled = false;
    void done.finally(() => (settled = true));
    await tick();
    expect(settled).toBe(false); // nothing runs, but more is coming
    found();
    await tick();
    expect(log).toEqual(["start first", "finding more", "end first", "start second", "start third"]);
    done.catch(() => undefined);
  });

  it("throws when finding more work fails, after the jobs in flight end", async () => {
    const log: string[] = [];
    const first = manual("first", log);
    const queue: UploadJob[] = [first.job];
    const done = runInLanes(() => queue.shift() ?? null, 2, undefined, undefined, () => Promise.reject(new Error("the device's files could not be read")));
    const outcome = done.then(
      () => "resolved",
      (e: Error) => e.message,
    );
    await tick();
    first.end();
    expect(await outcome).toBe("the device's files could not be read");
    expect(log).toEqual(["start first", "end first"]);
  });
});

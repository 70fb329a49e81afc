/**
 * The worker pool with stand-in workers: each "worker" is one end of a MessageChannel whose other end
 * serves a small API through comlink, as a real worker would. Terminating it closes the channel.
 */
import { expose } from "comlink";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WorkerPool } from "./pool";

interface Api {
  wait(ms: number, value: string): Promise<string>;
}

class FakeWorker extends EventTarget {
  static created = 0;
  static terminated = 0;
  private readonly port: MessagePort;
  constructor() {
    super();
    FakeWorker.created++;
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.addEventListener("message", (e) => this.dispatchEvent(new MessageEvent("message", { data: (e as MessageEvent).data })));
    this.port.start();
    const api: Api = { wait: (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms)) };
    expose(api, channel.port2);
  }
  postMessage(data: unknown, transfer?: Transferable[]) {
    this.port.postMessage(data, transfer ?? []);
  }
  terminate() {
    FakeWorker.terminated++;
    this.port.close();
  }
  /** What a worker dying of out-of-memory looks like to the page. */
  crash() {
    this.dispatchEvent(new Event("error", { cancelable: true }));
  }
}

function pool(size: number, idleMs?: number) {
  const workers: FakeWorker[] = [];
  const p = new WorkerPool<Api>(
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    },
    size,
    idleMs,
  );
  return { p, workers };
}

afterEach(() => {
  FakeWorker.created = 0;
  FakeWorker.terminated = 0;
});

describe("WorkerPool", () => {
  it("runs at most `size` jobs at once and queues the rest", async () => {
    const { p, workers } = pool(2);
    const results = await Promise.all(["a", "b", "c", "d", "e"].map((v) => p.run((api) => api.wait(20, v))));
    expect(results).toEqual(["a", "b", "c", "d", "e"]);
    expect(workers).toHaveLength(2);
    p.close();
  });

  it("terminates the worker of an aborted job; the next job gets a fresh worker", async () => {
    const { p } = pool(1);
    const abort = new AbortController();
    const slow = p.run((api) => api.wait(10_000, "never"), abort.signal);
    setTimeout(() => abort.abort(), 20);
    await expect(slow).rejects.toThrow(/abort/i);
    expect(FakeWorker.terminated).toBe(1);
    expect(await p.run((api) => api.wait(5, "next"))).toBe("next");
    expect(FakeWorker.created).toBe(2);
    p.close();
  });

  it("drops a queued job that is aborted before it starts, without touching the running one", async () => {
    const { p } = pool(1);
    const abort = new AbortController();
    const running = p.run((api) => api.wait(50, "first"));
    const queued = p.run((api) => api.wait(5, "second"), abort.signal);
    abort.abort();
    await expect(queued).rejects.toThrow(/abort/i);
    expect(await running).toBe("first");
    expect(FakeWorker.terminated).toBe(0);
    p.close();
  });

  it("fails only the job of a worker that dies, and keeps serving", async () => {
    const { p, workers } = pool(2);
    const doomed = p.run((api) => api.wait(10_000, "never"));
    const fine = p.run((api) => api.wait(30, "fine"));
    await new Promise((r) => setTimeout(r, 10));
    workers[0]!.crash();
    await expect(doomed).rejects.toThrow(/worker stopped/);
    expect(await fine).toBe("fine");
    expect(await p.run((api) => api.wait(5, "after"))).toBe("after");
    p.close();
  });

  it("says the app is not ready offline when a worker fails offline in a page no service worker controls", async () => {
    vi.stubGlobal("navigator", { onLine: false, hardwareConcurrency: 2, serviceWorker: { controller: null } });
    try {
      const { p, workers } = pool(1);
      const first = p.run((api) => api.wait(10_000, "never"));
      await new Promise((r) => setTimeout(r, 10));
      workers[0]!.crash();
      await expect(first).rejects.toMatchObject({ name: "WorkerUnavailableError", message: expect.stringMatching(/not on this device yet/) });
      // Offline with the app's offline copy in charge, the code was there: the worker died in its job.
      vi.stubGlobal("navigator", { onLine: false, hardwareConcurrency: 2, serviceWorker: { controller: {} } });
      const second = p.run((api) => api.wait(10_000, "never"));
      await new Promise((r) => setTimeout(r, 10));
      workers[1]!.crash();
      await expect(second).rejects.toMatchObject({ name: "WorkerStoppedError", message: expect.stringMatching(/worker stopped/) });
      p.close();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shuts a worker down once it has been idle for the idle time, and starts one again on demand", async () => {
    const { p } = pool(2, 60);
    await p.run((api) => api.wait(1, "x"));
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeWorker.terminated).toBe(0);
    await new Promise((r) => setTimeout(r, 80));
    expect(FakeWorker.terminated).toBe(1);
    expect(await p.run((api) => api.wait(1, "again"))).toBe("again");
    expect(FakeWorker.created).toBe(2);
    p.close();
  });
});

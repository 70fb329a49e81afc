/**
 * Chromium started by hand with a profile on disk and driven over the DevTools pipe with raw CDP: only the
 * Target, Runtime, Page.navigate, Input and Browser domains, never Network.enable (Playwright enables the
 * network domain on every page and worker, which keeps response bodies in the renderer: docs/benchmarks-history.md).
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { CHROMIUM_ARGS } from "../../e2e/support/browser";

type Params = Record<string, unknown>;
type Listener = (params: Params, sessionId?: string) => void;

export interface CdpBrowser {
  process: ChildProcess;
  /** A command to the browser (no session) or to an attached target (`sessionId`). */
  send: <T = Params>(method: string, params?: Params, sessionId?: string) => Promise<T>;
  on: (event: string, listener: Listener) => () => void;
  close: () => Promise<void>;
}

export async function launchCdpChromium(profileDir: string, extraArgs: string[] = []): Promise<CdpBrowser> {
  const child = spawn(
    process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    [...CHROMIUM_ARGS, "--headless", "--remote-debugging-pipe", `--user-data-dir=${profileDir}`, "--no-default-browser-check", "--window-size=1280,900", ...extraArgs, "about:blank"],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: Params) => void; reject: (e: Error) => void; method: string }>();
  const listeners = new Map<string, Set<Listener>>();
  let buffered = "";
  fromBrowser.setEncoding("utf8");
  fromBrowser.on("data", (text: string) => {
    buffered += text;
    for (let end = buffered.indexOf("\0"); end >= 0; end = buffered.indexOf("\0")) {
      const message = JSON.parse(buffered.slice(0, end)) as { id?: number; method?: string; params?: Params; result?: Params; error?: { message: string }; sessionId?: string };
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result ?? {});
      } else if (message.method) for (const listener of listeners.get(message.method) ?? []) listener(message.params ?? {}, message.sessionId);
    }
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const send = <T = Params>(method: string, params: Params = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (v: Params) => void, reject, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  const on = (event: string, listener: Listener) => {
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => void set.delete(listener);
  };
  await send("Browser.getVersion");
  return {
    process: child,
    send,
    on,
    close: async () => {
      await send("Browser.close").catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** A page of that browser: an attached session (flattened), with nothing enabled on it. */
export interface CdpPage {
  sessionId: string;
  /** Evaluates an expression in the page (awaiting a promise, the value returned as JSON), as a user's gesture. */
  evaluate: <T>(expression: string) => Promise<T>;
  navigate: (url: string) => Promise<void>;
  /** Polls `expression` until it is truthy. */
  waitFor: (expression: string, timeoutMs?: number) => Promise<void>;
  /** Types into the focused element as a keyboard would (input events, React sees them). */
  type: (text: string) => Promise<void>;
}

export async function openCdpPage(browser: CdpBrowser): Promise<CdpPage> {
  const { targetInfos } = await browser.send<{ targetInfos: Array<{ targetId: string; type: string }> }>("Target.getTargets");
  const target = targetInfos.find((t) => t.type === "page") ?? (await browser.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" }));
  const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", { targetId: target.targetId, flatten: true });
  const evaluate = async <T,>(expression: string): Promise<T> => {
    const { result, exceptionDetails } = await browser.send<{ result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
      "Runtime.evaluate",
      { expression, awaitPromise: true, returnByValue: true, userGesture: true },
      sessionId,
    );
    if (exceptionDetails) throw new Error(`evaluate: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as T;
  };
  const waitFor = async (expression: string, timeoutMs = 30_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (await evaluate<boolean>(`!!(${expression})`).catch(() => false)) return;
      if (Date.now() > end) throw new Error(`timed out waiting for ${expression}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  return {
    sessionId,
    evaluate,
    waitFor,
    navigate: async (url) => {
      await browser.send("Page.navigate", { url }, sessionId);
      await waitFor(`document.readyState === "complete" && location.href === ${JSON.stringify(url)}`);
    },
    type: async (text) => void (await browser.send("Input.insertText", { text }, sessionId)),
  };
}

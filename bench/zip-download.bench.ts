/**
 * A visitor downloads about 1 GB of real JPEGs as one zip (Download All), in headless Chromium (started
 * with a profile on disk and driven with raw CDP, no DevTools network domain: bench/support/cdp.ts)
 * through the service-worker stream: throughput against plain fetches of the same files in the same page and run
 * (goal at least 0.9x), and the peak memory of the browser's processes above their idle level
 * (goal at most 256 MB), each process' own growth printed, and the plain fetches' own peak alongside (before and after the zips). Then the same zip through the File System Access path (the save picker answered
 * with a file of the origin's private file system), which Chromium users on a desktop get.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "vitest";
import { readZipDirectory } from "../workers/zip/readZip";
import { report } from "./report";
import { ownerToken, startBenchApp } from "./support/app";
import { MISSING_PHOTOS, photoSet } from "./support/photos";
import { launchCdpChromium, openCdpPage } from "./support/cdp";

const TARGET_BYTES = Number(process.env.BENCH_ZIP_MB ?? 1024) * 1024 * 1024;
/** BENCH_ZIP_CRC=0 seeds the images without their CRC-32 (as images from before it existed): the zip computes it. */
const WITH_CRC = process.env.BENCH_ZIP_CRC !== "0";

/** The profile folder of this run's browser: only its process tree is counted (the machine may run others). */
let profileDir = "";

/** One process of this run's browser: its kind (browser, renderer, network, storage...) and resident MB. */
interface BrowserProcess {
  kind: string;
  rssMb: number;
  /** A part of a process' figure (not added to the sum). */
  detail?: boolean;
  /** CPU seconds it has used (user and system). */
  cpuS?: number;
}

/** CPU seconds a process has used, from /proc (0 once it is gone). */
function cpuSeconds(pid: string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** This run's browser processes (the one started with the profile, and all its descendants). */
function browserProcesses(): BrowserProcess[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => !!m)
    .map((m) => ({ pid: m[1]!, ppid: m[2]!, rss: Number(m[3]), args: m[4]! }));
  const tree = new Set(rows.filter((r) => profileDir && r.args.includes(profileDir) && !r.args.includes("--type=")).map((r) => r.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (tree.has(r.ppid) && !tree.has(r.pid)) {
        tree.add(r.pid);
        grew = true;
      }
    }
  }
  return rows
    .filter((r) => tree.has(r.pid))
    .flatMap((r): BrowserProcess[] => {
      const type = r.args.match(/--type=(\S+)/)?.[1] ?? "browser";
      const sub = r.args.match(/--utility-sub-type=\S*?\.mojom\.(\w+)/)?.[1];
      const kind = sub ? `${type}:${sub}` : `${type}:${r.pid}`;
      if (process.env.BENCH_RSS_DETAIL && type === "renderer") {
        try {
          const status = readFileSync(`/proc/${r.pid}/status`, "utf8");
          return [
            { kind, rssMb: r.rss / 1024, cpuS: cpuSeconds(r.pid) },
            ...["RssAnon", "RssFile", "RssShmem"].map((f) => ({ kind: `${kind}.${f}`, rssMb: Number(status.match(new RegExp(`${f}:\\s+(\\d+)`))?.[1] ?? 0) / 1024, detail: true })),
          ];
        } catch {
          return [{ kind, rssMb: r.rss / 1024, cpuS: cpuSeconds(r.pid) }];
        }
      }
      return [{ kind, rssMb: r.rss / 1024, cpuS: cpuSeconds(r.pid) }];
    });
}

/**
 * A dedicated worker fetches the files and reads them: "reader" drops each chunk of a body reader, one file
 * after another; "-lookahead" keeps two more files' requests going (as the zip does); "arrayBuffer" reads
 * each body whole; "write-lookahead" writes the bytes into a file of the private file system in 8 MB writes ("writeN-": N MB),
 * each awaited (as the zip's File System Access path); "sw-sink" is the service worker's download alone
 * (swSinkProbe below). Resolves with the milliseconds it took.
 */
const workerProbe = (mode: string, ids: string[]) => `(async () => {
  const code = \`onmessage = async ({ data: { mode, urls } }) => {
    const read = async (res) => {
      if (mode.startsWith("arrayBuffer")) return (await res).arrayBuffer();
      const reader = (await res).body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        if (!sink) continue;
        for (let at = 0; at < value.length; ) {
          const take = Math.min(piece.length - filled, value.length - at);
          piece.set(value.subarray(at, at + take), filled);
          filled += take; at += take;
          if (filled === piece.length) { await sink.write(piece); piece = new Uint8Array(piece.length); filled = 0; }
        }
      }
    };
    const ahead = mode.includes("lookahead") ? 2 : 0;
    let sink = null, piece = null, filled = 0;
    if (mode.startsWith("write")) {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("probe", { create: true });
      sink = await (await dir.getFileHandle("probe.bin", { create: true })).createWritable();
      piece = new Uint8Array(Number(mode.match(/^write(\\d*)/)[1] || 8) << 20);
    }
    const t0 = performance.now();
    const loads = [];
    const start = (i) => { if (i < urls.length && !loads[i]) loads[i] = mode.startsWith("arrayBuffer") ? read(fetch(urls[i])) : fetch(urls[i]); };
    for (let i = 0; i < urls.length; i++) {
      for (let k = 0; k <= ahead; k++) start(i + k);
      if (mode.startsWith("arrayBuffer")) await loads[i]; else await read(loads[i]);
      loads[i] = true;
    }
    if (sink) { await sink.write(piece.subarray(0, filled)); await sink.close(); await (await navigator.storage.getDirectory()).removeEntry("probe", { recursive: true }); }
    postMessage(performance.now() - t0);
  };\`;
  const worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  const ms = await new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); worker.postMessage({ mode: ${JSON.stringify(mode)}, urls: ${JSON.stringify(ids)}.map((id) => location.origin + "/api/gallery/image/" + id) }); });
  worker.terminate();
  return ms;
})()`;

interface CpuProfile {
  profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>; samples: number[]; timeDeltas: number[] };
}

/** The functions the profiled thread spent most of its own time in. */
function printProfile({ profile }: CpuProfile, label: string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`${label}, self ms: ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join("; ")}`);
}

/** The browser's memory before the first phase (later phases' idle includes what earlier ones left). */
let firstIdle: number | undefined;

/**
 * Samples this browser's resident memory every 250 ms: the peak of the sum above `idle`, and each process'
 * own peak above its idle (where the memory goes), printed when stopped.
 */
function sampleMemory(label: string) {
  const idle = browserProcesses();
  const firstIdleMb = (firstIdle ??= idle.reduce((sum, p) => sum + (p.detail ? 0 : p.rssMb), 0));
  const idleOf = new Map(idle.map((p) => [p.kind, p.rssMb]));
  const idleMb = idle.reduce((sum, p) => sum + (p.detail ? 0 : p.rssMb), 0);
  let peakMb = idleMb;
  const peakOf = new Map<string, number>();
  const tick = () => {
    const now = browserProcesses();
    peakMb = Math.max(peakMb, now.reduce((sum, p) => sum + (p.detail ? 0 : p.rssMb), 0));
    for (const p of now) peakOf.set(p.kind, Math.max(peakOf.get(p.kind) ?? 0, p.rssMb - (idleOf.get(p.kind) ?? 0)));
  };
  const timer = setInterval(tick, 250);
  return {
    idleMb,
    stop: () => {
      clearInterval(timer);
      const cpuNow = new Map(browserProcesses().map((p) => [p.kind, p.cpuS ?? 0]));
      const cpu = idle.filter((p) => !p.detail).map((p) => [p.kind, (cpuNow.get(p.kind) ?? 0) - (p.cpuS ?? 0)] as const).filter(([, s]) => s >= 0.2);
      const grown = [...peakOf].filter(([, mb]) => mb >= 8).map(([kind, mb]) => `${kind} +${mb.toFixed(0)}`);
      console.log(`${label}: idle ${idleMb.toFixed(0)} MB, peak +${(peakMb - idleMb).toFixed(0)} MB (+${(peakMb - firstIdleMb).toFixed(0)} above the first phase's idle); per process (peak above its idle): ${grown.join(", ")}; CPU seconds: ${cpu.map(([kind, s]) => `${kind} ${s.toFixed(1)}`).join(", ")}; idle: ${idle.filter((p) => p.rssMb >= 50).map((p) => `${p.kind} ${p.rssMb.toFixed(0)}`).join(", ")}`);
      return peakMb - idleMb;
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` every 250 ms until it returns a value. */
async function waitUntil<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await sleep(250);
  }
}

/** An expression for the visible button whose text matches `pattern`. */
const buttonNamed = (pattern: string) => `[...document.querySelectorAll("button")].find((b) => new RegExp(${JSON.stringify(pattern)}).test(b.textContent.trim()))`;
const headingNamed = (pattern: string) => `[...document.querySelectorAll("h1,h2,h3,[role=heading]")].find((h) => new RegExp(${JSON.stringify(pattern)}).test(h.textContent.trim()))`;

/** The save picker answered with a file of the private file system's folder "bench" (as e2e/support/private-files.ts). */
const answerPickers = `(async () => {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("bench", { create: true });
  window.showSaveFilePicker = async (options) => dir.getFileHandle(options.suggestedName, { create: true });
  return true;
})()`;

const SLICE = 8 * 1024 * 1024;
/**
 * SHA-256 of each 8 MB slice of the File System Access path's zip, in the page, with the entries' DOS times
 * (`times`: offsets of 4-byte fields) zeroed: each download stamps its entries with the time it is made.
 */
const sliceDigestsInPage = (times: number[]) => `(async (times) => {
  const file = await (await (await (await navigator.storage.getDirectory()).getDirectoryHandle("bench")).getFileHandle("Zip Bench_images.zip")).getFile();
  const out = [];
  for (let at = 0; at < file.size; at += ${SLICE}) {
    const slice = new Uint8Array(await file.slice(at, at + ${SLICE}).arrayBuffer());
    for (const t of times) for (let k = t; k < t + 4; k++) if (k >= at && k < at + slice.length) slice[k - at] = 0;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", slice));
    out.push([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));
  }
  return out;
})(${JSON.stringify(times)})`;

/** Offsets of every DOS time+date field of a zip (local and central headers), read from its directory. */
function timeFields(zip: Buffer): number[] {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error("no end of central directory");
  let at = zip.readUInt32LE(end + 16);
  if (at === 0xffffffff) at = Number(zip.readBigUInt64LE(end - 20 - 56 + 48));
  const out: number[] = [];
  while (zip.readUInt32LE(at) === 0x02014b50) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    let local = zip.readUInt32LE(at + 42);
    if (local === 0xffffffff) local = Number(zip.readBigUInt64LE(at + 46 + nameLength + extraLength - 8));
    out.push(at + 12, local + 10);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

function sliceDigests(bytes: Buffer, times: number[]): string[] {
  bytes = Buffer.from(bytes);
  for (const t of times) bytes.fill(0, t, t + 4);
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += SLICE) out.push(createHash("sha256").update(bytes.subarray(at, at + SLICE)).digest("hex"));
  return out;
}

it("streams a 1 GB zip at no less than 0.9x plain fetch throughput and within 256 MB", async () => {
  const probe = photoSet(1);
  if (!probe) {
    console.log(MISSING_PHOTOS);
    return;
  }
  const sample = photoSet(6)!;
  const averageBytes = sample.files.reduce((sum, f) => sum + statSync(f).size, 0) / sample.files.length;
  const set = photoSet(Math.ceil(TARGET_BYTES / averageBytes))!;
  const app = await startBenchApp();
  try {
    const token = await ownerToken(app);
    const client = (await (await fetch(`${app.server.url}/api/collections/clients/records`, { method: "POST", headers: { Authorization: token, "Content-Type": "application/json" }, body: JSON.stringify({ name: "Zip Bench" }) })).json()) as { id: string; accessUrl: string; accessCode: string };
    let totalBytes = 0;
    const ids: string[] = [];
    for (const [i, file] of set.files.entries()) {
      const bytes = readFileSync(file);
      totalBytes += bytes.length;
      const form = new FormData();
      form.set("client", client.id);
      form.set("filename", `photo-${i}.jpg`);
      form.set("originalName", `photo-${i}.jpg`);
      form.set("fileSize", String(bytes.length));
      // As the owner's device records it at import.
      if (WITH_CRC) form.set("crc32", crc32(bytes).toString(16).padStart(8, "0"));
      form.set("uploadedAt", new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)).toISOString());
      form.set("original", new File([new Uint8Array(bytes)], `photo-${i}.jpg`, { type: "image/jpeg" }));
      const res = await fetch(`${app.server.url}/api/collections/images/records`, { method: "POST", headers: { Authorization: token }, body: form });
      if (!res.ok) throw new Error(`seeding failed: ${res.status}`);
      ids.push(((await res.json()) as { id: string }).id);
    }

    // A profile on disk, as a visitor's browser has: the private file system the save picker is answered
    // with then writes to disk (an in-memory profile would hold the whole 1 GB file in memory). Started by
    // hand and driven with raw CDP, without the DevTools network domain (bench/support/cdp.ts).
    const profile = mkdtempSync(path.join(os.tmpdir(), "sg-bench-profile-"));
    const downloads = mkdtempSync(path.join(os.tmpdir(), "sg-bench-downloads-"));
    profileDir = profile;
    const browser = await launchCdpChromium(profile, process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : []);
    try {
      const finished = new Map<string, string>();
      browser.on("Browser.downloadProgress", (p) => {
        if (p.state === "completed" || p.state === "canceled") finished.set(p.guid as string, p.state as string);
      });
      await browser.send("Browser.setDownloadBehavior", { behavior: "allowAndName", downloadPath: downloads, eventsEnabled: true });
      const v = await openCdpPage(browser);
      const galleryUrl = `${app.server.url}/gallery/${client.accessUrl}`;
      await v.navigate(galleryUrl);
      await v.waitFor(`document.querySelector("form input")`);
      await v.evaluate(`document.querySelector("form input").focus()`);
      await v.type(client.accessCode);
      await v.evaluate(`${buttonNamed("^Access Gallery$")}.click()`);
      await v.waitFor(`document.querySelector(".photo-card")`);
      await v.evaluate(`navigator.serviceWorker.ready.then(() => true)`);
      await v.navigate(galleryUrl);
      await v.waitFor(`document.querySelector(".photo-card") && navigator.serviceWorker.controller`);
      // No save picker: the first download takes the service-worker stream.
      await v.evaluate(`delete window.showSaveFilePicker`);

      // Reference: the same files fetched one after another and read, without zipping, before and after
      // the zips (the machine is shared: its speed moves), with its own memory peak.
      const plainFetch = async (label: string) => {
        await sleep(2000);
        const memory = sampleMemory(label);
        const ms = await v.evaluate<number>(`(async (ids) => {
          const t0 = performance.now();
          for (const id of ids) await (await fetch("/api/gallery/image/" + id)).arrayBuffer();
          return performance.now() - t0;
        })(${JSON.stringify(ids)})`);
        return { ms, peak: memory.stop() };
      };
      // "sw-sink": the service worker's download path alone: as many bytes, made in the page (1 MB chunks,
      // no fetch, no zip), streamed to the service worker and downloaded as the zip is.
      const swSinkProbe = async () => {
        const known = new Set(finished.keys());
        const t0 = Date.now();
        await v.evaluate(`(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const id = "probe-" + Date.now();
          const stream = new MessageChannel();
          const events = new MessageChannel();
          const ready = new Promise((resolve) => (events.port1.onmessage = (e) => e.data === "ready" && resolve()));
          registration.active.postMessage({ type: "stream-download", id, name: "probe.bin" }, [stream.port1, events.port2]);
          let left = ${totalBytes};
          const bytes = new ReadableStream({ pull(c) { if (left <= 0) return c.close(); const n = Math.min(left, 1 << 20); c.enqueue(new Uint8Array(n)); left -= n; } });
          stream.port2.postMessage({ stream: bytes }, [bytes]);
          await ready;
          const frame = document.createElement("iframe");
          frame.hidden = true;
          frame.src = new URL(registration.scope).pathname + "__download/" + id + "/probe.bin";
          document.body.append(frame);
          return true;
        })()`);
        const guid = await waitUntil(() => [...finished.keys()].find((k) => !known.has(k)), 3_600_000);
        const ms = Date.now() - t0;
        rmSync(path.join(downloads, guid), { force: true });
        return ms;
      };
      const before = await plainFetch("plain fetch, before");
      // BENCH_ZIP_PROBE=1: how a dedicated worker reads the same files (where the zip's time goes).
      const probes: Record<string, number> = {};
      if (process.env.BENCH_ZIP_PROBE) {
        for (const mode of (process.env.BENCH_ZIP_PROBE === "1" ? "reader,reader-lookahead,arrayBuffer-lookahead" : process.env.BENCH_ZIP_PROBE).split(",")) {
          await sleep(2000);
          const memory = sampleMemory(`probe ${mode}`);
          probes[`probe_${mode}_mb_per_s`] = totalBytes / 1024 / 1024 / ((mode === "sw-sink" ? await swSinkProbe() : await v.evaluate<number>(workerProbe(mode, ids))) / 1000);
          probes[`probe_${mode}_peak_mb`] = memory.stop();
        }
      }

      await sleep(2000);
      // BENCH_ZIP_PROFILE=1: the page's main thread profiled during the service-worker zip (top self times);
      // =workers: the download worker and the service worker, for their first 3 s (the download worker is
      // gone at the end).
      const profiled: Array<Promise<void>> = [];
      if (process.env.BENCH_ZIP_PROFILE === "workers") {
        const profileFor = async (label: string, sessionId: string) => {
          await browser.send("Profiler.enable", {}, sessionId);
          await browser.send("Profiler.start", {}, sessionId);
          await sleep(3000);
          printProfile(await browser.send("Profiler.stop", {}, sessionId), label);
        };
        browser.on("Target.attachedToTarget", (p) => {
          const info = p.targetInfo as { type: string; url: string };
          if (info.type === "worker") profiled.push(profileFor(`download worker (${info.url.split("/").pop()})`, p.sessionId as string));
        });
        await browser.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, v.sessionId);
        const { targetInfos } = await browser.send<{ targetInfos: Array<{ targetId: string; type: string }> }>("Target.getTargets");
        const sw = targetInfos.find((t) => t.type === "service_worker");
        if (sw) {
          const { sessionId } = await browser.send<{ sessionId: string }>("Target.attachToTarget", { targetId: sw.targetId, flatten: true });
          profiled.push(profileFor("service worker", sessionId));
        }
      } else if (process.env.BENCH_ZIP_PROFILE) {
        await browser.send("Profiler.enable", {}, v.sessionId);
        await browser.send("Profiler.start", {}, v.sessionId);
      }
      const probed = new Set(finished.keys());
      const memory = sampleMemory("service worker");
      const t0 = Date.now();
      await v.evaluate(`${buttonNamed("^Download All")}.click()`);
      const guid = await waitUntil(() => [...finished.keys()].find((k) => !probed.has(k)), 3_600_000);
      const zipMs = Date.now() - t0;
      const peakAboveIdle = memory.stop();
      if (process.env.BENCH_ZIP_PROFILE === "workers") await Promise.all(profiled);
      else if (process.env.BENCH_ZIP_PROFILE) printProfile(await browser.send("Profiler.stop", {}, v.sessionId), "page main thread");
      if (finished.get(guid) !== "completed") throw new Error("the service-worker download was cancelled");
      const zipPath = path.join(downloads, guid);
      const zipBytes = statSync(zipPath).size;
      const zip = readFileSync(zipPath);
      const entries = await readZipDirectory(new Blob([zip]));
      const times = timeFields(zip);
      if (times.length !== 2 * entries.length) throw new Error("the zip's directory was not read");
      // Every entry's CRC checked against its bytes (throws on any error).
      execFileSync("unzip", ["-tq", zipPath], { maxBuffer: 1 << 20 });
      await v.waitFor(`${headingNamed("^Download Complete$")}`);
      await v.evaluate(`${buttonNamed("^Done$")}.click()`);

      // The same zip through the File System Access path (Chromium's save picker, answered with a file of
      // the origin's private file system): no service worker and no download manager in the way.
      await v.evaluate(answerPickers);
      await sleep(2000);
      const fsMemory = sampleMemory("file system access");
      const fs0 = Date.now();
      await v.evaluate(`${buttonNamed("^Download All")}.click()`);
      await v.waitFor(`${headingNamed("^Download Complete")}`, 3_600_000);
      const fsMs = Date.now() - fs0;
      const fsPeakAboveIdle = fsMemory.stop();
      if (!(await v.evaluate<boolean>(`!!${headingNamed("^Download Complete$")}`))) throw new Error("the File System Access download completed with issues");
      // Byte-identical to the service worker's zip but for the entries' times: SHA-256 of each 8 MB slice.
      const fsDigests = await v.evaluate<string[]>(sliceDigestsInPage(times));
      const swDigests = sliceDigests(zip, times);
      if (fsDigests.join() !== swDigests.join()) throw new Error(`the two zips differ (${fsDigests.length} and ${swDigests.length} slices)`);
      await v.evaluate(`${buttonNamed("^Done$")}.click()`);
      await v.evaluate(`navigator.storage.getDirectory().then((root) => root.removeEntry("bench", { recursive: true })).then(() => true)`);

      const after = await plainFetch("plain fetch, after");
      const fetchMs = (before.ms + after.ms) / 2;
      report("zip-download", {
        driver: "raw CDP, no network domain",
        known_crcs: WITH_CRC ? 1 : 0,
        files: ids.length,
        total_mb: totalBytes / 1024 / 1024,
        zip_mb: zipBytes / 1024 / 1024,
        zip_entries: entries.length,
        fetch_mb_per_s_before: totalBytes / 1024 / 1024 / (before.ms / 1000),
        fetch_mb_per_s_after: totalBytes / 1024 / 1024 / (after.ms / 1000),
        zip_mb_per_s: totalBytes / 1024 / 1024 / (zipMs / 1000),
        ratio_vs_fetch: fetchMs / zipMs,
        ...probes,
        fetch_peak_above_idle_mb_before: before.peak,
        fetch_peak_above_idle_mb_after: after.peak,
        browser_idle_mb: memory.idleMb,
        browser_peak_above_idle_mb: peakAboveIdle,
        file_system_access_zip_slices_identical: fsDigests.length,
        file_system_access_mb_per_s: totalBytes / 1024 / 1024 / (fsMs / 1000),
        file_system_access_ratio_vs_fetch: fetchMs / fsMs,
        file_system_access_peak_above_idle_mb: fsPeakAboveIdle,
      });
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
      rmSync(downloads, { recursive: true, force: true });
    }
  } finally {
    await app.close();
  }
}, 3_600_000);

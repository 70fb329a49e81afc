/**
 * A visitor downloads about 1 GB of real JPEGs as one zip (Download All), in headless Chromium (started
 * with a profile on disk and driven with raw CDP, no DevTools network domain: bench/support/cdp.ts)
 * through the service-worker stream: throughput against plain fetches of the same files in the same page and run
 * (goal at least 0.9x), and the peak memory of the browser's processes above their idle level
 * (goal at most 256 MB), each process' own growth printed, and the plain fetches' own peak alongside (before and after the zips). Then the same zip through the File System Access path (the save picker answered
 * with a file of the origin's private file system), which Chromium users on a desktop get. Measuring the
 * browser: support/browser-usage.ts; the page side: support/zip-page.ts.
 */
import { execFileSync, spawn } from "node:child_process";
import { crc32 } from "node:zlib";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { it } from "vitest";
import { readZipDirectory } from "../workers/zip/readZip";
import { report } from "./report";
import { ownerToken, startBenchApp } from "./support/app";
import { MISSING_PHOTOS, photoSet } from "./support/photos";
import { countBrowserOf, printProfile, sampleMemory } from "./support/browser-usage";
import { launchCdpChromium, openCdpPage } from "./support/cdp";
import { answerPickers, buttonNamed, fsaSinkProbe, headingNamed, openGalleryForZip, sleep, sliceDigests, sliceDigestsInPage, timeFields, waitUntil, workerProbe } from "./support/zip-page";

/** MB a process has passed to write() since now (its /proc io `wchar`): the file writes of a download. */
function writtenBy(pid: number): () => number {
  const wchar = () => Number(readFileSync(`/proc/${pid}/io`, "utf8").match(/^wchar:\s+(\d+)/m)?.[1] ?? 0);
  const before = wchar();
  return () => Math.round((wchar() - before) / 1024 / 1024);
}

const TARGET_BYTES = Number(process.env.BENCH_ZIP_MB ?? 1024) * 1024 * 1024;
/** BENCH_ZIP_CRC=0 seeds the images without their CRC-32 (as images from before it existed): the zip computes it. */
const WITH_CRC = process.env.BENCH_ZIP_CRC !== "0";

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
    countBrowserOf(profile, app.server.url);
    const browser = await launchCdpChromium(profile, process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : []);
    try {
      const v = await openCdpPage(browser);
      // Every phase starts with an empty HTTP cache: the images are cacheable (revalidated), so a pass
      // whose URLs an earlier pass left in the cache reads them from there instead of writing them to it.
      const emptyHttpCache = () => browser.send("Network.clearBrowserCache", {}, v.sessionId);
      // No save picker: the first download takes the service-worker stream.
      const finished = await openGalleryForZip(browser, v, `${app.server.url}/gallery/${client.accessUrl}`, client.accessCode, downloads);

      // Reference: the same files fetched one after another and read, without zipping, before and after
      // the zips (the machine is shared: its speed moves), with its own memory peak.
      const plainFetch = async (label: string) => {
        await emptyHttpCache();
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
      // BENCH_ZIP_PROBE=1: how a dedicated worker reads the same files (where the zip's time goes);
      // "fsa-sink": the File System Access writer alone, each way of writing (support/zip-page.ts).
      const probes: Record<string, number> = {};
      const probeMs: Record<string, number> = {};
      if (process.env.BENCH_ZIP_PROBE) {
        const modes = process.env.BENCH_ZIP_PROBE === "1" ? "reader,reader-lookahead,arrayBuffer-lookahead" : process.env.BENCH_ZIP_PROBE;
        for (const mode of modes.replace("fsa-sink", "fsa-blob,fsa-pipe,fsa-array").split(",")) {
          await emptyHttpCache();
          await sleep(2000);
          const memory = sampleMemory(`probe ${mode}`);
          const written = writtenBy(browser.process.pid!);
          const run = mode === "sw-sink" ? swSinkProbe() : v.evaluate<number>((mode.startsWith("fsa-") ? fsaSinkProbe : workerProbe)(mode, ids));
          probeMs[mode] = await run;
          probes[`probe_${mode}_mb_per_s`] = totalBytes / 1024 / 1024 / (probeMs[mode] / 1000);
          probes[`probe_${mode}_peak_mb`] = memory.stop();
          probes[`probe_${mode}_browser_process_written_mb`] = written();
        }
      }

      await emptyHttpCache();
      await sleep(2000);
      // BENCH_ZIP_PROFILE=1: the page's main thread profiled during the service-worker zip (top self times);
      // =workers: the download worker and the service worker, for their first 3 s (the download worker is
      // gone at the end).
      const profiled: Array<Promise<void>> = [];
      // =sw: the service worker for the whole zip, with the page's main thread.
      let stopSwProfile: (() => Promise<void>) | undefined;
      if (process.env.BENCH_ZIP_PROFILE === "sw") {
        const { targetInfos } = await browser.send<{ targetInfos: Array<{ targetId: string; type: string }> }>("Target.getTargets");
        const sw = targetInfos.find((t) => t.type === "service_worker");
        const sessions: Array<[string, string]> = [["page main thread", v.sessionId]];
        if (sw) sessions.push(["service worker", (await browser.send<{ sessionId: string }>("Target.attachToTarget", { targetId: sw.targetId, flatten: true })).sessionId]);
        for (const [, id] of sessions) {
          await browser.send("Profiler.enable", {}, id);
          await browser.send("Profiler.setSamplingInterval", { interval: 200 }, id);
          await browser.send("Profiler.start", {}, id);
        }
        stopSwProfile = async () => {
          for (const [label, id] of sessions) printProfile(await browser.send("Profiler.stop", {}, id), label);
        };
      } else if (process.env.BENCH_ZIP_PROFILE === "workers") {
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
      // BENCH_ZIP_PERF=file: `perf record -g` on the browser process (where the download is written) during this zip.
      const perf = process.env.BENCH_ZIP_PERF ? spawn("perf", ["record", "-g", "-F", "999", "-o", process.env.BENCH_ZIP_PERF, "-p", String(browser.process.pid)], { stdio: "ignore" }) : undefined;
      const swWritten = writtenBy(browser.process.pid!);
      const memory = sampleMemory("service worker");
      const t0 = Date.now();
      await v.evaluate(`${buttonNamed("^Download All")}.click()`);
      const guid = await waitUntil(() => [...finished.keys()].find((k) => !probed.has(k)), 3_600_000);
      const zipMs = Date.now() - t0;
      const peakAboveIdle = memory.stop();
      const swWrittenMb = swWritten();
      if (perf) await new Promise((resolve) => perf.once("exit", resolve).kill("SIGINT"));
      if (stopSwProfile) await stopSwProfile();
      else if (process.env.BENCH_ZIP_PROFILE === "workers") await Promise.all(profiled);
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
      // BENCH_ZIP_FSA_ROUNDS=n: this zip n times (each from an empty HTTP cache, as every phase).
      const fsRounds: Array<{ ms: number; writtenMb: number; peak: number; slices: number }> = [];
      for (let round = 0; round < Number(process.env.BENCH_ZIP_FSA_ROUNDS ?? 1); round++) {
        await v.evaluate(answerPickers);
        await emptyHttpCache();
        await sleep(2000);
        const fsMemory = sampleMemory(`file system access, round ${round + 1}`);
        // BENCH_ZIP_PERF_FSA=file: the same record of the browser process (which writes the chosen file) during this zip.
        const fsWritten = writtenBy(browser.process.pid!);
        const fsPerf = process.env.BENCH_ZIP_PERF_FSA ? spawn("perf", ["record", "-g", "-F", "999", "-o", process.env.BENCH_ZIP_PERF_FSA, "-p", String(browser.process.pid)], { stdio: "ignore" }) : undefined;
        const fs0 = Date.now();
        await v.evaluate(`${buttonNamed("^Download All")}.click()`);
        await v.waitFor(`${headingNamed("^Download Complete")}`, 3_600_000);
        const fsMs = Date.now() - fs0;
        if (fsPerf) await new Promise((resolve) => fsPerf.once("exit", resolve).kill("SIGINT"));
        const fsWrittenMb = fsWritten();
        const fsPeakAboveIdle = fsMemory.stop();
        if (!(await v.evaluate<boolean>(`!!${headingNamed("^Download Complete$")}`))) throw new Error("the File System Access download completed with issues");
        // Byte-identical to the service worker's zip but for the entries' times: SHA-256 of each 8 MB slice.
        const fsDigests = await v.evaluate<string[]>(sliceDigestsInPage(times));
        const swDigests = sliceDigests(zip, times);
        if (fsDigests.join() !== swDigests.join()) throw new Error(`the two zips differ (${fsDigests.length} and ${swDigests.length} slices)`);
        await v.evaluate(`${buttonNamed("^Done$")}.click()`);
        await v.evaluate(`navigator.storage.getDirectory().then((root) => root.removeEntry("bench", { recursive: true })).then(() => true)`);
        fsRounds.push({ ms: fsMs, writtenMb: fsWrittenMb, peak: fsPeakAboveIdle, slices: fsDigests.length });
      }

      const after = await plainFetch("plain fetch, after");
      const fetchMs = (before.ms + after.ms) / 2;
      for (const [mode, ms] of Object.entries(probeMs)) probes[`probe_${mode}_ratio_vs_fetch`] = fetchMs / ms;
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
        browser_process_written_mb_service_worker: swWrittenMb,
        browser_process_written_mb_file_system_access: fsRounds[0]!.writtenMb,
        ...probes,
        fetch_peak_above_idle_mb_before: before.peak,
        fetch_peak_above_idle_mb_after: after.peak,
        browser_idle_mb: memory.idleMb,
        browser_peak_above_idle_mb: peakAboveIdle,
        file_system_access_zip_slices_identical: fsRounds[0]!.slices,
        ...Object.fromEntries(fsRounds.flatMap((r, i) => [
          [`file_system_access_mb_per_s${i ? `_${i + 1}` : ""}`, totalBytes / 1024 / 1024 / (r.ms / 1000)],
          [`file_system_access_ratio_vs_fetch${i ? `_${i + 1}` : ""}`, fetchMs / r.ms],
          [`file_system_access_peak_above_idle_mb${i ? `_${i + 1}` : ""}`, r.peak],
        ])),
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

/**
 * A sampling CPU profile of a page's main thread over a stretch of a benchmark (the DevTools protocol's
 * Profiler, 200 us samples), summed by function: where the renderer's time goes while the product works.
 * `(idle)` is time the main thread waited; `(program)` the engine's own work outside script;
 * `(garbage collector)` collection.
 */
import type { Page } from "playwright-core";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  wallMs: number;
  idleMs: number;
  /** Functions by self time, longest first: "name (file:line) ms". */
  top: string[];
  /** The same time summed by the nearest function of a script on the stack (the caller of a native call). */
  byScriptFunction: string[];
  /** By the app's outermost script stack of three frames: which of the app's paths spend it. */
  byPath: string[];
}

/** Starts profiling the page; the returned function stops it and sums the samples. */
export async function profilePage(page: Page): Promise<() => Promise<ProfileSummary>> {
  const session = await page.context().newCDPSession(page);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 200 });
  await session.send("Profiler.start");
  return async () => {
    const { profile } = (await session.send("Profiler.stop")) as unknown as { profile: Profile };
    await session.detach();
    return summarizeProfile(profile);
  };
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const file = url ? url.split("/").pop()!.split("?")[0] : "";
  return file ? `${functionName || "(anonymous)"} (${file}:${lineNumber + 1}:${columnNumber + 1})` : functionName || "(anonymous)";
}

function add(map: Map<string, number>, key: string, us: number) {
  map.set(key, (map.get(key) ?? 0) + us);
}

const lines = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `${key} ${(us / 1000).toFixed(1)} ms`);

/** Sums a DevTools CPU profile's samples by function (`count` of each list). */
export function summarizeProfile(profile: Profile, count = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const selfUs = new Map<string, number>();
  const scriptUs = new Map<string, number>();
  const pathUs = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i]!);
    if (!node) continue;
    // A sample's time is the gap to the next one.
    const us = deltas[i + 1] ?? 0;
    const self = frameName(node);
    add(selfUs, self, us);
    const stack: ProfileNode[] = [];
    for (let at: ProfileNode | undefined = node; at; at = byId.get(parent.get(at.id) ?? -1)) if (at.callFrame.url) stack.push(at);
    add(scriptUs, stack[0] ? frameName(stack[0]) : self, us);
    add(pathUs, stack.length ? stack.slice(-3).reverse().map(frameName).join(" > ") : self, us);
  }
  return {
    wallMs: (profile.endTime - profile.startTime) / 1000,
    idleMs: (selfUs.get("(idle)") ?? 0) / 1000,
    top: lines(selfUs, count),
    byScriptFunction: lines(scriptUs, count),
    byPath: lines(pathUs, count),
  };
}

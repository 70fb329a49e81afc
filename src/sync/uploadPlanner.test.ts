/**
 * The upload planner's decisions, stepped by hand: the test sets the link's speed, the clock and what is in
 * flight, and plays the runner's part (a batch's body sent, records confirmed, a whole photo refused).
 * No timer, no network, no IndexedDB.
 */
import { describe, expect, it } from "vitest";
import { PARTS_THRESHOLD } from "./uploadParts";
import { bodySent, decide, emptyPlan, enqueue, recordsAgain, recordsConfirmed, sizesDone, webVideoDone, wholeRefused, type PlanInput, type PlanItem, type PlanState, type Step } from "./uploadPlanner";

const KB = 1024;
const MB = 1024 * KB;
const photo = (ref: string, originalBytes = 3 * MB): PlanItem<string> => ({ ref, kind: "photo", firstBytes: 60 * KB, laterBytes: 400 * KB, webVideoBytes: 0, originalBytes });
const clip = (ref: string, webVideoBytes = 20 * MB, originalBytes = 40 * MB): PlanItem<string> => ({ ref, kind: "clip", firstBytes: 60 * KB, laterBytes: 400 * KB, webVideoBytes, originalBytes });

const slow: PlanInput = { speed: "slow", isFull: false, now: 0 };
const fast: PlanInput = { speed: "fast", isFull: false, now: 0 };
const unknown: PlanInput = { speed: "unknown", isFull: false, now: 0 };

/** One decision: the new state and the step in short ("records a,b", "whole a", "original a", "webVideo a parts", "-"). */
function next(state: PlanState<string>, input: PlanInput): [PlanState<string>, string, Step<string> | null] {
  const { state: after, step } = decide(state, input);
  if (!step) return [after, "-", null];
  const refs = (items: Array<PlanItem<string>>) => items.map((i) => i.ref).join(",");
  const said = step.kind === "file" ? `${step.field} ${step.item.ref}${step.inParts ? " parts" : ""}` : step.kind === "whole" ? `whole ${step.item.ref}` : `${step.kind} ${refs(step.items)}`;
  return [after, said, step];
}

/** Plays a sync where every step succeeds at once (a body sent, then its answer), and lists the steps in order. */
function playThrough(state: PlanState<string>, input: PlanInput): string[] {
  const said: string[] = [];
  for (;;) {
    const [after, s, step] = next(state, input);
    if (!step) return said;
    said.push(s);
    state = after;
    if (step.kind === "records") state = recordsConfirmed(bodySent(state), step.items);
    if (step.kind === "sizes") state = sizesDone(state, step.items);
    if (step.kind === "file" && step.field === "webVideo") state = webVideoDone(state, step.item);
  }
}

const many = (n: number, make = photo) => Array.from({ length: n }, (_, i) => make(`p${i}`));

describe("upload planner", () => {
  it("on a slow link sends records (a screenful first), then sizes, then originals", () => {
    const state = enqueue(emptyPlan<string>(), many(12), "record");
    const steps = playThrough(state, slow);
    expect(steps[0]).toBe("records p0,p1,p2,p3,p4,p5,p6,p7");
    expect(steps[1]).toBe("records p8,p9,p10,p11");
    // Medium and large of 400 KB each: five fit in a batch's 2 MB.
    expect(steps.slice(2, 5)).toEqual(["sizes p0,p1,p2,p3,p4", "sizes p5,p6,p7,p8,p9", "sizes p10,p11"]);
    expect(steps.slice(5)).toEqual(many(12).map((p) => `original ${p.ref}`));
  });

  it("keeps batches within their byte limit, at least one item each", () => {
    const big = (ref: string): PlanItem<string> => ({ ...photo(ref), firstBytes: 1.5 * MB });
    const steps = playThrough(enqueue(emptyPlan<string>(), [big("a"), big("b"), big("c")], "record"), slow);
    expect(steps.slice(0, 3)).toEqual(["records a", "records b", "records c"]);
  });

  it("lets nothing but records share the link with a batch of records still sending its body", () => {
    let state = enqueue(emptyPlan<string>(), many(10), "record");
    state = enqueue(state, [photo("old")], "original"); // its record is on the server: sizes wait too
    let step: string;
    [state, step] = next(state, slow);
    expect(step).toBe("records p0,p1,p2,p3,p4,p5,p6,p7");
    [state, step] = next(state, slow);
    expect(step).toBe("records p8,p9"); // records beside records
    [state, step] = next(state, slow);
    expect(step).toBe("-"); // both batches still send their bodies
    state = bodySent(state);
    [state, step] = next(state, slow);
    expect(step).toBe("-"); // one still sends
    state = bodySent(state);
    [state, step] = next(state, slow);
    expect(step).toBe("sizes old"); // the server saves the batches meanwhile
  });

  it("on a fast link sends each photo whole, and those whose record is there their sizes with the original", () => {
    let state = enqueue(emptyPlan<string>(), [photo("a"), photo("b")], "record");
    state = enqueue(state, [photo("c")], "original");
    expect(playThrough(state, fast)).toEqual(["whole a", "whole b", "original c"]);
  });

  it("on a link not measured yet sends one batch alone; found fast, the rest go whole", () => {
    let state = enqueue(emptyPlan<string>(), many(12), "record");
    let step: string;
    let first: Step<string> | null;
    [state, step, first] = next(state, unknown);
    expect(step).toBe("records p0,p1,p2,p3,p4,p5,p6,p7");
    [state, step] = next(state, unknown);
    expect(step).toBe("-"); // the batch measures the link
    state = bodySent(state); // its sample: fast
    [state, step] = next(state, fast);
    expect(step).toBe("whole p8");
    [state, step] = next(state, fast);
    expect(step).toBe("whole p9");
    state = recordsConfirmed(state, (first as Extract<Step<string>, { kind: "records" }>).items);
    expect(playThrough(state, fast)).toEqual(["whole p10", "whole p11", ...many(8).map((p) => `original ${p.ref}`)]);
  });

  it("on a link not measured yet found slow, sends the next batch of records", () => {
    let state = enqueue(emptyPlan<string>(), many(12), "record");
    let step: string;
    [state] = next(state, unknown);
    state = bodySent(state);
    [state, step] = next(state, slow);
    expect(step).toBe("records p8,p9,p10,p11");
  });

  it("follows the link request by request: fast turned slow sends previews first again", () => {
    let state = enqueue(emptyPlan<string>(), many(4), "record");
    let step: string;
    [state, step] = next(state, fast);
    expect(step).toBe("whole p0");
    [state, step] = next(state, slow); // the hotel's Wi-Fi
    expect(step).toBe("records p1,p2,p3");
  });

  it("sends a photo refused whole step by step", () => {
    let state = enqueue(emptyPlan<string>(), [photo("a"), photo("b")], "record");
    let step: string;
    let whole: Step<string> | null;
    [state, step, whole] = next(state, fast);
    expect(step).toBe("whole a");
    state = wholeRefused(state, (whole as Extract<Step<string>, { kind: "whole" }>).item);
    [state, step] = next(state, fast);
    expect(step).toBe("records a"); // not b: it still goes whole
    [, step] = next(state, fast);
    expect(step).toBe("whole b");
  });

  it("sends a refused batch's other records again, first", () => {
    let state = enqueue(emptyPlan<string>(), many(3), "record");
    let records: Step<string> | null;
    [state, , records] = next(state, slow);
    const items = (records as Extract<Step<string>, { kind: "records" }>).items;
    state = recordsAgain(bodySent(state), items.slice(1));
    expect(next(state, slow)[1]).toBe("records p1,p2");
  });

  it("starts nothing at or after its time limit", () => {
    const state = enqueue(emptyPlan<string>(), many(2), "record");
    expect(next(state, { ...fast, now: 999, until: 1000 })[1]).toBe("whole p0");
    expect(next(state, { ...fast, now: 1000, until: 1000 })[1]).toBe("-");
  });

  it("on a full device sends the sizes with their original", () => {
    const state = enqueue(emptyPlan<string>(), many(2), "record");
    expect(playThrough(state, { ...slow, isFull: true })).toEqual(["records p0,p1", "original p0", "original p1"]);
  });

  it("sends clips' posters with the records first, then sizes, then web versions, then originals", () => {
    const state = enqueue(emptyPlan<string>(), [clip("c1"), photo("a"), clip("c2"), photo("b")], "record");
    expect(playThrough(state, slow)).toEqual(["records c1,a,c2,b", "sizes c1,a,c2,b", "webVideo c1", "webVideo c2", "original a", "original b", "original c1", "original c2"]);
  });

  it("on a fast link sends clips' posters in a batch, photos whole, and the web versions before any original", () => {
    const state = enqueue(emptyPlan<string>(), [clip("c1"), clip("c2"), photo("a"), clip("c3"), photo("b")], "record");
    const steps = playThrough(state, fast);
    expect(steps.slice(0, 4)).toEqual(["records c1,c2", "whole a", "records c3", "whole b"]);
    expect(steps.slice(4)).toEqual(["webVideo c1", "webVideo c2", "webVideo c3", "original c1", "original c2", "original c3"]);
  });

  it("sends a clip without a web version to send (already sent, or none) straight to its original", () => {
    const state = enqueue(emptyPlan<string>(), [clip("made", 0), clip("asShot", 0)], "original");
    expect(playThrough(state, slow)).toEqual(["sizes made,asShot", "original made", "original asShot"]);
  });

  it("sends files larger than PARTS_THRESHOLD in parts, and a photo with such an original never whole", () => {
    const bigPhoto = photo("big", PARTS_THRESHOLD + 1);
    const state = enqueue(emptyPlan<string>(), [bigPhoto, clip("c", PARTS_THRESHOLD + 1, 4 * 1024 * MB), clip("s", PARTS_THRESHOLD, PARTS_THRESHOLD)], "record");
    const steps = playThrough(state, fast);
    expect(steps[0]).toBe("records big,c,s");
    // On a fast link the sizes go with a file sent in one request ("s"), never with one in parts.
    expect(steps.slice(1)).toEqual(["sizes big,c", "webVideo s", "webVideo c parts", "original big parts", "original s", "original c parts"]);
  });
});

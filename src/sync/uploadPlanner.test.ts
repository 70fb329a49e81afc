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

const refs = (items: Array<PlanItem<string>>) => items.map((i) => i.ref).join(",");

/** A step in short: "records a,b", "whole a", "original a", "webVideo a parts"; "-" for none. */
function said(step: Step<string> | null): string {
  if (!step) return "-";
  return step.kind === "file" ? `${step.field} ${step.item.ref}${step.inParts ? " parts" : ""}` : step.kind === "whole" ? `whole ${step.item.ref}` : `${step.kind} ${refs(step.items)}`;
}

/** The planner's state held as the runner holds it: `next` decides, `after` applies what a step's end tells. */
function stepper(initial: PlanState<string>) {
  let state = initial;
  let last: Step<string> | null = null;
  return {
    next(input: PlanInput): string {
      ({ state, step: last } = decide(state, input));
      return said(last);
    },
    /** The items of the last step. */
    items: () => (last && "items" in last ? last.items : last ? [last.item] : []),
    after(change: (s: PlanState<string>) => PlanState<string>) {
      state = change(state);
    },
    get state() {
      return state;
    },
  };
}

/** Plays a sync where every step succeeds at once (a body sent, then its answer), and lists the steps in order. */
function playThrough(state: PlanState<string>, input: PlanInput): string[] {
  const steps: string[] = [];
  for (;;) {
    const { state: after, step } = decide(state, input);
    if (!step) return steps;
    steps.push(said(step));
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
    const plan = stepper(enqueue(enqueue(emptyPlan<string>(), many(10), "record"), [photo("old")], "original")); // "old": its record is on the server
    expect(plan.next(slow)).toBe("records p0,p1,p2,p3,p4,p5,p6,p7");
    expect(plan.next(slow)).toBe("records p8,p9"); // records beside records
    expect(plan.next(slow)).toBe("-"); // both batches still send their bodies
    plan.after(bodySent);
    expect(plan.next(slow)).toBe("-"); // one still sends
    plan.after(bodySent);
    expect(plan.next(slow)).toBe("sizes old"); // the server saves the batches meanwhile
  });

  it("on a fast link sends each photo whole, and those whose record is there their sizes with the original", () => {
    let state = enqueue(emptyPlan<string>(), [photo("a"), photo("b")], "record");
    state = enqueue(state, [photo("c")], "original");
    expect(playThrough(state, fast)).toEqual(["whole a", "whole b", "original c"]);
  });

  it("on a link not measured yet sends one batch alone; found fast, the rest go whole", () => {
    const plan = stepper(enqueue(emptyPlan<string>(), many(12), "record"));
    expect(plan.next(unknown)).toBe("records p0,p1,p2,p3,p4,p5,p6,p7");
    const first = plan.items();
    expect(plan.next(unknown)).toBe("-"); // the batch measures the link
    plan.after(bodySent); // its sample: fast
    expect(plan.next(fast)).toBe("whole p8");
    expect(plan.next(fast)).toBe("whole p9");
    plan.after((s) => recordsConfirmed(s, first));
    expect(playThrough(plan.state, fast)).toEqual(["whole p10", "whole p11", ...many(8).map((p) => `original ${p.ref}`)]);
  });

  it("on a link not measured yet found slow, sends the next batch of records", () => {
    const plan = stepper(enqueue(emptyPlan<string>(), many(12), "record"));
    plan.next(unknown);
    plan.after(bodySent);
    expect(plan.next(slow)).toBe("records p8,p9,p10,p11");
  });

  it("follows the link request by request: fast turned slow sends previews first again", () => {
    const plan = stepper(enqueue(emptyPlan<string>(), many(4), "record"));
    expect(plan.next(fast)).toBe("whole p0");
    expect(plan.next(slow)).toBe("records p1,p2,p3"); // the hotel's Wi-Fi
  });

  it("sends a photo refused whole step by step", () => {
    const plan = stepper(enqueue(emptyPlan<string>(), [photo("a"), photo("b")], "record"));
    expect(plan.next(fast)).toBe("whole a");
    const [a] = plan.items();
    plan.after((s) => wholeRefused(s, a!));
    expect(plan.next(fast)).toBe("records a"); // not b: it still goes whole
    expect(plan.next(fast)).toBe("whole b");
  });

  it("sends a refused batch's other records again, first", () => {
    const plan = stepper(enqueue(emptyPlan<string>(), many(3), "record"));
    plan.next(slow);
    const items = plan.items();
    plan.after((s) => recordsAgain(bodySent(s), items.slice(1)));
    expect(plan.next(slow)).toBe("records p1,p2");
  });

  it("starts nothing at or after its time limit", () => {
    const state = enqueue(emptyPlan<string>(), many(2), "record");
    expect(said(decide(state, { ...fast, now: 999, until: 1000 }).step)).toBe("whole p0");
    expect(said(decide(state, { ...fast, now: 1000, until: 1000 }).step)).toBe("-");
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

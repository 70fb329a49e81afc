export const BUILD_INPUTS: string[];
export function buildNeeded(root: string): "missing" | "stale" | null;

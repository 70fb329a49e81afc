/** Types of image_sizes.js for the Node unit tests (PocketBase runs the plain JavaScript). */
export const SIZES: { field: string; edge: number }[];
export function requestedField(query: Record<string, string | undefined>): string | null;
export function servedField(field: string, has: (field: string) => boolean): string | null;
export function fileFor(query: Record<string, string | undefined>, has: (field: string) => boolean): string | null;
export function availableEdges(has: (field: string) => boolean): number[];

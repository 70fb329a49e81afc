/** Types of file_names.js (the hooks run the plain JavaScript). */
export const MAX_NAME_LENGTH: number;
export function safeFileName(name: string | null | undefined, fallback?: string): string;

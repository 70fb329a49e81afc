export function readNewPassword(prompt: string): Promise<string | null>;

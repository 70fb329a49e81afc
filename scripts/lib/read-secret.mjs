/**
 * Reads an operator's secret from stdin, never from a command line (which every local user can list):
 * typed without echo at a terminal, asked twice there; or piped (`printf '%s\n' "$SECRET" | npm run ...`).
 * Shared by `npm run reset-owner-password` and `npm run superuser`.
 */
import { createInterface } from "node:readline";

/** Reads one line from stdin; at a terminal the typed characters are not shown. */
function readLine(prompt) {
  const tty = process.stdin.isTTY;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
  if (tty) {
    process.stdout.write(prompt);
    rl._writeToOutput = () => {}; // hide what is typed
  }
  return new Promise((resolve) => {
    let done = false;
    rl.once("line", (line) => {
      done = true;
      rl.close();
      if (tty) process.stdout.write("\n");
      resolve(line);
    });
    rl.once("close", () => !done && resolve(""));
  });
}

/**
 * The password: one line from stdin; at a terminal asked twice, and null when the two differ (the caller
 * says so and changes nothing).
 */
export async function readNewPassword(prompt) {
  const password = await readLine(prompt);
  if (process.stdin.isTTY && (await readLine("Type it again: ")) !== password) return null;
  return password;
}

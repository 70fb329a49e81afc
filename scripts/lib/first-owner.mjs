/**
 * The first `npm start` of a new install has no studio owner, and nobody can sign in (issue 37, item 18).
 * In a terminal, `npm start` asks for the owner's email and password (the password is not echoed) and
 * creates the owner with `pocketbase ensure-owner`, whose environment alone holds them (never the server's);
 * without a terminal it prints how to create one again after PocketBase's start lines, where it is seen.
 */
import readline from "node:readline";
import { runPocketBaseCommand } from "./pocketbase.mjs";

/** What `ensure-owner` (pb_hooks/lib/core/owner_bootstrap.js) prints when no owner exists and none was given. */
const NO_OWNER = "No studio owner exists yet";

/** Whether `ensure-owner`'s output says no owner exists. */
export function lacksOwner(ensureOwnerOutput) {
  return ensureOwnerOutput.includes(NO_OWNER);
}

/** The instruction printed after the server's start lines while no owner exists. */
export const NO_OWNER_REMINDER =
  "\n*** Nobody can sign in yet: no studio owner exists. ***\n" +
  "Stop the server (Ctrl+C) and start it once in a terminal (it asks for the owner's email and password), or with:\n" +
  "  OWNER_EMAIL=you@example.com OWNER_PASSWORD='at-least-6-characters' npm start\n";

/** Asks one line; with `hidden`, what is typed is not shown. */
function ask(question, { hidden = false } = {}) {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // readline writes each typed character back through _writeToOutput: only the question goes out.
    rl._writeToOutput = (text) => {
      if (text.includes(question)) rl.output.write(question);
      else if (text.includes("\n") || text.includes("\r")) rl.output.write("\n");
    };
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      resolve(answer);
    }),
  );
}

/**
 * Asks for the owner's sign-in until `ensure-owner` makes the owner (three tries); returns its output (the
 * "is ready" line, or the no-owner instruction when every try failed).
 */
export async function askForOwner(dataDir, env = {}) {
  console.log("\nNo studio owner exists yet. Create the owner now (you sign in with this email and password).");
  let output = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const email = (await ask("Owner's email: ")).trim();
    const password = await ask("Password (at least 6 characters, not shown): ", { hidden: true });
    const again = await ask("The same password again: ", { hidden: true });
    if (!email || !password) {
      console.log("Both an email and a password are needed.");
      continue;
    }
    if (password !== again) {
      console.log("The two passwords differ. Try again.");
      continue;
    }
    try {
      output = await runPocketBaseCommand(["ensure-owner"], dataDir, { ...env, OWNER_EMAIL: email, OWNER_PASSWORD: password });
      if (!lacksOwner(output)) return output;
    } catch (err) {
      // PocketBase's validation says what is wrong (an invalid email, a password too short).
      const reason = String(err.message).split("\n").filter((line) => /fail|invalid|must|length/i.test(line)).slice(-2).join(" ");
      console.log(`The owner could not be created: ${reason || "check the email and the password."}`);
    }
  }
  return output || `${NO_OWNER}.\n`;
}

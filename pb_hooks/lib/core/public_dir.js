/**
 * Where the built app is: the `--publicDir` PocketBase was started with (as `--publicDir=X` or
 * `--publicDir X`), else `pb_public` next to the hooks folder's parent, as PocketBase's own default.
 */
function publicDir() {
  const args = $os.args;
  for (let i = 0; i < args.length; i++) {
    const arg = /** @type {string} */ (args[i]);
    if (arg.indexOf("--publicDir=") === 0) return arg.slice("--publicDir=".length);
    if (arg === "--publicDir" && i + 1 < args.length) return args[i + 1];
  }
  return `${__hooks}/../pb_public`;
}

/** The text of a file of the built app, or null when it does not exist. */
function readPublicText(name) {
  try {
    return toString($os.readFile(`${publicDir()}/${name}`));
  } catch (_) {
    return null;
  }
}

module.exports = { publicDir, readPublicText };

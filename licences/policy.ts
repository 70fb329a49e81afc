/**
 * Which licences a package that ships inside the app may have: the allow-list the build (vite-plugin-licences.ts)
 * and the dependency test (licences/dependencies.test.ts) both judge by. Every licence here lets the studio, a
 * hosting company or anyone run and sell the app under the AGPL, provided the notice travels with the code
 * (dist/THIRD_PARTY_LICENSES.txt does that).
 */

/** Permissive licences any dependency may have (SPDX identifiers). */
export const ALLOWED_LICENCES: readonly string[] = ["MIT", "ISC", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0", "Zlib", "0BSD"];

/**
 * The SIL Open Font License 1.1, for the gallery typefaces (issue 27) only: it lets fonts be bundled and served
 * with any software, the AGPL included, as long as the fonts are not sold on their own and their licence travels
 * with them (dist/THIRD_PARTY_LICENSES.txt); it is a font licence, not one for code.
 */
const FONT_LICENCES = ["OFL-1.1"];

/**
 * Licences allowed for one named package only, with the reason. libheif-js (the HEIC decoder) is LGPL-3.0: it
 * stays in its own chunk, its licence text ships beside the build, and it can be replaced (docs/DEPLOY.md).
 * The @fontsource packages are the gallery typefaces' font files (FONT_LICENCES). mediabunny (issue 38: reads
 * clips and writes their web versions) is MPL-2.0: copyleft per file, and compatible with the AGPL (MPL-2.0
 * section 3.3); its files ship unmodified with their licence notice, so the studio owes nothing more.
 */
export const ALLOWED_FOR_PACKAGE: Readonly<Record<string, readonly string[]>> = {
  "libheif-js": ["LGPL-3.0", "LGPL-3.0-only", "LGPL-3.0-or-later"],
  mediabunny: ["MPL-2.0"],
  "@fontsource/cormorant-garamond": FONT_LICENCES,
  "@fontsource/inter": FONT_LICENCES,
  "@fontsource/lato": FONT_LICENCES,
  "@fontsource/montserrat": FONT_LICENCES,
  "@fontsource/playfair-display": FONT_LICENCES,
};

/**
 * Whether an SPDX expression's terms are acceptable: `A OR B` needs one of them allowed, `A AND B` both;
 * a `WITH` exception is judged by its licence. Parentheses group as in SPDX.
 */
function isAcceptable(expression: string, allowed: ReadonlySet<string>): boolean {
  const tokens = expression.replace(/[()]/g, (p) => ` ${p} `).trim().split(/\s+/);
  let at = 0;
  const term = (): boolean => {
    const token = tokens[at++];
    if (token === "(") {
      const value = any();
      at++; // ")"
      return value;
    }
    if (tokens[at] === "WITH") at += 2;
    return token !== undefined && allowed.has(token);
  };
  const all = (): boolean => {
    let value = term();
    while (tokens[at] === "AND") {
      at++;
      value = term() && value;
    }
    return value;
  };
  const any = (): boolean => {
    let value = all();
    while (tokens[at] === "OR") {
      at++;
      value = all() || value;
    }
    return value;
  };
  return any() && at === tokens.length;
}

/** What is wrong with a package's licence, or null when it may ship. */
export function licenceProblem(name: string, licence: string | null | undefined): string | null {
  if (!licence || !licence.trim()) return `${name} names no licence`;
  const allowed = new Set([...ALLOWED_LICENCES, ...(ALLOWED_FOR_PACKAGE[name] ?? [])]);
  return isAcceptable(licence.trim(), allowed) ? null : `${name} is under ${licence}, which is not on the allow-list (licences/policy.ts)`;
}

/**
 * The server's refusals (pb_hooks/lib/rules/refusals.js, issue 37) as the app's texts: one entry per code, its English
 * the registry's (a code with parameters as an ICU message with the same names), translated in
 * src/locales/<lang>/refusals.json like every namespace.
 */
import { REFUSALS, paramsOf } from "../../../pb_hooks/lib/rules/refusals.js";
import { icu, localized, type IcuMessage } from "../i18n/i18n";

export type RefusalCode = keyof typeof REFUSALS;

const english = Object.fromEntries(
  Object.entries(REFUSALS).map(([code, text]) => {
    const names = paramsOf(code);
    return [code, names.length ? icu<unknown[]>(text, ...names) : text];
  }),
) as Record<RefusalCode, string | IcuMessage<unknown[]>>;

export const REFUSAL_TEXTS = localized("refusals", english);

/**
 * The language of a client's gallery as the server writes it (issue 27): the page's `<html lang>`, title and
 * link-preview text. The same languages as the app (src/lib/i18n/locales.ts, checked by a unit test). Pure:
 * no PocketBase globals, unit-tested in Node.
 *
 * A gallery set to a language is shown in it; a gallery left blank follows the visitor's browser
 * (Accept-Language) when the app speaks that language, else the studio's default, else English.
 */
const LANGUAGES = ["en", "de", "fr", "es", "it", "pt-BR", "nl"];

/** Whether the app speaks `value`, a tag as LANGUAGES writes it. @param {unknown} value */
function isLanguage(value) {
  return LANGUAGES.indexOf(String(value)) >= 0;
}

/**
 * The supported language a tag names: exact ("pt-BR"), then by language ("de-AT" -> "de", "pt-PT" -> "pt-BR"); "" when none.
 * @param {string | null | undefined} tag
 */
function matchLanguage(tag) {
  const t = String(tag || "").trim().toLowerCase();
  if (!t) return "";
  for (const l of LANGUAGES) if (l.toLowerCase() === t) return l;
  const base = t.split(/[-_]/)[0];
  for (const l of LANGUAGES) if (l.toLowerCase().split("-")[0] === base) return l;
  return "";
}

/**
 * The first language of an Accept-Language header (by q, then order) that the app speaks; "" when none.
 * @param {string | null | undefined} acceptLanguage
 */
function negotiate(acceptLanguage) {
  const wishes = String(acceptLanguage || "")
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag, q: q ? Number(q[1]) : 1, i };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const w of wishes) {
    const found = matchLanguage(w.tag);
    if (found) return found;
  }
  return "";
}

/**
 * The gallery page's language: the gallery's own, else the browser's, else the studio's, else English.
 * @param {string} galleryLanguage
 * @param {string} acceptLanguage
 * @param {string} studioLanguage
 * @returns {string}
 */
function pageLanguage(galleryLanguage, acceptLanguage, studioLanguage) {
  if (isLanguage(galleryLanguage)) return galleryLanguage;
  return negotiate(acceptLanguage) || (isLanguage(studioLanguage) ? studioLanguage : "en");
}

/** @typedef {{ gallery: string, description: (studio: string) => string }} PageTexts */

/**
 * What the server writes on a gallery page, by language: a title and a description naming the studio (or none).
 * @type {{ en: PageTexts } & Record<string, PageTexts | undefined>}
 */
const PAGE_TEXTS = {
  en: { gallery: "Gallery", description: (s) => (s ? "A private photo gallery from " + s + ". Open it with your access code." : "A private photo gallery. Open it with your access code.") },
  de: { gallery: "Galerie", description: (s) => (s ? "Eine private Fotogalerie von " + s + ". Öffne sie mit deinem Zugangscode." : "Eine private Fotogalerie. Öffne sie mit deinem Zugangscode.") },
  fr: { gallery: "Galerie", description: (s) => (s ? "Une galerie photo privée de " + s + ". Ouvrez-la avec votre code d’accès." : "Une galerie photo privée. Ouvrez-la avec votre code d’accès.") },
  es: { gallery: "Galería", description: (s) => (s ? "Una galería de fotos privada de " + s + ". Ábrela con tu código de acceso." : "Una galería de fotos privada. Ábrela con tu código de acceso.") },
  it: { gallery: "Galleria", description: (s) => (s ? "Una galleria fotografica privata di " + s + ". Aprila con il tuo codice di accesso." : "Una galleria fotografica privata. Aprila con il tuo codice di accesso.") },
  "pt-BR": { gallery: "Galeria", description: (s) => (s ? "Uma galeria de fotos particular de " + s + ". Abra com o seu código de acesso." : "Uma galeria de fotos particular. Abra com o seu código de acesso.") },
  nl: { gallery: "Galerij", description: (s) => (s ? "Een privéfotogalerij van " + s + ". Open hem met je toegangscode." : "Een privéfotogalerij. Open hem met je toegangscode.") },
};

/**
 * { title, description } of a gallery page in `language`: 'Gallery · {studio}' for every gallery, never the client.
 * @param {string} language
 * @param {string} studio
 */
function pageTexts(language, studio) {
  const texts = PAGE_TEXTS[language] || PAGE_TEXTS.en;
  return { title: studio ? texts.gallery + " · " + studio : texts.gallery, description: texts.description(studio) };
}

module.exports = { LANGUAGES, isLanguage, matchLanguage, negotiate, pageLanguage, pageTexts };

/**
 * The visitor's pages: every /gallery/* page is the visitor entry (gallery.html), never the owner's
 * index.html, so a client loads no owner code and no install prompt. Not cached by the browser without
 * asking (`no-cache`): a new build's page must name the new build's files.
 *
 * For /gallery/{accessUrl} the page carries its title and link-preview tags (Open Graph, Twitter): the same
 * 'Gallery · {studio}' for every gallery, open or not, so a link pasted into a chat names the studio and never
 * the client before the code is entered (the page names the gallery once it has loaded), and the studio's
 * logo as the image: never a photo of the gallery.
 *
 * The page is in the gallery's language (issue 27, lib/rules/gallery_language.js): `<html lang>`, the title and
 * the preview text, and a `gallery-language` meta the visitor's app starts in.
 *
 * The page is drawn in the gallery's theme from its first frame: `data-theme="dark"` on <html> for a dark
 * open gallery (src/ui/tokens.css makes it `color-scheme: dark`), since the policy allows no inline script.
 *
 * An open gallery's page preloads its typeface pairing's font files (issue 27's look), named in the build's
 * `typefaces.json` (vite.config.ts), so they load with the page rather than after its scripts read the look.
 *
 * Gallery pages are not for search engines: `noindex` in the page and in `X-Robots-Tag` (robots.txt
 * disallows everything too, but a crawler that follows a shared link without reading it still sees these).
 */
const { readPublicText } = require(`${__hooks}/lib/core/public_dir.js`);
const rules = require(`${__hooks}/lib/rules/rules.js`);
const { FIRST_IMAGES } = require(`${__hooks}/lib/rules/contract.js`);

const language = require(`${__hooks}/lib/rules/gallery_language.js`);
const look = require(`${__hooks}/lib/core/gallery_look.js`);

const ROBOTS = "noindex, nofollow, noarchive";

function escapeHtml(value) {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function studio() {
  try {
    const s = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings();
    if (!s) return { name: "", logo: "", language: "", theme: "", typefaces: "" };
    return { name: s.getString("companyName"), logo: s.getString("logo"), language: s.getString("language"), theme: s.getString("galleryTheme"), typefaces: s.getString("typefaces") };
  } catch (_) {
    return { name: "", logo: "", language: "", theme: "", typefaces: "" };
  }
}

/** The client whose gallery is at this address, or null. */
function galleryClient(accessUrl) {
  if (!accessUrl || !rules.isValidAccessUrl(accessUrl)) return null;
  try {
    return $app.findFirstRecordByData("clients", "accessUrl", accessUrl);
  } catch (_) {
    return null;
  }
}

/** Whether a visitor may open this gallery (then its first request is preloaded). */
function isOpenGallery(record) {
  if (!record) return false;
  const client = { enabled: record.getBool("enabled") && !record.getString("trashedAt"), expirationDate: record.getString("expirationDate") };
  return rules.galleryState(client, Date.now()) === "open";
}

/**
 * The site's origin for absolute preview URLs, from configuration only: the studio's Gallery address
 * (settings.galleryUrl), else the application URL in PocketBase's settings unless it is still PocketBase's
 * default, else APP_ORIGIN; "" when none is set (then no preview image). Never the request's Host header,
 * which anyone can set: a shared preview must never point at another site.
 */
function siteOrigin() {
  const candidates = [];
  try {
    const s = require(`${__hooks}/lib/core/studio_settings.js`).studioSettings();
    if (s) candidates.push(s.getString("galleryUrl"));
  } catch (_) {} // no settings yet
  const appUrl = String($app.settings().meta.appURL || "");
  if (appUrl.replace(/\/+$/, "") !== "http://localhost:8090") candidates.push(appUrl);
  candidates.push($os.getenv("APP_ORIGIN"));
  for (const c of candidates) {
    const m = /^(https?:\/\/[^/?#\s"'<>]+)/.exec(String(c || "").trim());
    if (m) return m[1];
  }
  return "";
}

/** What the page asks for first (src/features/visitor-gallery/api.ts builds the same URL). */
function firstRequestUrl(accessUrl) {
  return `/api/gallery/${encodeURIComponent(accessUrl)}?first=${FIRST_IMAGES}`;
}

/** The <title> and preview tags for a gallery page in `lang`, and the preload of its first request. */
function headTags(s, lang, accessUrl, client) {
  const isOpen = isOpenGallery(client);
  const { title, description } = language.pageTexts(lang, s.name);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="gallery-language" content="${escapeHtml(lang)}" />`,
    `<meta name="robots" content="${ROBOTS}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ];
  if (s.name) tags.push(`<meta property="og:site_name" content="${escapeHtml(s.name)}" />`);
  const origin = siteOrigin();
  if (s.logo && origin) {
    const image = `${origin}/api/gallery/studio/logo?v=${encodeURIComponent(s.logo)}`;
    tags.push(`<meta property="og:image" content="${escapeHtml(image)}" />`, `<meta name="twitter:image" content="${escapeHtml(image)}" />`);
  }
  tags.push(`<meta name="twitter:card" content="summary" />`);
  // The page's first request (the gallery and its first images), fetched while the scripts load; the
  // page's own fetch of the same URL takes this answer (same URL, mode and credentials).
  if (isOpen) tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(firstRequestUrl(accessUrl))}" />`);
  // Fonts are fetched in CORS mode (`crossorigin`), as the page's FontFace loads them, so it takes these.
  if (isOpen) for (const href of pairingFonts(look.effective(look.TYPEFACES, [client.getString("typefaces"), s.typefaces]))) tags.push(`<link rel="preload" as="font" type="font/woff2" crossorigin="anonymous" href="${escapeHtml(href)}" />`);
  return tags.join("\n    ");
}

/** The font files of a pairing ("system": none), from the build's typefaces.json; none when it is missing or unreadable. */
function pairingFonts(pairing) {
  if (pairing === "system") return [];
  try {
    const files = JSON.parse(readPublicText("typefaces.json") || "{}")[pairing];
    return Array.isArray(files) ? files.filter((f) => typeof f === "string" && f.indexOf("/assets/") === 0) : [];
  } catch (_) {
    return [];
  }
}

/**
 * The page's theme (issue 27), so its first frame is drawn in it: an open gallery's own, else the studio's
 * default, else light; light for any other address (a closed or unknown gallery looks the same). The owner's
 * preview asks for one (`?preview=1&theme=dark`): only a look, which the page's own session check gates.
 */
function pageTheme(client, s, preview) {
  if (!isOpenGallery(client)) return "light";
  if (preview && (preview.theme === "dark" || preview.theme === "light")) return preview.theme;
  return (client.getString("galleryTheme") || s.theme) === "dark" ? "dark" : "light";
}

/** The owner's preview's choices from the page's address (src/lib/previewParams.ts writes them), or null. */
function previewAsked(e) {
  const q = e.request.url.query();
  if (q.get("preview") !== "1") return null;
  return { lang: language.isLanguage(q.get("lang")) ? q.get("lang") : "", theme: q.get("theme") };
}

function galleryPage(e) {
  const html = readPublicText("gallery.html");
  if (html === null) throw new NotFoundError("The gallery page is not built.");
  const rest = e.request.pathValue("path");
  const accessUrl = rest.indexOf("/") < 0 && rest !== "access" ? rest : "";
  const s = studio();
  const client = galleryClient(accessUrl);
  const preview = previewAsked(e);
  const lang = (preview && preview.lang) || language.pageLanguage(client ? client.getString("language") : "", e.request.header.get("Accept-Language"), s.language);
  e.response.header().set("Cache-Control", "no-cache");
  e.response.header().set("Vary", "Accept-Language");
  e.response.header().set("X-Robots-Tag", ROBOTS);
  const theme = pageTheme(client, s, preview) === "dark" ? ' data-theme="dark"' : "";
  const page = html.replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(lang)}"${theme}`);
  return e.html(200, page.replace(/<title>[^<]*<\/title>/, () => headTags(s, lang, accessUrl, client)));
}

module.exports = { galleryPage, escapeHtml };

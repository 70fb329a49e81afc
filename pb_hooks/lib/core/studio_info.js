/**
 * The studio's public face for visitors: name, contact, colour and logo (`/api/gallery/studio/*`, and the
 * `studio` part of a gallery's info). Public by design: it is on every visitor page, the access page included.
 */
const rules = require(`${__hooks}/lib/rules/rules.js`);
const { studioSettings } = require(`${__hooks}/lib/core/studio_settings.js`);

/** The studio's branding from its settings row, or null when there is none yet. */
function studioBranding() {
  try {
    const s = studioSettings();
    if (!s) return null;
    const logo = s.getString("logo");
    return {
      companyName: s.getString("companyName"),
      email: s.getString("email"),
      websiteUrl: s.getString("websiteUrl"),
      primaryColor: s.getString("primaryColor") || rules.DEFAULT_PRIMARY_COLOR,
      enableWatermark: s.getBool("enableWatermark"),
      logoUrl: logo ? "/api/gallery/studio/logo?v=" + encodeURIComponent(logo) : "",
    };
  } catch (_) {
    return null;
  }
}

/** GET /api/gallery/studio/logo: the studio's logo, public (it is on every visitor page). */
function studioLogo(e) {
  const s = studioSettings();
  const logo = s ? s.getString("logo") : "";
  if (!logo) throw new NotFoundError("The studio has no logo.");
  e.response.header().set("Cache-Control", "public, max-age=300");
  require(`${__hooks}/lib/core/image_files.js`).serveStudioFile(e, s.baseFilesPath() + "/" + logo, logo);
}

/** GET /api/gallery/studio/info: name, contact email, colour and logo for the access page. */
function studioInfo(e) {
  return e.json(200, studioBranding() || { companyName: "", email: "", websiteUrl: "", primaryColor: rules.DEFAULT_PRIMARY_COLOR, enableWatermark: true, logoUrl: "" });
}

module.exports = { studioBranding, studioLogo, studioInfo };

/**
 * The gallery's look a visitor gets with its info (issue 27): its cover style and typeface pairing, each the
 * gallery's own (clients.coverStyle, clients.typefaces), else the studio's default (settings), else "full"
 * and "system". The fields are select fields (migration 1795580000_cover_style_typefaces.js), so a stored
 * value is always one of these lists; `effective` still checks, so nothing else ever reaches a visitor.
 */
const COVER_STYLES = ["full", "split", "minimal"];
const TYPEFACES = ["system", "classic", "modern", "elegant"];

/** The first of `values` (the gallery's, the studio's) that `allowed` holds, else `allowed[0]`. */
function effective(allowed, values) {
  for (const v of values) if (allowed.indexOf(v) >= 0) return v;
  return allowed[0];
}

/** { coverStyle, typefaces } for a client record, from it and the studio's settings record (or null). */
function lookOf(client, settings) {
  const studio = (field) => (settings ? settings.getString(field) : "");
  return {
    coverStyle: effective(COVER_STYLES, [client.getString("coverStyle"), studio("coverStyle")]),
    typefaces: effective(TYPEFACES, [client.getString("typefaces"), studio("typefaces")]),
  };
}

/** The look of a client's gallery, with the studio's settings read here. */
function visitorLook(client) {
  return lookOf(client, require(`${__hooks}/lib/core/studio_settings.js`).studioSettings());
}

module.exports = { COVER_STYLES, TYPEFACES, effective, lookOf, visitorLook };

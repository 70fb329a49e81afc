/**
 * The visitor's pages: every /gallery/* page is the visitor entry (gallery.html), never the owner's
 * index.html, so a client loads no owner code and no install prompt. Not cached by the browser without
 * asking (`no-cache`): a new build's page must name the new build's files.
 */
const { readPublicText } = require(`${__hooks}/lib/public_dir.js`);

function galleryPage(e) {
  const html = readPublicText("gallery.html");
  if (html === null) throw new NotFoundError("The gallery page is not built.");
  e.response.header().set("Cache-Control", "no-cache");
  return e.html(200, html);
}

module.exports = { galleryPage };

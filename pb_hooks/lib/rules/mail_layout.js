/**
 * The HTML frame of every email the server sends, in the table layout that Outlook for Windows renders (its
 * Word engine ignores `max-width`, `display:inline-block`, and padding on links and divs): a centred column
 * of 560 px (a fixed-width table for Outlook, in its conditional comment; `max-width` for everyone else, so
 * phones get the full width), an optional band in the studio's colour, and buttons as table cells whose
 * `bgcolor` and padding Outlook keeps. Pure; the callers escape what they put in.
 */

const FONT = "Helvetica,Arial,sans-serif";
const PAGE = "#f5f3fa";
const INK = "#1c1530";
const WIDTH = 560;

/** A table that is only layout (screen readers skip it). */
function table(attrs, rows) {
  return '<table role="presentation" cellpadding="0" cellspacing="0" border="0"' + attrs + ">" + rows + "</table>";
}

/**
 * A link as a button: the colour and padding on the cell, so Outlook draws the whole button, not just the
 * text. `href` and `label` are escaped by the caller; `color` is a checked #rrggbb.
 */
function button(href, label, color) {
  return table(
    ' style="margin:24px 0;border-collapse:separate"',
    '<tr><td align="center" bgcolor="' + color + '" style="background:' + color + ';border-radius:6px;padding:12px 20px">' +
      '<a href="' + href + '" style="color:#ffffff;text-decoration:none;font-family:' + FONT + ';font-size:15px;font-weight:bold">' + label + "</a></td></tr>",
  );
}

/**
 * The whole document: `band` (HTML, or "" for none) on the studio's colour above `body` (HTML).
 * @param {{ body: string, band?: string, color?: string, lang?: string }} parts
 */
function layout({ body, band = "", color = INK, lang = "" }) {
  const bandRow = band
    ? '<tr><td bgcolor="' + color + '" style="background:' + color + ";color:#ffffff;padding:16px 24px;font-family:" + FONT + ';font-size:20px;font-weight:bold">' + band + "</td></tr>"
    : "";
  const column = table(
    ' width="100%" bgcolor="#ffffff" style="width:100%;max-width:' + WIDTH + 'px;background:#ffffff"',
    bandRow + '<tr><td style="padding:24px;font-family:' + FONT + ";font-size:15px;line-height:1.5;color:" + INK + '">' + body + "</td></tr>",
  );
  return (
    '<!doctype html><html' + (/^[a-z]{2}(-[A-Z]{2})?$/.test(lang) ? ' lang="' + lang + '"' : "") + "><head>" +
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting">' +
    "</head>" +
    '<body style="margin:0;padding:0;background:' + PAGE + '">' +
    table(
      ' width="100%" bgcolor="' + PAGE + '" style="width:100%;background:' + PAGE + '"',
      '<tr><td align="center" style="padding:16px 8px">' +
        '<!--[if mso]><table role="presentation" width="' + WIDTH + '" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->' +
        column +
        "<!--[if mso]></td></tr></table><![endif]-->" +
        "</td></tr>",
    ) +
    "</body></html>"
  );
}

module.exports = { layout, button, WIDTH };

/**
 * One writer of media bytes (issue 38): a media item's bytes on the device (the `imageBlobs` table) are
 * stored and dropped only by src/store/repositories/mediaBytes.ts, and by the sync's upload confirmations
 * (src/sync/upload*), which drop what the server has confirmed. Any other file that adds, puts, updates or
 * deletes there, directly or through a collection (`where(...).modify()`), is refused; reading is free.
 */
import path from "node:path";

const WRITES = new Set(["add", "put", "update", "delete", "bulkAdd", "bulkPut", "bulkUpdate", "bulkDelete", "clear", "modify"]);
const MESSAGE = "Only src/store/repositories/mediaBytes.ts writes media bytes (imageBlobs): use its operations.";

/** May this file (relative to the project root) write media bytes? */
export function writesMediaBytes(relative) {
  const file = relative.split(path.sep).join("/");
  return file === "src/store/repositories/mediaBytes.ts" || /^src\/sync\/upload[^/]*(\.ts|\/)/.test(file);
}

/** Does this expression reach the imageBlobs table (`db.imageBlobs`, `db.table("imageBlobs")`, a chain on one)? */
function onImageBlobs(node) {
  for (let n = node; n; ) {
    if (n.type === "MemberExpression") {
      if (!n.computed && n.property.name === "imageBlobs") return true;
      n = n.object;
    } else if (n.type === "CallExpression") {
      const callee = n.callee;
      if (callee.type === "MemberExpression" && callee.property.name === "table" && n.arguments[0]?.type === "Literal" && n.arguments[0].value === "imageBlobs") return true;
      n = callee;
    } else return false;
  }
  return false;
}

const oneWriter = {
  meta: { type: "problem", schema: [], docs: { description: "media bytes (imageBlobs) are written only by the store's media bytes module" } },
  create(context) {
    if (writesMediaBytes(path.relative(context.cwd, context.filename))) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.computed || !WRITES.has(callee.property.name)) return;
        if (onImageBlobs(callee.object)) context.report({ node, message: MESSAGE });
      },
    };
  },
};

export default { rules: { "one-writer": oneWriter } };

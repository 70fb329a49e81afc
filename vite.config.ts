/**
 * Build of the two entries: the owner's installable PWA (index.html) and the visitor's gallery
 * (gallery.html, served for /gallery/*). The owner's service worker is ours (workers/sw.ts, injectManifest);
 * vite-plugin-pwa builds the manifest and injects the precache list. The visitor's page gets no manifest
 * and its own small service worker (workers/gallery-sw.ts, built by visitorPages()).
 */
import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { build, defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { afterBuild } from "./vite-plugin-after-build";
import { compiledMessages } from "./vite-plugin-compiled-messages";
import { hooksContract } from "./vite-plugin-hooks-contract";
import { thirdPartyNotices } from "./vite-plugin-licences";
import { IMPORT_PATH, SHARE_TARGET_PATH, SHARED_FILES_FIELD } from "./src/domain/shared-files";
import { visitorWeight } from "./vite-plugin-visitor-weight";

/**
 * Source maps only on request (`SOURCEMAP=1 npm run build`, for debugging a build locally): a production dist/
 * has none, and the server refuses .map files anyway (pb_hooks/lib/core/static_files.js).
 */
const SOURCEMAPS = process.env.SOURCEMAP === "1";

/** One collector of third-party notices across the five builds (vite-plugin-licences.ts). */
const notices = thirdPartyNotices();

/**
 * The visitor's side of the build: removes the PWA manifest link from gallery.html, builds
 * workers/gallery-sw.ts into one classic script (dist/gallery-sw.js), and in development serves
 * gallery.html for /gallery/* as PocketBase does (pb_hooks/lib/handlers/gallery_routes.js).
 */
function visitorPages(): Plugin {
  let outDir = "dist";
  return {
    name: "studio-gallery-visitor-pages",
    enforce: "post",
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    transformIndexHtml: {
      order: "post",
      handler: (html, ctx) => (ctx.filename.endsWith("gallery.html") ? html.replace(/\s*<link rel="manifest"[^>]*>/g, "") : html),
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/gallery(\/|$)/.test(req.url)) req.url = "/gallery.html";
        next();
      });
    },
    closeBundle: {
      sequential: true,
      async handler() {
        await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        plugins: [hooksContract()],
        build: {
          outDir,
          emptyOutDir: false,
          target: "es2022",
          sourcemap: SOURCEMAPS,
          copyPublicDir: false,
          rollupOptions: { plugins: [notices.scanner()] },
            lib: { entry: path.resolve(import.meta.dirname, "workers/gallery-sw.ts"), formats: ["iife"], name: "gallerySw", fileName: () => "gallery-sw.js" },
          },
        });
      },
    },
  };
}

/** The server's rule for cross-origin isolation (CommonJS, as PocketBase's JS VM wants it). */
const isolation = createRequire(import.meta.url)("./pb_hooks/lib/core/security_headers.js") as {
  ISOLATION: Record<string, string>;
  isOwnerAppPath: (path: string) => boolean;
};

/**
 * The dev server isolates the owner's app as PocketBase does (pb_hooks/lib/core/security_headers.js: COOP and
 * COEP on everything but the visitor's gallery and the API), so the threaded encoders run in development too.
 */
function crossOriginIsolation(): Plugin {
  return {
    name: "studio-gallery-cross-origin-isolation",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? "/").split("?")[0] ?? "/";
        if (isolation.isOwnerAppPath(pathname)) for (const [name, value] of Object.entries(isolation.ISOLATION)) res.setHeader(name, value);
        next();
      });
    },
  };
}

/**
 * Writes `typefaces.json`: each typeface pairing's font files (src/ui/typefaces/{name}.ts, one chunk each),
 * by the names the build gave them. The server preloads a gallery's own from its page's HTML
 * (pb_hooks/lib/handlers/visitor_pages.js), so the fonts load with the page, not after its scripts asked the gallery's look.
 */
function typefacePreloads(): Plugin {
  let base = "/";
  return {
    name: "studio-gallery-typeface-preloads",
    apply: "build",
    configResolved: (config) => void (base = config.base),
    generateBundle(_options, bundle) {
      // A file two pairings share (Montserrat) sits in a chunk both import: the chunk's imports count too.
      const assetsOf = (name: string, seen: Set<string>): string[] => {
        const chunk = bundle[name];
        if (!chunk || chunk.type !== "chunk" || seen.has(name)) return [];
        seen.add(name);
        return [...(chunk.viteMetadata?.importedAssets ?? []), ...chunk.imports.flatMap((i) => assetsOf(i, seen))];
      };
      const files: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        const pairing = chunk.type === "chunk" ? /src\/ui\/typefaces\/(\w+)\.ts$/.exec(chunk.facadeModuleId ?? "")?.[1] : undefined;
        if (!pairing) continue;
        const fonts = assetsOf(chunk.fileName, new Set()).filter((f) => f.endsWith(".woff2"));
        if (fonts.length) files[pairing] = [...new Set(fonts)].sort().map((f) => base + f);
      }
      this.emitFile({ type: "asset", fileName: "typefaces.json", source: JSON.stringify(files) });
    },
  };
}

/** Text files worth compressing; PocketBase sends the .br or .gz beside them (pb_hooks/lib/core/static_files.js). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm)$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? listFiles(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build (once, at build time: the server
 * does no compression work per request). Runs last, after the service workers are written.
 */
function precompress(): Plugin {
  return afterBuild("studio-gallery-precompress", (outDir) => {
    for (const file of listFiles(outDir)) {
      if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
      const bytes = readFileSync(file);
      // Brotli's best level, except on the multi-megabyte codecs where it costs seconds for ~1%.
      const quality = bytes.length > 1024 * 1024 ? 9 : 11;
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  });
}

/**
 * The small modules of the visitor's first visit that the owner's app shares (each was a chunk of its own):
 * the UI's pieces, the toast store, the image sizes and the contract, formats and colours, zustand.
 */
const SHARED_SMALL_MODULES =
  /\/src\/(ui\/(Spinner|Button|TextField|Logo|FieldError|LocaleOptions|texts|tabKeys|useWindowedView)\.tsx?|state\/toast\.ts|domain\/(colors|format|gallery-status|clip-display|image-sizes|image-url|contract)\.ts|lib\/selection\.ts)$|\/node_modules\/zustand\//;

export const THEME_COLOR = "#6d28d9";

export default defineConfig({
  // HEIC_DECODING=off leaves the HEIC decoder (libheif-js, LGPL, an HEVC decoder) out of the build (src/domain/heic-decoding.ts).
  define: { __HEIC_DECODING__: JSON.stringify(process.env.HEIC_DECODING === "off" ? "off" : "on") },
  // Module workers (both are created with type "module"): a worker's dynamic import stays its own chunk,
  // so the HEIC decoder (libheif, about 2 MB) loads only when a HEIC file arrives.
  // hooksContract in every build (pages, workers, both service workers): the zip writer shares pb_hooks/lib/rules/file_names.js.
  worker: { format: "es", plugins: () => [compiledMessages(), hooksContract(), notices.scanner()] },
  plugins: [
    // First, before the visitor's rewrite of /gallery/* to gallery.html: it judges the path asked for.
    crossOriginIsolation(),
    // Catalogues and English ICU texts compiled here, so no message parser ships (issue 43).
    compiledMessages(),
    hooksContract(),
    react(),
    { ...notices.scanner(), apply: "build" },
    typefacePreloads(),
    // Fails the build when a visitor's chunk holds the message parser, the full zod or the owner's code (issue 43).
    visitorWeight(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "workers",
      filename: "sw.ts",
      injectRegister: false,
      registerType: "prompt",
      manifest: {
        // A stable identity (issue 43): the installed app stays the same app whatever start_url becomes.
        id: "/",
        name: "Studio Gallery",
        short_name: "Studio Gallery",
        description: "Client galleries for professional photographers",
        theme_color: THEME_COLOR,
        background_color: "#ffffff",
        display: "standalone",
        start_url: "/",
        scope: "/",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
        // The install dialog's pictures (not precached: see globIgnores).
        screenshots: [
          { src: "/screenshots/owner-grid-wide.png", sizes: "1280x900", type: "image/png", form_factor: "wide", label: "A client's gallery in the owner's grid" },
          { src: "/screenshots/owner-gallery-narrow.png", sizes: "390x844", type: "image/png", form_factor: "narrow", label: "A client's gallery on a phone" },
        ],
        // Photos, clips and zips the operating system sends to the installed app (workers/sw/shareTarget.ts,
        // src/routes/import): shared from another app, or opened with it from the file manager.
        share_target: {
          action: SHARE_TARGET_PATH,
          method: "POST",
          enctype: "multipart/form-data",
          params: { files: [{ name: SHARED_FILES_FIELD, accept: ["image/*", "video/mp4", "video/quicktime", "video/webm", "application/zip", ".jpg", ".jpeg", ".png", ".heic", ".heif", ".tif", ".tiff", ".webp", ".avif", ".mp4", ".mov", ".m4v", ".webm", ".zip"] }] },
        },
        file_handlers: [
          {
            action: IMPORT_PATH,
            accept: {
              "image/jpeg": [".jpg", ".jpeg"],
              "image/png": [".png"],
              "image/gif": [".gif"],
              "image/webp": [".webp"],
              "image/avif": [".avif"],
              "image/heic": [".heic", ".heif"],
              "image/tiff": [".tif", ".tiff"],
              "video/mp4": [".mp4", ".m4v"],
              "video/quicktime": [".mov"],
              "video/webm": [".webm"],
              "application/zip": [".zip"],
            },
          },
        ],
      },
      injectManifest: {
        // The codecs' WASM too: the converters and imports must work offline. AVIF's encoder is ~3.5 MB.
        globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest,wasm}"],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // The visitor's service worker is not part of the owner's app.
        globIgnores: ["gallery-sw.js", "screenshots/**"],
        buildPlugins: { vite: [hooksContract()], rollup: [notices.scanner()] },
      },
      devOptions: { enabled: false },
    }),
    // After VitePWA, whose page transform adds the manifest link this one takes out of gallery.html.
    visitorPages(),
    // After both service workers are built: they are scanned too.
    notices.writer,
    precompress(),
  ],
  server: {
    proxy: { "/api": "http://127.0.0.1:8090" },
  },
  build: {
    target: "es2022",
    sourcemap: SOURCEMAPS,
    rollupOptions: {
      input: { index: path.resolve(import.meta.dirname, "index.html"), gallery: path.resolve(import.meta.dirname, "gallery.html") },
      // React, its DOM, the router and Lingui's runtime as one file both apps share (issue 43): each response
      // costs a visitor about 1.5 KB of headers besides its bytes, and these always load together.
      // And the small modules both apps share that a visitor's first visit loads (issue 43): left to themselves
      // they made some 15 files of 0.1-2.5 KB each, each costing its headers again (WEIGHT_LIST=1 lists them).
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@lingui\/core|cookie|set-cookie-parser)\// },
            { name: "shared", test: SHARED_SMALL_MODULES },
          ],
        },
      },
    },
  },
});

/**
 * Build of the installable PWA. The service worker is ours (workers/sw.ts, injectManifest) so that the
 * gallery's cache rules and, later, streamed downloads live in code we test; vite-plugin-pwa builds the
 * manifest and injects the precache list.
 */
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { hooksContract } from "./vite-plugin-hooks-contract";

export const THEME_COLOR = "#6d28d9";

export default defineConfig({
  plugins: [
    hooksContract(),
    react(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "workers",
      filename: "sw.ts",
      injectRegister: false,
      registerType: "prompt",
      manifest: {
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
      },
      injectManifest: {
        // The codecs' WASM too: the converters and imports must work offline. AVIF's encoder is ~3.5 MB.
        globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest,wasm}"],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: { "/api": "http://127.0.0.1:8090" },
  },
  build: {
    target: "es2022",
    sourcemap: true,
  },
});

/** libheif-js' ES module build (the wasm inlined): its default export makes the Emscripten module. */
declare module "libheif-js/libheif-wasm/libheif-bundle.mjs" {
  const factory: (options?: object) => unknown;
  export default factory;
}

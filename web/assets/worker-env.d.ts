// What worker.js finds before it in the worker's script: wasm-bindgen's glue for koma's
// WebAssembly build (`--target no-modules`, which defines `wasm_bindgen`; wasm/src/lib.rs). Only
// what the worker uses. Its answers are api.rs's types, as JSON values.

interface KomaVariant {
  info(): import("./api").VariantInfo;
  version(): number;
  diagram(index: number): string | undefined;
  state(game: import("./api").GameRequest): import("./api").GameState;
  engine(request: import("./api").EngineRequest): import("./api").EngineReply;
  free(): void;
}

declare const wasm_bindgen: ((options: { module_or_path: BufferSource }) => Promise<unknown>) & {
  Variant: new (file: string, text: string, files: Record<string, string>) => KomaVariant;
};

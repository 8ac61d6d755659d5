// @ts-check
// koma's worker: the WebAssembly build of koma answers the page's questions here, so a long
// search never blocks the page. wasm-bindgen's glue (`--target no-modules`, which defines
// `wasm_bindgen`) comes first in this worker's script. Messages: `{id, method, args}` in,
// `{id, result}` or `{id, error}` out; the methods answer as the HTTP API does (docs/web.md),
// and `edit` gives the variant's file a new text (the playground).

/** @typedef {import("./api").SourceFile} SourceFile */

/** @type {KomaVariant | null} */
let variant = null;
/** The variant's file. @type {SourceFile | null} */
let main = null;
/** The files it extends, text by name. @type {Record<string, string>} */
let files = {};

/** @param {string} text */
function base64Bytes(text) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function compile() {
  if (variant) variant.free();
  variant = new wasm_bindgen.Variant(main.file, main.text, files);
}

/** The page's questions (app.js's `Transport`), answered as the HTTP API answers them. */
const methods = {
  /** @param {string} wasm the module in base64 @param {SourceFile[]} sources */
  async init(wasm, sources) {
    await wasm_bindgen({ module_or_path: base64Bytes(wasm) });
    main = { ...sources[0] };
    files = Object.fromEntries(sources.slice(1).map((s) => [s.file, s.text]));
    compile();
  },
  /** @param {string} text */
  edit(text) {
    main.text = text;
    compile();
  },
  /** @returns {import("./api").VariantList} */
  variants() {
    const info = variant.info();
    return { variants: [{ index: 0, file: main.file, name: info.variant ? info.variant.name : main.file }] };
  },
  /** @returns {import("./api").VariantInfo} */
  info() {
    const info = variant.info();
    for (const p of info.variant ? info.variant.pieces : []) {
      p.diagram = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(variant.diagram(p.index))}`;
    }
    return info;
  },
  status: () => ({ version: variant.version() }),
  /** @param {import("./api").GameRequest} game */
  state: (game) => variant.state(game),
  /** @param {import("./api").EngineRequest} request */
  engine: (request) => variant.engine(request),
};

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ id: data.id, result: await methods[data.method](...data.args) });
  } catch (e) {
    self.postMessage({ id: data.id, error: String(e && e.message ? e.message : e) });
  }
};

// @ts-check
// koma's page: draws the board, pieces, diagrams and rules it is given, and asks koma (the server,
// or its WebAssembly build in a book) for everything about the game. No rule lives here: the
// legal moves are the runtime's, and a click only chooses among them.
//
// Type-checked (`npx tsc` in web/, docs/web.md) against the JSON types of web/src/api.rs, which
// assets/api.d.ts declares (generated from them): a field renamed there fails the check here.

/** @typedef {import("./api").VariantList} VariantList */
/** @typedef {import("./api").VariantInfo} VariantInfo */
/** @typedef {import("./api").VariantData} VariantData */
/** @typedef {import("./api").DiagnosticInfo} DiagnosticInfo */
/** @typedef {import("./api").PieceInfo} PieceInfo */
/** @typedef {import("./api").RuleInfo} RuleInfo */
/** @typedef {import("./api").Status} Status */
/** @typedef {import("./api").GameRequest} GameRequest */
/** @typedef {import("./api").GameState} GameState */
/** @typedef {import("./api").MoveInfo} MoveInfo */
/** @typedef {import("./api").EngineRequest} EngineRequest */
/** @typedef {import("./api").EngineReply} EngineReply */
/** @typedef {import("./api").BookData} BookData */
/** @typedef {import("./api").SourceFile} SourceFile */

const SVG = "http://www.w3.org/2000/svg";
const CELL = 48;
const MARGIN = 22;
const POLL_MS = 1000;
const EDIT_MS = 250;
// The zoom steps: 1 shows the whole board; above it the board's frame scrolls to pan, so a
// 36x36 board's kanji stay legible.
const ZOOMS = [1, 1.5, 2, 3, 4];

/** A book's data (`koma book`); `null` on the server's page. @type {BookData | null} */
const embedded = JSON.parse(document.getElementById("koma-data").textContent);
// A book without koma's WebAssembly build inside is a static page: it shows, it cannot play.
const book = Boolean(embedded && embedded.book && !embedded.wasm);
const playground = Boolean(embedded && embedded.playground);
const variantIndex = Number(new URLSearchParams(location.search).get("variant") || 0);
const api = `/api/variants/${variantIndex}`;

/**
 * A choice of move in progress: the piece (or `hand:ID`) chosen, the legal moves it may make,
 * and the marks on the board (square -> "move", "capture", "route" or "route-end").
 * @typedef {object} MoveChoice
 * @property {string} from
 * @property {"destination" | "route"} stage
 * @property {MoveInfo[]} moves
 * @property {Map<string, string>} marks
 * @property {MoveInfo[]} [candidates] the moves that end on the chosen destination
 * @property {MoveInfo[]} [minimal] those of them that take nothing more on the way
 */

/**
 * @type {{info: VariantInfo | null, state: GameState | null, start: string, moves: string[],
 *   future: string[], selection: MoveChoice | null, flipped: boolean, style: string | null,
 *   glyphs: boolean, zoom: number, busy: boolean}}
 */
const page = {
  info: null,
  state: null,
  start: "startpos", // the game's start position text
  moves: [],         // move texts played
  future: [],        // moves taken back, for redo
  selection: null,   // see select()
  flipped: false,
  style: null,       // "shogi" or "chess"
  glyphs: true,      // draw pieces by their glyphs (kanji) where the file gives them
  zoom: 1,           // the board's width over the window's (1: the whole board, see ZOOMS)
  busy: false,
};

/** @type {(id: string) => HTMLElement} */
const $ = (id) => document.getElementById(id);

/** @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement} Control */
/** A form control of the page (its value, whether it is disabled). @type {(id: string) => Control} */
const control = (id) => /** @type {Control} */ ($(id));

/** @param {string} tag an HTML tag, or `svg:` and an SVG tag @param {object} [attrs] @param {string} [text] */

function el(tag, attrs = {}, text) {
  const node = tag.startsWith("svg:")
    ? document.createElementNS(SVG, tag.slice(4))
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

/** @param {string} text */
function message(text, isError = false) {
  $("message").textContent = text || "";
  $("message").classList.toggle("error", isError);
}

/** @param {string} path @param {unknown} [body] a POST's JSON body @returns {Promise<any>} */
async function request(path, body) {
  const init = body === undefined
    ? {}
    : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ---- the transport: the one way the page asks about the variant and the game ----
//
// `koma serve` answers over HTTP. A book answers from koma's WebAssembly build, run in a Web
// Worker (worker.js) so a search never blocks the page: `koma-wasm.js`, a classic script beside
// the page (readable from file://), holds the worker's code and the module.

/**
 * The questions the page asks, each answered with one of api.rs's types.
 * @typedef {object} Transport
 * @property {() => Promise<VariantList>} variants
 * @property {() => Promise<VariantInfo>} info
 * @property {() => Promise<Status>} status
 * @property {(game: GameRequest) => Promise<GameState>} state
 * @property {(ask: EngineRequest) => Promise<EngineReply>} engine
 * @property {(text: string) => Promise<void>} [edit] the playground's new text of the variant
 */

/** @returns {Transport} */
function httpTransport() {
  return {
    variants: () => request("/api/variants"),
    info: () => request(api),
    status: () => request(`${api}/status`),
    state: (game) => request(`${api}/state`, game),
    engine: (ask) => request(`${api}/engine`, ask),
  };
}

/** @param {SourceFile[]} sources @returns {Transport} */
function wasmTransport(sources) {
  /** `koma-wasm.js` (book.rs): the worker's script and the module in base64. */
  const code = /** @type {{worker: string, wasm: string}} */ (/** @type {any} */ (self).komaWasm);
  const worker = new Worker(URL.createObjectURL(new Blob([code.worker], { type: "text/javascript" })));
  /** @type {Map<number, {resolve: (value: any) => void, reject: (error: Error) => void}>} */
  const waiting = new Map();
  let next = 0;
  worker.onmessage = ({ data }) => {
    const call = waiting.get(data.id);
    waiting.delete(data.id);
    if ("error" in data) call.reject(new Error(data.error));
    else call.resolve(data.result);
  };
  /** @type {(method: string, ...args: unknown[]) => Promise<any>} */
  const call = (method, ...args) => new Promise((resolve, reject) => {
    waiting.set(next, { resolve, reject });
    worker.postMessage({ id: next++, method, args });
  });
  const ready = call("init", code.wasm, sources);
  /** @param {string} method */
  const ask = (method) => (...args) => ready.then(() => call(method, ...args));
  return {
    variants: ask("variants"), info: ask("info"), status: ask("status"),
    state: ask("state"), engine: ask("engine"), edit: ask("edit"),
  };
}

const transport = book ? null : embedded ? wasmTransport(embedded.sources) : httpTransport();

// ---- the variant: header, diagnostics, pieces, rules ----

/** @param {VariantInfo} info */
function showInfo(info) {
  page.info = info;
  const v = info.variant;
  $("file").textContent = info.file;
  showDiagnostics(info.diagnostics);
  $("play").hidden = !v;
  $("pieces-section").hidden = !v;
  $("rules-section").hidden = !v;
  if (!v) {
    $("name").textContent = info.file;
    document.title = `${info.file}: errors`;
    return;
  }
  $("name").textContent = v.name;
  document.title = `${v.name} - koma`;
  const credits = [];
  const made = [v.inventor, v.year].filter((x) => x !== null && x !== undefined);
  if (made.length) credits.push(made.join(", "));
  $("credits").replaceChildren(...credits.map((c) => document.createTextNode(c)));
  if (v.source) {
    // Only a web address becomes a link: `javascript:` and its kind would run in this page.
    const source = /^https?:\/\//i.test(v.source)
      ? el("a", { href: v.source, rel: "noreferrer" }, "rules source")
      : `source: ${v.source}`;
    $("credits").append(credits.length ? " · " : "", source);
  }
  page.style = page.style || v.style;
  $("glyphs").hidden = !v.pieces.some((p) => p.glyph);
  $("engine").hidden = !info.engine;
  showPieces(v);
  showRules(v.rules);
}

/** @param {DiagnosticInfo[]} list */
function showDiagnostics(list) {
  $("diagnostics").hidden = list.length === 0;
  $("diagnostic-list").replaceChildren(...list.map((d) => {
    const li = el("li", { class: d.severity });
    li.append(
      el("span", { class: "severity" }, `${d.severity}[${d.code}]`),
      document.createTextNode(`: ${d.message} `),
      el("span", { class: "where" }, `(${d.file}:${d.line}:${d.column})`),
    );
    const caret = (column, text) => `${" ".repeat(Math.max(0, column - 1))}^ ${text}`;
    const lines = [d.source_line];
    if (d.label) lines.push(caret(d.column, d.label));
    // Every secondary label too ("first defined here"), as the command line shows them.
    for (const l of d.labels || []) {
      lines.push(`${l.file}:${l.line}:${l.column}:`, l.source_line, caret(l.column, l.message));
    }
    if (d.help) lines.push(`help: ${d.help}`);
    li.append(el("pre", {}, lines.join("\n")));
    return li;
  }));
}

/** @param {string} id */
function pieceById(id) {
  return page.info.variant.pieces.find((p) => p.id === id);
}

/** @param {VariantData} v */
function showPieces(v) {
  $("pieces").replaceChildren(...v.pieces.map((p) => {
    const card = el("article", { class: "piece-card", id: `piece-${p.index}` });
    const h = el("h3");
    const icon = el("svg:svg", { viewBox: `0 0 ${CELL} ${CELL}` });
    icon.append(drawPiece(p, "first", CELL / 2, CELL / 2));
    h.append(icon, document.createTextNode(`${p.name} (${p.id})`));
    card.append(h);
    card.append(el("p", { class: "betza" }, p.betza));
    if (p.royal) card.append(el("p", { class: "royal" }, "royal"));
    // What the rules do to it (promotion, burning, ...): the notes its diagram's legend ends with.
    if (p.notes.length) {
      const notes = el("ul", { class: "notes" });
      notes.append(...p.notes.map((n) => el("li", {}, `${n[0].toUpperCase()}${n.slice(1)}.`)));
      card.append(notes);
    }
    card.append(el("img", { src: p.diagram, alt: p.title, loading: "lazy" }));
    // What the search box matches: the name, ID, glyph and XBetza, in lower case.
    card.setAttribute("data-search", [p.name, p.id, p.glyph || "", p.betza].join("\n").toLowerCase());
    return card;
  }));
  filterPieces();
}

// Shows the piece cards whose name, ID, glyph or XBetza contains the search text.
function filterPieces() {
  const query = control("piece-search").value.trim().toLowerCase();
  const cards = /** @type {HTMLElement[]} */ ([...document.querySelectorAll("#pieces .piece-card")]);
  let shown = 0;
  for (const card of cards) {
    const hit = !query || card.getAttribute("data-search").includes(query);
    card.hidden = !hit;
    if (hit) shown += 1;
  }
  $("piece-count").textContent = query ? `${shown} of ${cards.length} pieces` : `${cards.length} pieces`;
}

/** @param {RuleInfo[]} rules */
function showRules(rules) {
  $("rules").replaceChildren(...rules.flatMap((r) => [el("dt", {}, r.topic), el("dd", {}, r.words)]));
}

// ---- the board ----

/** @param {PieceInfo} piece @param {string} player `first` or `second` @param {number} cx @param {number} cy */
function drawPiece(piece, player, cx, cy) {
  const g = el("svg:g", { class: "piece", "data-piece": piece.id, "data-player": player });
  g.append(el("svg:title", {}, `${piece.name} (${piece.id})${player === "second" ? ", second player" : ""}`));
  const label = piece.id;
  const size = label.length <= 1 ? 22 : label.length === 2 ? 18 : label.length === 3 ? 14 : 11;
  const promoted = piece.promoted ? " promoted" : "";
  const glyph = page.glyphs && piece.glyph ? [...piece.glyph] : null;
  if (page.style === "shogi" || glyph) {
    const s = CELL * 0.43;
    const up = player === "first" ? 1 : -1;
    const pts = [
      [0, -s], [s * 0.72, -s * 0.62], [s * 0.86, s], [-s * 0.86, s], [-s * 0.72, -s * 0.62],
    ].map(([x, y]) => `${cx + x},${cy + y * up}`).join(" ");
    g.append(el("svg:polygon", { points: pts, class: `shogi-piece ${player}` }));
    if (glyph) g.append(...glyphText(glyph, cx, cy + 2 * up, `shogi-label glyph${promoted}`));
    else g.append(el("svg:text", { x: cx, y: cy + 3 * up, class: `shogi-label${promoted}`, "font-size": size }, label));
  } else {
    g.append(el("svg:circle", { cx, cy, r: CELL * 0.4, class: `chess-piece ${player}` }));
    g.append(el("svg:text", { x: cx, y: cy + 1, class: `chess-label ${player}${promoted}`, "font-size": size }, label));
  }
  return g;
}

// A glyph as shogi pieces are written: its characters one above the other, centred on (cx, cy).
/** @param {string[]} chars @param {number} cx @param {number} cy @param {string} cls */
function glyphText(chars, cx, cy, cls) {
  // A CJK font's box is about 1.45 times its size: the characters stay inside the pentagon.
  const size = Math.min(CELL * 0.42, (CELL * 0.62) / chars.length);
  return chars.map((c, i) => el("svg:text", {
    x: cx, y: cy + (i - (chars.length - 1) / 2) * size, class: cls, "font-size": size.toFixed(1),
  }, c));
}

function geometry() {
  const b = page.info.variant.board;
  const at = (x, y) => {
    const col = page.flipped ? b.width - 1 - x : x;
    const row = page.flipped ? y : b.height - 1 - y;
    return [MARGIN + col * CELL, MARGIN + row * CELL];
  };
  const byName = new Map(b.squares.map((s) => [s.name, s]));
  return { b, at, byName };
}

// The whole board stands in the window below whatever is above it (the header, the
// diagnostics): its width is capped by the height left and the board's shape.
function fitBoard() {
  const box = /** @type {SVGSVGElement} */ (document.querySelector("svg#board")).viewBox.baseVal;
  if (!box || !box.height) return;
  const top = $("play").getBoundingClientRect().top + window.scrollY;
  const room = Math.max(280, window.innerHeight - top - 12);
  const wrap = $("board-wrap");
  wrap.style.maxWidth = `min(100%, ${Math.floor((room * box.width) / box.height)}px)`;
  // Zoomed in, the frame keeps that size and the board inside it grows: scrolling pans.
  const zoomed = page.zoom > 1;
  wrap.classList.toggle("zoomed", zoomed);
  wrap.style.maxHeight = zoomed ? `${room}px` : "";
  $("board").style.width = zoomed ? `${page.zoom * 100}%` : "";
}

// Zooms to `level`, keeping the square at the middle of the frame in the middle.
/** @param {number} level one of ZOOMS */
function setZoom(level) {
  const wrap = $("board-wrap");
  const middle = [
    (wrap.scrollLeft + wrap.clientWidth / 2) / Math.max(1, wrap.scrollWidth),
    (wrap.scrollTop + wrap.clientHeight / 2) / Math.max(1, wrap.scrollHeight),
  ];
  page.zoom = level;
  fitBoard();
  wrap.scrollLeft = middle[0] * wrap.scrollWidth - wrap.clientWidth / 2;
  wrap.scrollTop = middle[1] * wrap.scrollHeight - wrap.clientHeight / 2;
  control("zoom-out").disabled = level === ZOOMS[0];
  control("zoom-fit").disabled = level === ZOOMS[0];
  control("zoom-in").disabled = level === ZOOMS[ZOOMS.length - 1];
  $("zoom-level").textContent = `${level * 100}%`;
}

/** @param {number} step +1 or -1 */
function zoomBy(step) {
  const at = ZOOMS.indexOf(page.zoom);
  setZoom(ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, at + step))]);
}

function drawBoard() {
  const svg = $("board");
  const v = page.info.variant;
  const state = page.state;
  const { b, at, byName } = geometry();
  svg.setAttribute("viewBox", `0 0 ${b.width * CELL + 2 * MARGIN} ${b.height * CELL + 2 * MARGIN}`);
  fitBoard();
  svg.setAttribute("class", `board-${page.style}`);
  const zone = new Set([...b.zone, ...b.zone_second]);
  const vanishing = new Set(b.vanishing);
  const vanished = new Set(state ? state.vanished : []);
  const check = new Set(state ? state.check : []);
  const last = state && state.last ? new Set([state.last.from, state.last.to]) : new Set();
  const sel = page.selection;
  const marks = sel ? sel.marks : new Map();
  const layers = { squares: el("svg:g"), marks: el("svg:g"), pieces: el("svg:g"), coords: el("svg:g") };
  for (const s of b.squares) {
    const [x, y] = at(s.x, s.y);
    const classes = ["sq", (s.x + s.y) % 2 === 0 ? "dark" : "light"];
    if (zone.has(s.name)) classes.push("zone");
    if (vanishing.has(s.name)) classes.push("vanishing");
    if (vanished.has(s.name)) classes.push("vanished");
    if (last.has(s.name)) classes.push("last");
    if (check.has(s.name)) classes.push("check");
    if (sel && sel.from === s.name) classes.push("selected");
    const mark = marks.get(s.name);
    if (mark) classes.push(mark === "route" || mark === "route-end" ? "route" : "target");
    layers.squares.append(el("svg:rect", {
      x, y, width: CELL, height: CELL, class: classes.join(" "), "data-square": s.name,
    }));
    if (mark) {
      const cx = x + CELL / 2, cy = y + CELL / 2;
      if (mark === "move") layers.marks.append(el("svg:circle", { cx, cy, r: CELL * 0.16, class: "mark move" }));
      else if (mark === "capture") layers.marks.append(el("svg:circle", { cx, cy, r: CELL * 0.44, class: "mark capture" }));
      else layers.marks.append(el("svg:circle", { cx, cy, r: CELL * 0.44, class: "mark route" }));
    }
  }
  if (state) {
    for (const p of state.pieces) {
      const s = byName.get(p.square);
      const piece = pieceById(p.id);
      if (!s || !piece) continue;
      const [x, y] = at(s.x, s.y);
      const g = drawPiece(piece, p.player, x + CELL / 2, y + CELL / 2);
      g.setAttribute("data-square", p.square);
      layers.pieces.append(g);
    }
  }
  // File letters under the board, rank numbers on the left, as the runtime names them.
  /** @type {(names: string[]) => Map<number, string>} the named columns or rows by index */
  const named = (names) => new Map(names.flatMap((n, i) => (n ? [[i, n]] : [])));
  const files = named(b.files);
  const ranks = named(b.ranks);
  for (const [x, letter] of files) {
    const [px] = at(x, 0);
    layers.coords.append(el("svg:text", { x: px + CELL / 2, y: b.height * CELL + MARGIN + 11, class: "coord" }, letter));
  }
  for (const [y, number] of ranks) {
    const [, py] = at(0, y);
    layers.coords.append(el("svg:text", { x: MARGIN / 2, y: py + CELL / 2, class: "coord" }, number));
  }
  svg.replaceChildren(layers.squares, layers.pieces, layers.marks, layers.coords);
}

// ---- the game panel ----

function showState() {
  const state = page.state;
  const v = page.info.variant;
  const mover = state.side === "first" ? "First player" : "Second player";
  $("status").textContent = state.result
    ? `Game over after ${state.ply} moves`
    : `${mover} to move${state.check.length ? " (in check)" : ""} · move ${Math.floor(state.ply / 2) + 1}`;
  $("result").hidden = !state.result;
  if (state.result) {
    const r = state.result;
    const who = r.winner ? `${r.winner === "first" ? "First" : "Second"} player wins` : "Draw";
    $("result").textContent = `${r.score}: ${who} by ${r.reason}`;
  }
  showHands(state);
  const items = page.moves.map((m) => el("li", {}, m));
  items.push(...[...page.future].reverse().map((m) => el("li", { class: "redo" }, m)));
  $("moves").replaceChildren(...items);
  $("moves").scrollTop = $("moves").scrollHeight;
  control("position").value = state.position;
  control("undo").disabled = book || page.moves.length === 0;
  control("redo").disabled = book || page.future.length === 0;
  control("pass").disabled = book || !state.moves.some((m) => m.kind === "pass");
  control("restart").disabled = book || (page.moves.length === 0 && page.start === v.start);
  control("setup").disabled = book;
  drawBoard();
}

/** @param {string} start @param {string[]} moves @param {string[]} [future] */
async function load(start, moves, future = []) {
  if (book) return;
  page.busy = true;
  try {
    const state = await transport.state({ start, moves });
    page.start = start;
    page.moves = moves;
    page.future = future;
    page.state = state;
    page.selection = null;
    hidePromotion();
    showState();
    await engineTurn();
  } finally {
    page.busy = false;
  }
}

/** @param {string} text a legal move's text */
async function play(text) {
  if (book) {
    message("This is a static page: run `koma serve FILE` to play.");
    page.selection = null;
    drawBoard();
    return;
  }
  const future = page.future.length && page.future[page.future.length - 1] === text
    ? page.future.slice(0, -1) : [];
  try {
    await load(page.start, [...page.moves, text], future);
    message(`Played ${text}.`);
  } catch (e) {
    message(e.message, true);
  }
}

// ---- choosing a move by clicking ----
//
// Click a piece: its destinations are marked. Click a destination: when several legal moves end
// there but take different pieces on the way (a Lion's double capture, igui, a chosen burn),
// the squares that tell them apart are marked next, and the destination itself when one of them
// takes nothing more; when they differ only in promotion, the promotion choice appears.

// Pieces in hand: a button per piece type; the side to move's buttons select that piece's drops.
/** @param {GameState} state */
function showHands(state) {
  const rows = ["first", "second"].map((player) => {
    const pieces = state.hands.filter((h) => h.player === player);
    const label = `${player === "first" ? "First" : "Second"} player's hand: `;
    const buttons = pieces.map((h) => {
      const b = /** @type {HTMLButtonElement} */ (el("button", { "data-hand": h.id, "data-player": player }, `${h.id} ×${h.count}`));
      b.disabled = book || player !== state.side || !!state.result;
      b.addEventListener("click", () => selectHand(h.id));
      return b;
    });
    const row = el("p", { class: "hand" }, label);
    row.append(...(buttons.length ? buttons : [el("span", {}, "empty")]));
    return row;
  });
  $("hands").replaceChildren(...rows);
  $("hands").hidden = !page.info.variant.drops;
}

/** @param {string} id */
function selectHand(id) {
  const moves = page.state.moves.filter((m) => m.kind === "drop" && m.piece === id);
  if (!moves.length) return;
  const marks = new Map(moves.map((m) => [m.to, "move"]));
  page.selection = { from: `hand:${id}`, stage: "destination", moves, marks };
  hidePromotion();
  const q = pieceById(id);
  message(`${q ? q.name : id} (${id}) from the hand: ${moves.length} square${moves.length === 1 ? "" : "s"} to drop on.`);
  drawBoard();
}

/** @param {MoveInfo} m */
function baseKey(m) {
  return [m.from, m.to, [...m.captures].sort().join(","), m.kind].join("|");
}

/** @param {string} square */
function selectPiece(square) {
  const moves = page.state.moves.filter((m) => m.from === square);
  if (!moves.length) return false;
  const marks = new Map();
  for (const m of moves) {
    const capture = m.captures.includes(m.to) || (m.to === m.from && m.captures.length > 0);
    if (capture || !marks.has(m.to)) marks.set(m.to, capture ? "capture" : "move");
  }
  page.selection = { from: square, stage: "destination", moves, marks };
  hidePromotion();
  const piece = page.state.pieces.find((p) => p.square === square);
  const q = piece && pieceById(piece.id);
  message(q ? `${q.name} (${q.id}) on ${square}: ${moves.length} legal move${moves.length === 1 ? "" : "s"}.` : "");
  drawBoard();
  return true;
}

/** @param {MoveInfo[]} candidates the legal moves that end on the chosen square */
function resolve(candidates) {
  /** @type {Map<string, MoveInfo[]>} */
  const bases = new Map();
  for (const m of candidates) {
    const k = baseKey(m);
    if (!bases.has(k)) bases.set(k, []);
    bases.get(k).push(m);
  }
  if (bases.size === 1) {
    if (candidates.length === 1) return play(candidates[0].text);
    return askPromotion(candidates);
  }
  // Tell the routes apart by the squares they empty.
  const sets = candidates.map((m) => new Set(m.captures));
  const common = [...sets[0]].filter((s) => sets.every((c) => c.has(s)));
  const marks = new Map();
  for (const set of sets) for (const s of set) if (!common.includes(s)) marks.set(s, "route");
  const to = candidates[0].to;
  const minimal = candidates.filter((m) => m.captures.length === common.length);
  if (minimal.length) marks.set(to, "route-end");
  page.selection = { ...page.selection, stage: "route", candidates, marks, minimal };
  message(minimal.length
    ? "Several moves end here: click a piece to take on the way, or the destination again to take nothing more."
    : "Several moves end here: click the piece to take on the way.");
  drawBoard();
}

/** @param {MoveInfo[]} candidates */
function askPromotion(candidates) {
  const box = $("promo-choices");
  box.replaceChildren(...candidates.map((m) => {
    const q = m.promotion && pieceById(m.promotion);
    const label = m.promotion ? `${q ? q.name : m.promotion} (${m.promotion})` : "No promotion";
    const b = el("button", { "data-promotion": m.promotion || "", "data-move": m.text }, label);
    b.addEventListener("click", () => { hidePromotion(); play(m.text); });
    return b;
  }));
  $("promo").hidden = false;
  message("Choose the promotion.");
}

function hidePromotion() {
  $("promo").hidden = true;
  $("promo-choices").replaceChildren();
}

/** @param {string} square */
function onSquare(square) {
  if (!page.state || page.busy || page.state.result) return;
  const sel = page.selection;
  if (sel && sel.stage === "destination" && sel.marks.has(square)) {
    return resolve(sel.moves.filter((m) => m.to === square));
  }
  if (sel && sel.stage === "route") {
    const mark = sel.marks.get(square);
    if (mark === "route-end") return resolve(sel.minimal);
    if (mark) return resolve(sel.candidates.filter((m) => m.captures.includes(square)));
  }
  if (!sel || sel.from !== square) {
    if (selectPiece(square)) return;
  }
  page.selection = null;
  hidePromotion();
  message("");
  drawBoard();
}

// ---- the engine ----

async function engineTurn() {
  if (!page.info.engine || page.state.result) return;
  const who = control("engine-side").value;
  if (who !== "both" && who !== page.state.side) return;
  const depth = Number(control("engine-depth").value) || undefined;
  const millis = Math.round((Number(control("engine-seconds").value) || 0) * 1000) || undefined;
  message("The engine is thinking...");
  try {
    const reply = await transport.engine({ start: page.start, moves: page.moves, depth, millis });
    await play(reply.move);
  } catch (e) {
    message(e.message, true);
  }
}

// ---- keeping up with the file on disk (or in the playground's editor) ----

async function refresh() {
  const status = await transport.status();
  if (page.info && status.version !== page.info.version) {
    const info = await transport.info();
    showInfo(info);
    if (info.variant) {
      try {
        await load(page.start, page.moves, page.future);
        message("The file changed: reloaded.");
      } catch (e) {
        await load(info.variant.start, []);
        message(`The file changed and the game no longer replays (${e.message}): new game.`, true);
      }
    }
  }
}

async function poll() {
  try {
    await refresh();
  } catch (e) {
    // The server is gone (stopped): say so once and keep trying.
    message(`Lost the server: ${e.message}`, true);
  }
  setTimeout(poll, POLL_MS);
}

// ---- start ----

function wire() {
  $("board").addEventListener("click", (event) => {
    const rect = /** @type {Element} */ (event.target).closest("[data-square]");
    if (rect) onSquare(rect.getAttribute("data-square"));
  });
  $("undo").addEventListener("click", () => {
    if (!page.moves.length) return;
    const last = page.moves[page.moves.length - 1];
    load(page.start, page.moves.slice(0, -1), [...page.future, last]).catch((e) => message(e.message, true));
  });
  $("redo").addEventListener("click", () => {
    if (page.future.length) play(page.future[page.future.length - 1]);
  });
  $("pass").addEventListener("click", () => {
    const pass = page.state.moves.find((m) => m.kind === "pass");
    if (pass) play(pass.text);
  });
  $("restart").addEventListener("click", () => {
    load(page.info.variant.start, []).then(() => message("New game.")).catch((e) => message(e.message, true));
  });
  $("flip").addEventListener("click", () => { page.flipped = !page.flipped; drawBoard(); });
  $("glyphs").addEventListener("click", () => {
    page.glyphs = !page.glyphs;
    $("glyphs").textContent = page.glyphs ? "Letters" : "Kanji";
    showPieces(page.info.variant);
    drawBoard();
  });
  $("style").addEventListener("click", () => {
    page.style = page.style === "shogi" ? "chess" : "shogi";
    showPieces(page.info.variant);
    drawBoard();
  });
  $("setup").addEventListener("click", () => {
    const text = control("position").value.trim();
    load(text, []).then(() => message("Set up.")).catch((e) => message(e.message, true));
  });
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(control("position").value);
      message("Position text copied.");
    } catch {
      /** @type {HTMLTextAreaElement} */ (control("position")).select();
      message("Select and copy the position text.");
    }
  });
  $("engine-side").addEventListener("change", () => engineTurn());
  $("zoom-in").addEventListener("click", () => zoomBy(1));
  $("zoom-out").addEventListener("click", () => zoomBy(-1));
  $("zoom-fit").addEventListener("click", () => setZoom(1));
  $("piece-search").addEventListener("input", filterPieces);
  window.addEventListener("resize", fitBoard);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      page.selection = null;
      hidePromotion();
      drawBoard();
    }
  });
}

async function variantMenu() {
  const list = await transport.variants();
  if (list.variants.length < 2) return;
  const select = /** @type {HTMLSelectElement} */ (control("variant-select"));
  select.replaceChildren(...list.variants.map((v) => el("option", { value: v.index, selected: v.index === variantIndex }, v.name)));
  select.hidden = false;
  select.addEventListener("change", () => { location.search = `?variant=${select.value}`; });
}

// The playground: the variant's text in an editor; each edit compiles again, and the page
// follows as it follows a file saved on disk.
function wirePlayground() {
  $("editor-section").hidden = false;
  control("source").value = embedded.sources[0].text;
  let timer = null;
  $("source").addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      transport.edit(control("source").value).then(refresh).catch((e) => message(e.message, true));
    }, EDIT_MS);
  });
}

async function main() {
  wire();
  if (embedded && embedded.book) $("book-links").hidden = false;
  if (playground) wirePlayground();
  if (book) {
    showInfo(embedded.info);
    page.state = embedded.state;
    showState();
    message(embedded.start
      ? "A static page: click a piece to see its moves in the start position."
      : "The variant has no start position, so the board is empty: run `koma serve FILE --fen POSITION` to play from one.");
    return;
  }
  try {
    showInfo(await transport.info());
    await variantMenu();
    if (page.info.variant) await load(page.info.variant.start, []);
  } catch (e) {
    $("name").textContent = "koma";
    $("play").hidden = false;
    message(e.message, true);
  }
  if (!embedded) setTimeout(poll, POLL_MS);
}

main();

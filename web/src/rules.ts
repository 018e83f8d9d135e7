// The rules page: a variant's rules text, its board, and a movement
// diagram per piece from the server (wire.Diagram): click a piece's name
// and the board shows it alone with the squares it moves to, captures on,
// or both — as the Interactive Diagram does.

import { BoardView, seatUp, startSquare, type Dest } from "./board";
import { tryParse, type Pt } from "./coord";
import { byId, clear, errorText, getJSON, h, showError } from "./dom";
import { checkBoard, type Board, type Diagram, type RulesAnswer, type VariantInfo } from "./wire";

let view: BoardView | null = null;
let diagrams: Diagram[] = [];

// request reads the variant and options from /rules/{variant}?option=… or
// rules.html?variant=…&option=….
function request(): { variant: string; options: string[] } {
  const q = new URLSearchParams(location.search);
  const m = /^\/rules\/([^/]+)\/?$/.exec(location.pathname);
  const variant = m ? decodeURIComponent(m[1]) : q.get("variant") ?? "";
  return { variant, options: q.getAll("option") };
}

async function start(): Promise<void> {
  const req = request();
  if (!req.variant) {
    showError("no variant named: open a rules page from the home page");
    return;
  }
  const qs = new URLSearchParams();
  qs.set("variant", req.variant);
  for (const o of req.options) qs.append("option", o);
  // The variants' list (for the options form) is fetched beside the rules
  // and the form built before the board and the piece list, so that
  // nothing moves under a reader's click once the pieces are listed.
  const variants = getJSON<VariantInfo[]>("/api/variants").catch(() => null);
  let ans: RulesAnswer;
  try {
    ans = await getJSON<RulesAnswer>(`/api/rules?${qs}`);
  } catch (e) {
    showError(`the rules of ${req.variant}: ${errorText(e)}`);
    return;
  }
  let board: Board;
  try {
    board = checkBoard(ans?.board);
  } catch (e) {
    showError(errorText(e));
    return;
  }
  diagrams = Array.isArray(ans.diagrams) ? ans.diagrams : [];
  document.title = `${board.title} · rules · anychess`;
  byId("title").textContent = `${board.title} — rules`;
  byId("help").textContent = board.help + (board.candidateNote ? "\n\n" + board.candidateNote : "");
  optionsForm(await variants, req.variant, req.options);
  const area = byId("board-area");
  view = new BoardView(area, board, {
    up: seatUp(board, 0),
    mayTurn: true,
    maxHeight: () => Math.max(260, window.innerHeight - area.getBoundingClientRect().top - 16),
  });
  byId("layout").classList.toggle("stacked", view.aspect() > 1.6 && window.innerWidth >= 700);
  view.layout();
  window.addEventListener("resize", () => view?.layout());
  const list = byId("piece-list");
  const pieces = board.pieces ?? [];
  pieces.forEach((p) => {
    const d = diagrams.find((x) => x.letter === p.letter);
    const b = h("button", { type: "button", class: "piece-name", "data-letter": p.letter }, `${p.letter} — ${p.name}`);
    b.addEventListener("click", () => show(p.letter));
    list.appendChild(h("li", {}, b, h("code", { class: "betza", title: "Betza notation" }, p.betza || "(does not move)"), d ? "" : h("small", {}, " (no diagram)")));
  });
  legend();
  if (diagrams.length > 0) show(diagrams[0].letter);
  else if (pieces.length > 0) showError("the server sent no movement diagrams");
}

// show draws piece letter's diagram on the board.
function show(letter: string): void {
  const v = view;
  if (!v) return;
  const d = diagrams.find((x) => x.letter === letter);
  for (const b of Array.from(document.querySelectorAll<HTMLElement>("#piece-list .piece-name"))) b.classList.toggle("current", b.dataset.letter === letter);
  if (!d) {
    v.setPosition([], []);
    v.setHighlights({ last: [], check: [], selected: null, dests: [] });
    showError(`no diagram for ${letter}`);
    return;
  }
  const at = tryParse(d.at);
  if (!at) {
    showError(`the diagram of ${letter} has a bad square`);
    return;
  }
  showError("");
  const owner = Number.isInteger(d.owner) ? d.owner : 0;
  v.setPosition([{ at: d.at, letter: d.letter, owner }], []);
  if (v.unbounded) v.centerOn(startSquare([{ at: d.at, letter: d.letter, owner }], v.board, owner));
  const dests: Dest[] = [];
  const add = (list: typeof d.moves, kind: Dest["kind"]) => {
    for (const c of list ?? []) {
      const p = tryParse(c);
      if (p) dests.push({ at: p, kind });
    }
  };
  add(d.moves, "move");
  add(d.captures, "capture");
  add(d.both, "both");
  add(d.initial, "initial");
  v.setHighlights({ last: [], check: [], selected: at as Pt, dests });
  byId("legend").setAttribute("data-showing", letter);
}

function legend(): void {
  const el = byId("legend");
  clear(el);
  const item = (cls: string, text: string) => el.appendChild(h("span", { class: "legend-item" }, h("span", { class: `legend-mark ${cls}` }), text));
  item("lg-move", "moves there only");
  item("lg-capture", "captures there only");
  item("lg-both", "moves or captures");
  item("lg-initial", "only as its first move");
}

// optionsForm lets the reader switch the variant's options (none when
// the variants' list could not be read).
function optionsForm(list: VariantInfo[] | null, variant: string, chosen: string[]): void {
  const v = Array.isArray(list) ? list.find((x) => x.name === variant) : undefined;
  const el = byId("rule-options");
  clear(el);
  if (!v || !v.options || v.options.length === 0) return;
  const form = h("form", { method: "get", action: `/rules/${encodeURIComponent(variant)}`, class: "rule-options" });
  const has = (name: string) => chosen.find((c) => c === name || c.startsWith(name + "="));
  for (const o of v.options) {
    if (!o.values || o.values.length === 0) {
      const box = h("input", { type: "checkbox", name: "option", value: o.name });
      box.checked = !!has(o.name);
      form.appendChild(h("label", { class: "row", title: o.description }, box, ` ${o.name}`));
    } else {
      const sel = h("select", { name: "option" });
      for (const val of o.values) sel.appendChild(h("option", { value: `${o.name}=${val}` }, `${o.name}: ${val}`));
      const c = has(o.name);
      sel.value = c && c.includes("=") ? c : `${o.name}=${o.default}`;
      form.appendChild(h("label", { class: "row", title: o.description }, sel));
    }
  }
  form.appendChild(h("button", { type: "submit" }, "show"));
  el.appendChild(form);
}

void start().catch((e) => showError(errorText(e)));

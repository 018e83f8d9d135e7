// The game page: the board, the move input, clocks, seats, offers, the move
// list and its browsing, all from the server's wire.State. No rule is
// computed here: legal moves, results and clocks come from the server.

import { BoardView, openOn, ownerColor, seatUp, type Dest } from "./board";
import { same, tryParse, type Pt } from "./coord";
import { byId, clear, errorText, getJSON, h, postJSON, showError } from "./dom";
import { Connection, wsURL } from "./net";
import { muted, play, setMuted } from "./sound";
import { checkBoard, checkState, type Board, type ClientMessage, type Created, type MoveInfo, type ServerMessage, type State } from "./wire";

interface Page {
  id: string;
  board: Board | null;
  view: BoardView | null;
  state: State | null;
  shown: State | null; // the state drawn (a past one when browsing)
  browsePly: number | null;
  selected: Pt | null;
  chooser: MoveInfo[] | null;
  conn: Connection | null;
  receivedAt: number;
  seat: number;
  token: string;
  lowWarned: boolean;
  showAllSpecials: boolean;
  sent: boolean;
}

const page: Page = {
  id: "",
  board: null,
  view: null,
  state: null,
  shown: null,
  browsePly: null,
  selected: null,
  chooser: null,
  conn: null,
  receivedAt: 0,
  seat: 0,
  token: "",
  lowWarned: false,
  showAllSpecials: false,
  sent: false,
};

// gameID reads the game's id from /g/{id} or game.html?id={id}.
function gameID(): string {
  const m = /^\/g\/([^/]+)\/?$/.exec(location.pathname);
  if (m) return decodeURIComponent(m[1]);
  return new URLSearchParams(location.search).get("id") ?? "";
}

// readFragment takes a player link's #seat=N&token=T and strips it from the
// address bar.
function readFragment(): void {
  const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
  const seat = Number(frag.get("seat"));
  const token = frag.get("token") ?? "";
  if (Number.isInteger(seat) && seat > 0 && token !== "") {
    page.seat = seat;
    page.token = token;
  }
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
}

async function start(): Promise<void> {
  page.id = gameID();
  const mute = byId<HTMLInputElement>("mute");
  mute.checked = muted();
  mute.addEventListener("change", () => setMuted(mute.checked));
  if (!page.id) {
    showError("no game in the address: open a game from the home page");
    return;
  }
  readFragment();
  // Another seat's link opened in this tab changes only the fragment: load
  // the page again to take that seat.
  window.addEventListener("hashchange", () => {
    if (/(^#|&)token=/.test(location.hash)) location.reload();
  });
  if (page.token) {
    try {
      await postJSON<unknown>(`/api/games/${encodeURIComponent(page.id)}/seat`, { seat: page.seat, token: page.token });
    } catch (e) {
      showError(`taking seat ${page.seat}: ${errorText(e)}`);
    }
  }
  try {
    page.board = checkBoard(await loadBoard());
  } catch (e) {
    showError(`the game's board: ${errorText(e)}`);
    return;
  }
  document.title = `${page.board.title} · anychess`;
  byId("title").textContent = page.board.title;
  const rules = byId<HTMLAnchorElement>("rules-link");
  rules.href = rulesURL(page.board);
  setupControls();
  page.conn = new Connection({
    url: wsURL(page.id),
    hello: () => (page.token ? { type: "hello", seat: page.seat, token: page.token } : null),
    onMessage: onMessage,
    onError: (text) => showError(text),
    onStatus: (ok, text) => {
      const c = byId("conn");
      c.textContent = ok ? "● live" : `○ ${text}`;
      c.className = ok ? "conn ok" : "conn down";
      // Who is connected is not known while this page is not.
      document.body.classList.toggle("offline", !ok);
    },
  });
  window.setInterval(tickClocks, 200);
  window.addEventListener("resize", () => page.view?.layout());
}

// loadBoard asks the game's board (its variant with its options).
async function loadBoard(): Promise<Board> {
  return await getJSON<Board>(`/api/games/${encodeURIComponent(page.id)}/board`);
}

export function rulesURL(b: Board): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(b.options ?? {})) q.append("option", v === "true" ? k : `${k}=${v}`);
  const qs = q.toString();
  return `/rules/${encodeURIComponent(b.variant)}${qs ? "?" + qs : ""}`;
}

function onMessage(m: ServerMessage): void {
  try {
    handle(m);
  } catch (e) {
    showError(`the server's message could not be shown: ${errorText(e)}`);
  }
}

function handle(m: ServerMessage): void {
  switch (m.type) {
    case "state":
      applyState(m);
      break;
    case "error":
      page.sent = false;
      showError(typeof m.message === "string" ? m.message : "the server refused the message");
      renderPanel();
      break;
    case "pong":
      break;
    default:
      showError(`the server sent a message of unknown type ${JSON.stringify((m as { type: unknown }).type)}`);
  }
}

function applyState(raw: State): void {
  let s: State;
  try {
    s = checkState(raw);
  } catch (e) {
    showError(errorText(e));
    return;
  }
  const prev = page.state;
  page.state = s;
  page.receivedAt = performance.now();
  page.sent = false;
  if (!prev || prev.ply !== s.ply) {
    page.selected = null;
    page.chooser = null;
    if (prev) showError("");
  }
  if (!page.view && page.board) {
    const area = byId("board-area");
    page.view = new BoardView(area, page.board, {
      up: seatUp(page.board, s.you),
      mayTurn: true,
      maxHeight: () => availableHeight(),
    });
    page.view.onSquare = onSquare;
    page.view.onMessage = (msg) => showError(msg);
    layoutPage();
    if (page.board.unbounded) openOn(page.view, s.pieces, s.you);
  }
  if (prev) sounds(prev, s);
  if (page.browsePly !== null && page.browsePly >= s.ply) page.browsePly = null;
  if (page.browsePly === null) page.shown = s;
  draw();
  if (!prev && page.view) {
    // The seat's own pieces in view on a board bigger than the screen.
    const own = s.you >= 0 ? s.you : 0;
    page.view.reveal((s.pieces ?? []).filter((p) => p.owner === own).map((p) => tryParse(p.at)).filter((p): p is Pt => p !== null));
  }
}

function sounds(prev: State, s: State): void {
  if (s.outcome.status !== "ongoing" && prev.outcome.status === "ongoing") {
    play("end");
    return;
  }
  if (s.ply <= prev.ply) return;
  if ((s.check ?? []).length > 0) play("check");
  else if ((s.pieces ?? []).length < (prev.pieces ?? []).length) play("capture");
  else play("move");
}

// availableHeight is the height the board may use.
function availableHeight(): number {
  const area = byId("board-area");
  const top = area.getBoundingClientRect().top + window.scrollY;
  const narrow = window.innerWidth < 700;
  return Math.max(260, window.innerHeight - (narrow ? Math.min(top, 60) + 150 : top + 16));
}

// layoutPage puts the panel beside the board, or below it for wide boards
// and narrow screens, then sizes the board.
function layoutPage(): void {
  const v = page.view;
  if (!v) return;
  const wide = v.aspect() > 1.6 && window.innerWidth >= 700;
  byId("layout").classList.toggle("stacked", wide);
  v.layout();
}

function setupControls(): void {
  byId<HTMLButtonElement>("flip").addEventListener("click", () => {
    const n = page.board?.players?.length ?? 2;
    page.view?.turn(n > 2 ? 1 : 2);
  });
  byId<HTMLButtonElement>("rotate").addEventListener("click", () => page.view?.turn(1));
  const form = byId<HTMLFormElement>("move-form");
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const box = byId<HTMLInputElement>("move-text");
    const text = box.value.trim();
    if (text === "") {
      showError("type a move, e.g. e2e4 or Nf3");
      return;
    }
    if (sendMove(withDeclarations(text, true))) box.value = "";
  });
  document.addEventListener("keydown", (e) => {
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if (t && t.closest?.("svg.board") && page.board?.unbounded) return; // the plane pans with arrows
    const s = page.state;
    if (!s) return;
    const cur = page.browsePly ?? s.ply;
    let to: number | null = null;
    if (e.key === "ArrowLeft") to = cur - 1;
    else if (e.key === "ArrowRight") to = cur + 1;
    else if (e.key === "Home") to = 0;
    else if (e.key === "End") to = s.ply;
    else if (e.key === "f") {
      byId<HTMLButtonElement>("flip").click();
      return;
    } else if (e.key === "Escape") {
      page.selected = null;
      page.chooser = null;
      draw();
      return;
    }
    if (to === null) return;
    e.preventDefault();
    void browse(to);
  });
}

// browse shows the position after ply n (the live one at the last ply).
async function browse(n: number): Promise<void> {
  const s = page.state;
  if (!s) return;
  n = Math.max(0, Math.min(n, s.ply));
  if (n === s.ply) {
    page.browsePly = null;
    page.shown = s;
    draw();
    return;
  }
  page.browsePly = n;
  page.selected = null;
  page.chooser = null;
  draw();
  try {
    const past = await getJSON<State>(`/api/games/${encodeURIComponent(page.id)}/position?ply=${n}`);
    if (page.browsePly !== n) return;
    page.shown = checkState(past);
    showError("");
  } catch (e) {
    if (page.browsePly !== n) return;
    page.shown = null;
    showError(`the position after ply ${n}: ${errorText(e)}`);
  }
  draw();
}

// ---- move input -------------------------------------------------------

function legal(): MoveInfo[] {
  const s = page.state;
  if (!s || page.browsePly !== null || s.outcome.status !== "ongoing" || s.you !== s.turn) return [];
  return s.legal ?? [];
}

function onSquare(p: Pt): void {
  if (page.browsePly !== null) {
    void browse(page.state?.ply ?? 0);
    return;
  }
  const moves = legal();
  if (page.selected) {
    const sel = page.selected;
    const here = moves.filter((m) => same(tryParse(m.from), sel) && same(tryParse(m.to), p));
    // A move that stays on its square (a retreat off the board) is never
    // made by a second click alone: the chooser asks first.
    const stays = here.some((m) => same(tryParse(m.from), tryParse(m.to)));
    if (here.length === 1 && !stays) {
      sendMove(withDeclarations(here[0].text, false));
      return;
    }
    if (here.length > 0) {
      page.chooser = here;
      draw();
      return;
    }
  }
  const from = moves.filter((m) => same(tryParse(m.from), p));
  if (from.length > 0 && !same(page.selected, p)) {
    page.selected = p;
    page.chooser = null;
    draw();
    return;
  }
  // On the plane the legal list is a candidate set: any other square may
  // still be a legal destination, so offer the move for the server to judge.
  if (page.selected && page.board?.unbounded && moves.length > 0 && !same(page.selected, p)) {
    const sel = page.selected;
    const text = `(${sel.x},${sel.y})(${p.x},${p.y})`;
    page.chooser = [{ text, san: `${text} — not in the listed moves: the server checks it` }];
    draw();
    return;
  }
  const dropped = moves.filter((m) => !m.from && same(tryParse(m.to), p));
  if (dropped.length === 1 && !page.selected) {
    sendMove(withDeclarations(dropped[0].text, false));
    return;
  }
  if (dropped.length > 1 && !page.selected) {
    page.chooser = dropped;
    draw();
    return;
  }
  page.selected = null;
  page.chooser = null;
  draw();
}

// withDeclarations appends the ticked declarations (":clock") to a move.
function withDeclarations(text: string, typed: boolean): string {
  const boxes = Array.from(document.querySelectorAll<HTMLInputElement>("#decls input[type=checkbox]:checked"));
  let out = text;
  for (const b of boxes) {
    const name = b.dataset.name ?? "";
    if (name === "") continue;
    if (typed && out.includes(":" + name)) continue;
    out += ":" + name;
  }
  return out;
}

function sendMove(text: string): boolean {
  const s = page.state;
  if (!s || !page.conn) return false;
  const msg: ClientMessage = { type: "move", ply: s.ply, move: text };
  if (!page.conn.send(msg)) {
    showError("not connected: the move was not sent");
    return false;
  }
  page.sent = true;
  page.selected = null;
  page.chooser = null;
  for (const b of Array.from(document.querySelectorAll<HTMLInputElement>("#decls input[type=checkbox]"))) b.checked = false;
  showError("");
  draw();
  return true;
}

function sendAction(m: ClientMessage): void {
  if (!page.conn?.send(m)) showError("not connected");
}

// ---- drawing ---------------------------------------------------------

function draw(): void {
  const v = page.view;
  const s = page.state;
  if (!v || !s) return;
  const shown = page.shown;
  if (shown) {
    const bad = v.setPosition(shown.pieces, shown.marks);
    if (bad > 0) showError(`${bad} pieces or marks had bad coordinates and are not drawn`);
  } else {
    v.setPosition([], []);
  }
  const last: Pt[] = [];
  const lm = shown?.lastMove;
  for (const c of [lm?.from, lm?.to]) {
    const p = tryParse(c);
    if (p) last.push(p);
  }
  const check = (shown?.check ?? []).map(tryParse).filter((p): p is Pt => p !== null);
  const dests: Dest[] = [];
  if (page.selected) {
    const seen = new Map<string, Dest>();
    for (const m of legal()) {
      if (!same(tryParse(m.from), page.selected)) continue;
      const to = tryParse(m.to);
      if (!to) continue;
      const k = to.x + "," + to.y;
      const kind: Dest["kind"] = m.special ? "special" : v.pieceAt(to) ? "capture" : "move";
      const had = seen.get(k);
      if (!had || (had.kind === "special" && kind !== "special")) seen.set(k, { at: to, kind });
    }
    dests.push(...seen.values());
  } else {
    // squares that take a move without a moving piece (drops)
    for (const m of legal()) {
      if (m.from) continue;
      const to = tryParse(m.to);
      if (to) dests.push({ at: to, kind: "special" });
    }
  }
  v.setHighlights({ last, check, selected: page.selected, dests });
  renderPanel();
}

function seatName(s: State, i: number): string {
  return s.seats?.[i]?.name ?? page.board?.players?.[i]?.name ?? `seat ${i + 1}`;
}

function renderPanel(): void {
  const s = page.state;
  const b = page.board;
  if (!s || !b) return;
  // result and turn
  const res = byId("result");
  if (s.outcome.status !== "ongoing") {
    res.textContent = s.outcome.text || s.outcome.status;
    res.className = "result over";
  } else {
    const yours = s.you === s.turn;
    res.textContent = yours ? "Your move" : `${seatName(s, s.turn)} to move`;
    res.className = "result" + (yours ? " yours" : "");
  }
  // seats
  const seats = byId("seats");
  clear(seats);
  (s.seats ?? []).forEach((seat, i) => {
    const row = h(
      "div",
      { class: "seat" + (i === s.turn && s.outcome.status === "ongoing" ? " to-move" : "") + (i === s.you ? " you" : ""), "data-seat": i },
      h("span", { class: "swatch", style: `background:${ownerSwatch(i)}` }),
      h("span", { class: "seat-name" }, seat.name + (i === s.you ? " (you)" : ""), b.players?.[i]?.team ? h("small", { class: "team" }, ` team ${b.players[i].team}`) : null),
      h("span", { class: "seat-plays" }, seat.plays === "human" ? "" : seat.plays.replace("computer:", "computer level ")),
      h("span", { class: "seat-conn " + (seat.connected ? "on" : "off"), title: seat.connected ? "connected" : "not connected" }, seat.connected ? "●" : "○"),
      h("span", { class: "clock", "data-seat": i }, ""),
    );
    if ((s.drawOffers ?? []).includes(i)) row.appendChild(h("span", { class: "badge" }, "offers a draw"));
    if (seat.away) row.appendChild(h("span", { class: "seat-away" + (seat.claimable ? " claimable" : ""), title: "gone since the server last saw this seat's player" }, seat.claimable ? "gone: the win may be claimed" : "gone"));
    seats.appendChild(row);
  });
  tickClocks();
  // status lines
  const st = byId("status");
  clear(st);
  for (const line of page.shown?.status ?? s.status ?? []) st.appendChild(h("div", {}, line));
  for (const n of s.notices ?? []) st.appendChild(h("div", { class: "notice" }, n));
  if (b.candidateNote) st.appendChild(h("div", { class: "note" }, b.candidateNote));
  // browsing banner
  const br = byId("browse");
  br.textContent = page.browsePly !== null ? `Viewing the position after ply ${page.browsePly} of ${s.ply} — press End to return` : "";
  br.hidden = page.browsePly === null;
  renderChooser();
  renderSpecials();
  renderDeclarations();
  const myTurn = legal().length > 0 || (s.you === s.turn && s.outcome.status === "ongoing");
  const moveForm = byId("move-form");
  moveForm.classList.toggle("idle", !myTurn);
  byId<HTMLButtonElement>("move-play").disabled = s.you < 0 || s.outcome.status !== "ongoing";
  renderActions();
  renderMoves();
  const ex = byId("export");
  clear(ex);
  ex.appendChild(h("a", { href: `/api/games/${encodeURIComponent(page.id)}/record`, download: `${page.id}.txt` }, "record"));
  ex.appendChild(document.createTextNode(" · "));
  ex.appendChild(h("a", { href: `/api/games/${encodeURIComponent(page.id)}/pgn`, download: `${page.id}.pgn` }, "PGN"));
}

function ownerSwatch(i: number): string {
  return page.board ? ownerColor(page.board, i) : "#888";
}

function renderChooser(): void {
  const el = byId("chooser");
  clear(el);
  const list = page.chooser;
  el.hidden = !list || list.length === 0;
  if (!list) return;
  el.appendChild(h("div", { class: "chooser-title" }, "Which move?"));
  for (const m of list) {
    const b = h("button", { type: "button", class: "choice", "data-text": m.text }, m.san + (m.special ? " ★" : ""));
    b.title = m.text;
    b.addEventListener("click", () => sendMove(withDeclarations(m.text, false)));
    el.appendChild(b);
  }
  const cancel = h("button", { type: "button", class: "choice-cancel" }, "cancel");
  cancel.addEventListener("click", () => {
    page.chooser = null;
    draw();
  });
  el.appendChild(cancel);
}

function renderSpecials(): void {
  const el = byId("specials");
  clear(el);
  const all = legal().filter((m) => m.special);
  if (all.length === 0) {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const sel = page.selected;
  const mine = sel ? all.filter((m) => same(tryParse(m.from), sel)) : [];
  const list = sel && mine.length > 0 && !page.showAllSpecials ? mine : all;
  el.appendChild(h("div", { class: "specials-title" }, `Special moves (${list.length}${list.length < all.length ? " of " + all.length : ""})`));
  const box = h("div", { class: "specials-list" });
  for (const m of list) {
    const b = h("button", { type: "button", class: "special", "data-text": m.text, title: m.text }, m.san);
    b.addEventListener("click", () => sendMove(withDeclarations(m.text, false)));
    box.appendChild(b);
  }
  el.appendChild(box);
  if (list.length < all.length) {
    const more = h("button", { type: "button", class: "link" }, "show all");
    more.addEventListener("click", () => {
      page.showAllSpecials = true;
      renderSpecials();
    });
    el.appendChild(more);
  }
}

function renderDeclarations(): void {
  const el = byId("decls");
  const decl = page.board?.declarations ?? [];
  if (el.childElementCount === decl.length && decl.length > 0) return; // keep ticks
  clear(el);
  for (const d of decl) {
    const box = h("input", { type: "checkbox", "data-name": d.name, id: `decl-${d.name}` });
    el.appendChild(h("label", { class: "decl", title: d.help }, box, ` :${d.name} — ${d.help}`));
  }
}

function renderActions(): void {
  const s = page.state;
  const el = byId("actions");
  clear(el);
  if (!s) return;
  const btn = (label: string, cls: string, fn: () => void) => {
    const b = h("button", { type: "button", class: cls }, label);
    b.addEventListener("click", fn);
    el.appendChild(b);
  };
  const ongoing = s.outcome.status === "ongoing";
  const seated = s.you >= 0;
  if (seated && ongoing) {
    btn("Resign", "resign", () => {
      if (window.confirm("Resign this game?")) sendAction({ type: "resign", ply: s.ply });
    });
    const offers = s.drawOffers ?? [];
    const others = offers.filter((i) => i !== s.you);
    if (offers.includes(s.you)) {
      el.appendChild(h("span", { class: "pending" }, "you offer a draw"));
    } else if (others.length > 0) {
      btn("Accept draw", "draw-accept", () => sendAction({ type: "draw", ply: s.ply, action: "offer" }));
      btn("Decline draw", "draw-decline", () => sendAction({ type: "draw", ply: s.ply, action: "decline" }));
    } else {
      btn("Offer draw", "draw-offer", () => sendAction({ type: "draw", ply: s.ply, action: "offer" }));
    }
    // A player gone past the server's limit: the win may be claimed
    // (the server says which seats, and checks the claim).
    if ((s.seats ?? []).some((x, i) => i !== s.you && x.claimable)) btn("Claim the win", "claim", () => sendAction({ type: "claim", ply: s.ply }));
    if (s.takebacks) {
      const tb = s.takeback;
      if (tb && tb.by !== s.you && !(tb.agreed ?? []).includes(s.you)) {
        btn(`Accept takeback (${seatName(s, tb.by)})`, "takeback-accept", () => sendAction({ type: "takeback", ply: s.ply, action: "accept" }));
        btn("Decline takeback", "takeback-decline", () => sendAction({ type: "takeback", ply: s.ply, action: "decline" }));
      } else if (tb) {
        el.appendChild(h("span", { class: "pending" }, "takeback asked"));
      } else if (s.ply > 0) {
        btn("Propose takeback", "takeback-propose", () => sendAction({ type: "takeback", ply: s.ply, action: "propose" }));
      }
    }
  }
  if (!ongoing && seated) {
    // The first player to ask makes the rematch; the others' pages learn
    // of it from the state and join it with their own seat.
    if (s.rematch) btn("Join the rematch", "rematch rematch-join", () => void rematch());
    else btn("Rematch", "rematch", () => void rematch());
  }
  if (!ongoing && !seated && s.rematch) {
    el.appendChild(h("a", { href: `/g/${encodeURIComponent(s.rematch)}`, class: "button rematch-watch" }, "Watch the rematch"));
  }
}

// rematch asks for the rematch (made by the first player to ask, joined
// by the others, each keeping their seat's token) and opens the player's
// seat of it.
async function rematch(): Promise<void> {
  try {
    const c = await postJSON<Created>(`/api/games/${encodeURIComponent(page.id)}/rematch`, {});
    const own = (c.seats ?? []).find((s) => s.seat === c.you + 1 && s.link);
    location.href = new URL(own?.link ?? `/g/${encodeURIComponent(c.id)}`, location.href).href;
  } catch (e) {
    showError(`rematch: ${errorText(e)}`);
  }
}

function renderMoves(): void {
  const s = page.state;
  const el = byId("moves");
  if (!s) return;
  clear(el);
  const cur = page.browsePly ?? s.ply;
  const start = h("button", { type: "button", class: "mv mv-start" + (cur === 0 ? " current" : ""), "data-ply": 0 }, "start");
  start.addEventListener("click", () => void browse(0));
  el.appendChild(start);
  (s.moves ?? []).forEach((m, i) => {
    const ply = i + 1;
    const b = h("button", { type: "button", class: "mv" + (ply === cur ? " current" : ""), "data-ply": ply, title: m.text }, `${ply}. `, h("span", { class: "swatch", style: `background:${ownerSwatch(m.player)}` }), " " + m.san);
    b.addEventListener("click", () => void browse(ply));
    el.appendChild(b);
  });
  // The last move in view inside the list's own box (scrolling the page
  // there would take a phone's board out of sight).
  const curEl = el.querySelector(".current");
  if (curEl && page.browsePly === null) {
    const d = curEl.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    if (d.bottom > b.bottom) el.scrollTop += d.bottom - b.bottom;
    else if (d.top < b.top) el.scrollTop -= b.top - d.top;
  }
}

// clockText writes milliseconds as players read a clock.
export function clockText(ms: number): string {
  ms = Math.max(0, ms);
  const tenths = ms < 10000;
  const total = Math.floor(ms / 1000);
  const hh = Math.floor(total / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  if (hh > 0) return `${hh}:${pad(mm)}:${pad(ss)}`;
  return tenths ? `${mm}:${pad(ss)}.${Math.floor((ms % 1000) / 100)}` : `${mm}:${pad(ss)}`;
}

function tickClocks(): void {
  const s = page.state;
  if (!s || !s.clocks) return;
  const elapsed = performance.now() - page.receivedAt;
  s.clocks.forEach((ms, i) => {
    const el = document.querySelector<HTMLElement>(`#seats .clock[data-seat="${i}"]`);
    if (!el || typeof ms !== "number") return;
    const left = i === s.running ? ms - elapsed : ms;
    el.textContent = clockText(left);
    const low = left < 20000;
    el.classList.toggle("low", low);
    el.classList.toggle("running", i === s.running);
    if (low && i === s.running && i === s.you && !page.lowWarned && left > 0) {
      page.lowWarned = true;
      play("lowtime");
    }
  });
}

// Exposed for the browser tests: the page's state and view.
(window as unknown as { anychess: unknown }).anychess = {
  page,
  send: (m: ClientMessage) => page.conn?.send(m),
};

void start().catch((e) => showError(errorText(e)));

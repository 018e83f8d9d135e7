// The lobby on the home page: open seeks (join one, or a seat of one),
// quick pairing, the seeks this tab holds a seat in (cancel, leave, the
// challenge link), a challenge opened by its link (/s/{id}), and the live
// games to watch with their spectators. Everything is the server's: this
// page shows its lists and sends what the person clicks. The tokens of the
// seats this tab holds are kept in sessionStorage (never sent in a URL the
// server sees); when a seek starts, the tab opens the game with its seat's
// token in the link's fragment.

import { byId, clear, h, showError } from "./dom";
import { Connection } from "./net";
import type { ClientMessage, HeldSeat, LiveGame, LobbyMessage, LobbyRequest, NewSeek, Seek, ServerMessage, VariantInfo } from "./wire";

const heldKey = "anychess.lobby.held";
const nameKey = "anychess.name";

interface Lobby {
  conn: Connection | null;
  seeks: Seek[];
  games: LiveGame[];
  // followed: seeks this tab holds a seat in or looks at, as last heard.
  followed: Map<string, Seek>;
  challenge: string; // the seek of a /s/{id} page
  ended: string[]; // what became of seeks this tab held
}

const lobby: Lobby = { conn: null, seeks: [], games: [], followed: new Map(), challenge: "", ended: [] };

function readHeld(): HeldSeat[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(heldKey) ?? "[]");
    return Array.isArray(v) ? v.filter((x) => x && typeof x.seek === "string" && typeof x.token === "string" && Number.isInteger(x.seat)) : [];
  } catch {
    return [];
  }
}

function writeHeld(held: HeldSeat[]): void {
  sessionStorage.setItem(heldKey, JSON.stringify(held.slice(-8)));
}

function heldSeat(id: string): HeldSeat | undefined {
  return readHeld().find((x) => x.seek === id);
}

function forget(id: string): void {
  writeHeld(readHeld().filter((x) => x.seek !== id));
}

function send(m: LobbyRequest): void {
  if (!lobby.conn?.send(m as unknown as ClientMessage)) showError("the lobby is not connected; try again in a moment");
}

function myName(): string {
  return byId<HTMLInputElement>("lobby-name").value.trim();
}

// startLobby connects the lobby; form gives the new-game form as a seek
// (or why it cannot be one).
export function startLobby(variants: VariantInfo[], form: () => NewSeek | string): void {
  const m = /^\/s\/([A-Za-z0-9]+)\/?$/.exec(location.pathname);
  if (m) lobby.challenge = m[1];
  const name = byId<HTMLInputElement>("lobby-name");
  name.value = localStorage.getItem(nameKey) ?? "";
  name.addEventListener("change", () => localStorage.setItem(nameKey, name.value.trim()));
  const qv = byId<HTMLSelectElement>("quick-variant");
  for (const v of variants) if (v.players >= 2 && v.players <= 4) qv.appendChild(h("option", { value: v.name }, v.title || v.name));
  byId<HTMLFormElement>("quick-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const clock = byId<HTMLSelectElement>("quick-clock").value;
    const q: LobbyRequest = { type: "quick", variant: qv.value, name: myName() };
    if (clock) q.clock = clock;
    send(q);
  });
  byId("seek-create").addEventListener("click", () => {
    const n = form();
    if (typeof n === "string") {
      showError(n);
      return;
    }
    if (!n.seats.includes("you")) {
      showError("a seek needs your seat: choose 'you' for one of the seats");
      return;
    }
    if (!n.seats.includes("open")) {
      showError("a seek waits for people: choose 'someone from the lobby' for at least one seat");
      return;
    }
    send({ type: "create", new: n, name: myName() });
  });
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  lobby.conn = new Connection({
    url: `${proto}//${location.host}/ws/lobby`,
    hello: () => {
      const held = readHeld();
      return held.length > 0 ? ({ type: "hello", held } as unknown as ClientMessage) : null;
    },
    onMessage: (msg: ServerMessage) => onMessage(msg as unknown as LobbyMessage),
    onError: (text) => showError(text),
    onStatus: (ok, text) => {
      const c = byId("lobby-conn");
      c.textContent = ok ? "● live" : `○ ${text}`;
      c.className = ok ? "conn ok" : "conn down";
      if (ok && lobby.challenge && !heldSeat(lobby.challenge)) send({ type: "look", seek: lobby.challenge });
    },
  });
  render();
}

function onMessage(m: LobbyMessage): void {
  switch (m.type) {
    case "seeks":
      lobby.seeks = Array.isArray(m.seeks) ? m.seeks : [];
      render();
      break;
    case "games":
      lobby.games = Array.isArray(m.games) ? m.games : [];
      renderGames();
      break;
    case "seated": {
      const held = readHeld().filter((x) => x.seek !== m.seek.id);
      held.push({ seek: m.seek.id, seat: m.seat, token: m.token });
      writeHeld(held);
      showError("");
      seekChanged(m.seek);
      break;
    }
    case "seek":
      seekChanged(m.seek);
      break;
    case "released":
      // The seat is no longer this tab's: left, or freed while away.
      if (heldSeat(m.seek)?.seat === m.seat) {
        forget(m.seek);
        if (m.seek !== lobby.challenge) lobby.followed.delete(m.seek);
        render();
      }
      break;
    case "error":
      showError(m.message);
      break;
  }
}

// seekChanged takes news of a seek this tab follows: a game that starts
// opens in the seat this tab holds; a seek that ends is forgotten.
function seekChanged(k: Seek): void {
  const held = heldSeat(k.id);
  if (k.state === "started" && k.game && held) {
    forget(k.id);
    location.href = `/g/${encodeURIComponent(k.game)}#seat=${held.seat}&token=${encodeURIComponent(held.token)}`;
    return;
  }
  if (k.state === "open") {
    lobby.followed.set(k.id, k);
  } else {
    lobby.followed.delete(k.id);
    if (held) {
      forget(k.id);
      lobby.ended.push(`${k.title || "A seek"} of yours: ${k.state === "gone" ? "no longer there" : k.state}.`);
    }
    if (k.id === lobby.challenge) lobby.followed.set(k.id, k);
  }
  render();
}

function clockText(c: string): string {
  if (!c) return "no clock";
  return c.replace(/(\d)h0m0s/g, "$1h").replace(/(\d)m0s/g, "$1m").replace(/(\d)h0m/g, "$1h").replace("+", " + ");
}

function optionsText(o: Record<string, string> | null): string {
  return Object.entries(o ?? {})
    .map(([k, v]) => (v === "true" ? k : `${k}=${v}`))
    .join(" ");
}

function playsText(p: string): string {
  if (p === "open") return "open";
  if (p === "random") return "random mover";
  return p.replace("computer:", "computer ");
}

// seatChips draws a seek's seats; open ones are buttons to sit in when
// the tab may take one.
function seatChips(k: Seek, canSit: boolean): HTMLElement {
  const el = h("span", { class: "seek-seats" });
  const mine = heldSeat(k.id);
  for (const s of k.seats ?? []) {
    const label = `${s.player || "seat " + s.seat}: `;
    if (s.plays === "open" && !s.taken && canSit) {
      const b = h("button", { type: "button", class: "chip sit", "data-seek": k.id, "data-seat": s.seat, title: `sit as ${s.player}` }, label, "open");
      b.addEventListener("click", () => send({ type: "accept", seek: k.id, seat: s.seat, name: myName() }));
      el.appendChild(b);
    } else {
      const who = s.taken ? (s.name || "someone") + (mine?.seat === s.seat ? " (you)" : "") : playsText(s.plays);
      el.appendChild(h("span", { class: "chip" + (s.taken ? " taken" : s.plays === "open" ? " open" : " machine") }, label, who));
    }
  }
  return el;
}

function seekRow(k: Seek): HTMLElement {
  const mine = heldSeat(k.id);
  const row = h(
    "div",
    { class: "seek" + (mine ? " own" : ""), "data-seek": k.id },
    h("span", { class: "seek-title" }, k.title || k.variant, h("small", {}, " " + optionsText(k.options))),
    h("span", { class: "seek-clock" }, clockText(k.clock) + (k.takebacks ? ", casual" : "") + (k.start ? ", own start" : "")),
    seatChips(k, !mine),
  );
  if (!mine && k.open > 0) {
    const b = h("button", { type: "button", class: "join", "data-seek": k.id }, "Join");
    b.addEventListener("click", () => send({ type: "accept", seek: k.id, name: myName() }));
    row.appendChild(b);
  }
  return row;
}

function render(): void {
  renderChallenge();
  renderMine();
  const el = byId("seeks");
  clear(el);
  const list = lobby.seeks.filter((k) => k.state === "open");
  if (list.length === 0) el.appendChild(h("p", { class: "empty" }, "No open seeks: make one with 'Seek in the lobby' below, or use quick pairing."));
  for (const k of list) el.appendChild(seekRow(k));
}

// renderMine shows the seeks this tab holds a seat in: waiting, with the
// link to send for a challenge, and a button to leave (or cancel).
function renderMine(): void {
  const el = byId("mine");
  clear(el);
  const mine = Array.from(lobby.followed.values()).filter((k) => heldSeat(k.id) && k.state === "open");
  for (const k of mine) {
    const held = heldSeat(k.id);
    const creator = held?.seat === k.creator;
    const box = h(
      "div",
      { class: "waiting", "data-seek": k.id },
      h("strong", {}, `${k.title} — waiting for ${k.open} more ${k.open === 1 ? "person" : "people"}`),
      " ",
      seatChips(k, false),
    );
    if (k.unlisted) {
      const url = new URL(k.link, location.href).href;
      const input = h("input", { readonly: true, value: url, class: "invite-link challenge-link" });
      box.appendChild(h("div", { class: "invite" }, "Send this link: ", input));
    }
    const b = h("button", { type: "button", class: creator ? "cancel" : "leave" }, creator ? "Cancel" : "Leave");
    b.addEventListener("click", () => send({ type: creator ? "cancel" : "leave", seek: k.id }));
    box.appendChild(b);
    el.appendChild(box);
  }
  for (const text of lobby.ended.slice(-3)) el.appendChild(h("div", { class: "ended" }, text));
  el.hidden = el.childNodes.length === 0;
}

// renderChallenge shows the seek of a challenge's page.
function renderChallenge(): void {
  const el = byId("challenge");
  if (!lobby.challenge) return;
  clear(el);
  el.hidden = false;
  const k = lobby.followed.get(lobby.challenge);
  if (!k) {
    el.appendChild(h("p", {}, "Looking for the challenge…"));
    return;
  }
  if (k.state !== "open") {
    const what = k.state === "started" && k.game ? h("a", { href: `/g/${encodeURIComponent(k.game)}` }, "it has started: watch it") : `it was ${k.state}`;
    el.appendChild(h("p", {}, `The challenge (${k.title}): `, what));
    return;
  }
  el.appendChild(h("h3", {}, `A challenge: ${k.title} ${optionsText(k.options)}, ${clockText(k.clock)}`));
  el.appendChild(seatChips(k, !heldSeat(k.id)));
  if (heldSeat(k.id)) el.appendChild(h("p", {}, "You have a seat: the game starts when every seat is taken."));
}

function renderGames(): void {
  const el = byId("games");
  clear(el);
  if (lobby.games.length === 0) {
    el.appendChild(h("p", { class: "empty" }, "No game is being played."));
    return;
  }
  for (const g of lobby.games) {
    const names = (g.seats ?? []).map((s) => (s.plays === "human" ? s.name : `${s.name} (${playsText(s.plays)})`)).join(" · ");
    el.appendChild(
      h(
        "div",
        { class: "live-game", "data-game": g.id },
        h("a", { href: g.watch, class: "button watch", "data-game": g.id }, "Watch"),
        h("span", { class: "seek-title" }, g.title, h("small", {}, " " + optionsText(g.options))),
        h("span", { class: "live-seats" }, names),
        h("span", { class: "live-ply" }, g.ply === 1 ? "1 move" : `${g.ply} moves`),
        h("span", { class: "spectators", "data-n": g.spectators, title: "spectators" }, `${g.spectators} watching`),
      ),
    );
  }
}

// The home page: a new game (variant, options, seats, clock, casual), the
// invitation links, import of a record, and links to every rules page.

import { byId, clear, errorText, getJSON, h, postJSON, showError } from "./dom";
import { startLobby } from "./lobby";
import type { Board, Created, NewSeek, VariantInfo, VariantOption } from "./wire";

let variants: VariantInfo[] = [];
let board: Board | null = null;
let boardSeq = 0;

const levels = [1, 2, 3, 4, 5, 6, 7, 8];

async function start(): Promise<void> {
  try {
    variants = await getJSON<VariantInfo[]>("/api/variants");
    if (!Array.isArray(variants)) throw new Error("the variant list is not a list");
  } catch (e) {
    showError(`the variants: ${errorText(e)}`);
    return;
  }
  const sel = byId<HTMLSelectElement>("variant");
  for (const v of variants) sel.appendChild(h("option", { value: v.name }, (v.title || v.name) + (v.uploaded ? " (uploaded)" : "")));
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted && variants.some((v) => v.name === wanted)) sel.value = wanted;
  sel.addEventListener("change", () => {
    renderOptions();
    void loadBoard();
  });
  const rules = byId("rules-list");
  for (const v of variants) rules.appendChild(h("li", {}, h("a", { href: `/rules/${encodeURIComponent(v.name)}` }, v.title || v.name), v.uploaded ? h("small", {}, " (uploaded)") : null));
  const clock = byId<HTMLSelectElement>("clock");
  clock.addEventListener("change", () => {
    byId<HTMLInputElement>("clock-custom").hidden = clock.value !== "custom";
  });
  byId<HTMLFormElement>("new-game").addEventListener("submit", (e) => {
    e.preventDefault();
    void create();
  });
  byId<HTMLFormElement>("import-form").addEventListener("submit", (e) => {
    e.preventDefault();
    void importGame();
  });
  renderOptions();
  startLobby(variants, formSeek);
  await loadBoard();
}

function current(): VariantInfo | undefined {
  const name = byId<HTMLSelectElement>("variant").value;
  return variants.find((v) => v.name === name);
}

function isFlag(o: VariantOption): boolean {
  return !o.values || o.values.length === 0;
}

function renderOptions(): void {
  const el = byId("options");
  clear(el);
  for (const o of current()?.options ?? []) {
    if (isFlag(o)) {
      const box = h("input", { type: "checkbox", "data-option": o.name, class: "opt" });
      box.checked = o.default === "true";
      box.addEventListener("change", () => void loadBoard());
      el.appendChild(h("label", { class: "row opt-row", title: o.description }, box, ` ${o.name}`, h("small", {}, ` — ${o.description}`)));
    } else {
      const sel = h("select", { "data-option": o.name, class: "opt" });
      for (const v of o.values ?? []) sel.appendChild(h("option", { value: v }, v));
      sel.value = o.default;
      sel.addEventListener("change", () => void loadBoard());
      el.appendChild(h("label", { class: "row opt-row", title: o.description }, `${o.name} `, sel, h("small", {}, ` ${o.description}`)));
    }
  }
}

// chosenOptions are the options as the API takes them.
function chosenOptions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const el of Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>("#options .opt"))) {
    const name = el.dataset.option ?? "";
    if (el instanceof HTMLInputElement) {
      if (el.checked) out[name] = "true";
    } else {
      out[name] = el.value;
    }
  }
  return out;
}

function optionQuery(opts: Record<string, string>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(opts)) q.append("option", v === "true" ? k : `${k}=${v}`);
  return q.toString();
}

// loadBoard asks the board of the chosen variant and options, which gives
// the seats (their number can depend on the options).
async function loadBoard(): Promise<void> {
  const v = current();
  if (!v) return;
  const seq = ++boardSeq;
  const qs = optionQuery(chosenOptions());
  try {
    const b = await getJSON<Board>(`/api/board?variant=${encodeURIComponent(v.name)}${qs ? "&" + qs : ""}`);
    if (seq !== boardSeq) return;
    board = b;
    showError("");
  } catch (e) {
    if (seq !== boardSeq) return;
    board = null;
    showError(`${v.title}: ${errorText(e)}`);
  }
  renderSeats();
}

function seatLabel(p: { name: string; team: number }): string {
  return `${p.name}${p.team ? ` (team ${p.team})` : ""}`;
}

function renderSeats(): void {
  const el = byId("seat-rows");
  const players = board?.players ?? [];
  // The same seats as shown: keep them (and what was chosen in them).
  const shown = Array.from(el.querySelectorAll(".seat-label")).map((e) => e.textContent);
  if (shown.length > 0 && shown.join("\n") === players.map(seatLabel).join("\n")) return;
  const before = Array.from(el.querySelectorAll<HTMLSelectElement>("select.seat")).map((s) => s.value);
  clear(el);
  players.forEach((p, i) => {
    const sel = h("select", { class: "seat", "data-seat": i });
    sel.appendChild(h("option", { value: "you" }, "you"));
    sel.appendChild(h("option", { value: "friend" }, "a friend (link)"));
    sel.appendChild(h("option", { value: "open" }, "someone from the lobby"));
    for (const l of levels) sel.appendChild(h("option", { value: `computer:${l}` }, `computer, level ${l}`));
    sel.appendChild(h("option", { value: "random" }, "random mover"));
    sel.value = before[i] ?? (i === 0 ? "you" : "computer:3");
    sel.addEventListener("change", () => {
      if (sel.value !== "you") return;
      for (const other of Array.from(el.querySelectorAll<HTMLSelectElement>("select.seat"))) {
        if (other !== sel && other.value === "you") other.value = "friend";
      }
    });
    el.appendChild(h("label", { class: "row seat-row" }, h("span", { class: "seat-label" }, seatLabel(p)), sel));
  });
}

async function create(): Promise<void> {
  const v = current();
  if (!v || !board) {
    showError("choose a variant first");
    return;
  }
  const seats: { plays: string }[] = [];
  let you = -1;
  for (const sel of Array.from(document.querySelectorAll<HTMLSelectElement>("#seat-rows select.seat"))) {
    const i = Number(sel.dataset.seat);
    if (sel.value === "you") {
      if (you < 0) you = i;
      seats.push({ plays: "human" });
    } else if (sel.value === "friend" || sel.value === "open") {
      seats.push({ plays: "human" });
    } else {
      seats.push({ plays: sel.value });
    }
  }
  const clockSel = byId<HTMLSelectElement>("clock").value;
  const clock = clockSel === "custom" ? byId<HTMLInputElement>("clock-custom").value.trim() : clockSel;
  const body: Record<string, unknown> = { variant: v.name, options: chosenOptions(), seats, you, takebacks: byId<HTMLInputElement>("casual").checked };
  if (clock) body.clock = clock;
  const start = byId<HTMLTextAreaElement>("start").value.trim();
  if (start) body.start = start;
  try {
    const c = await postJSON<Created>("/api/games", body);
    showCreated(c);
  } catch (e) {
    showError(`new game: ${errorText(e)}`);
  }
}

// formSeek is the new-game form as a seek for the lobby: "you" and
// "someone from the lobby" (or a friend, who comes by the lobby too) are
// the people's seats.
function formSeek(): NewSeek | string {
  const v = current();
  if (!v || !board) return "choose a variant first";
  const seats: string[] = [];
  for (const sel of Array.from(document.querySelectorAll<HTMLSelectElement>("#seat-rows select.seat"))) {
    if (sel.value === "you") seats.push(seats.includes("you") ? "open" : "you");
    else if (sel.value === "friend" || sel.value === "open") seats.push("open");
    else seats.push(sel.value);
  }
  const clockSel = byId<HTMLSelectElement>("clock").value;
  const clock = clockSel === "custom" ? byId<HTMLInputElement>("clock-custom").value.trim() : clockSel;
  const n: NewSeek = { variant: v.name, options: chosenOptions(), seats, takebacks: byId<HTMLInputElement>("casual").checked, unlisted: byId<HTMLInputElement>("seek-unlisted").checked };
  if (clock) n.clock = clock;
  const start = byId<HTMLTextAreaElement>("start").value.trim();
  if (start) n.start = start;
  return n;
}

async function importGame(): Promise<void> {
  const text = byId<HTMLTextAreaElement>("import-text").value;
  if (text.trim() === "") {
    showError("paste a record or a PGN first");
    return;
  }
  try {
    const c = await postJSON<Created>("/api/import", { text, you: 0 });
    showCreated(c);
  } catch (e) {
    showError(`import: ${errorText(e)}`);
  }
}

// showCreated shows the links of the friends' seats; without any it opens
// the game at once.
function showCreated(c: Created): void {
  if (!c || typeof c.id !== "string") {
    showError("the server's answer has no game id");
    return;
  }
  const seats = Array.isArray(c.seats) ? c.seats : [];
  const own = seats.find((s) => s.seat === c.you + 1 && s.link);
  const go = own?.link ? new URL(own.link, location.href).href : new URL(`/g/${encodeURIComponent(c.id)}`, location.href).href;
  const friends = seats.filter((s) => s.link && s.seat !== c.you + 1);
  if (friends.length === 0) {
    location.href = go;
    return;
  }
  const el = byId("created");
  clear(el);
  el.hidden = false;
  el.appendChild(h("p", {}, "Send each friend their seat's link (it is their key to the seat):"));
  for (const s of friends) {
    const url = new URL(s.link ?? "", location.href).href;
    const input = h("input", { readonly: true, value: url, class: "invite-link", "data-seat": s.seat });
    const copy = h("button", { type: "button" }, "copy");
    copy.addEventListener("click", () => {
      input.select();
      void navigator.clipboard?.writeText(url).catch(() => document.execCommand("copy"));
    });
    el.appendChild(h("div", { class: "invite" }, h("span", { class: "seat-label" }, `${s.name}: `), input, copy));
  }
  if (c.spectate) el.appendChild(h("p", {}, "Spectators: ", h("a", { href: c.spectate }, new URL(c.spectate, location.href).href)));
  if (c.you >= 0) el.appendChild(h("a", { href: go, class: "button", id: "open-seat" }, "Open your seat"));
  else el.appendChild(h("a", { href: c.spectate || go, class: "button" }, "Watch the game"));
}

void start().catch((e) => showError(errorText(e)));

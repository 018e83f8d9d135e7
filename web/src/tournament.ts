// The tournament pages: /tournaments (a new tournament, the list) and
// /t/{id} (the standings, live from /ws/tournament/{id}; joining;
// challenging with the army a player fields; defending, surrendering,
// withdrawing; the battles' games). Every rule is the server's: the page
// shows what it is told and sends what the player chooses.

import { byId, clear, errorText, getJSON, h, postJSON, showError } from "./dom";
import { Connection } from "./net";
import type { ServerMessage } from "./wire";

// The JSON of GET /api/tournaments/{id} and of the feed (server/tournament.go).
interface Standing {
  rank: number;
  player: number;
  name: string;
  start: number;
  points: number;
  out: number;
  battles: number;
  won: number;
  lost: number;
  captured: number;
  forfeited: number;
  busy?: string;
  mayLeave: boolean;
}

interface Challenge {
  id: string;
  attacker: number;
  defender: number;
  attackerName: string;
  defenderName: string;
  attackerColour: string;
  state: "offered" | "playing" | "done" | string;
  result?: string;
  attackerLeaves: string;
  defenderLeaves: string;
  attackerArmy: string;
  defenderArmy?: string;
  attackerLost?: string;
  defenderLost?: string;
  battle?: number;
  game?: string;
  start?: boolean;
}

interface Slot {
  rank: number;
  row: number;
  place: string;
  letter: string;
  name: string;
  value: number;
}

interface View {
  type: "tournament";
  id: string;
  name: string;
  noFee: boolean;
  clock: string;
  version: number;
  battles: number;
  standings: Standing[] | null;
  challenges: Challenge[] | null;
  setup: Slot[] | null;
  rules: { StartPoints: number; ChallengeFee: number; EliminationBelow: number; FullArmyPoints: number };
  you?: number;
  organizer?: boolean;
}

interface Summary {
  id: string;
  name: string;
  created: string;
  players: number;
}

// The page's state, for the tests too (window.anychess.tournament).
const page = {
  id: "",
  view: null as View | null,
  you: 0,
  organizer: false,
  link: "", // the player's own link, shown once after joining
  organizerLink: "",
  // left out: the places each army chooser has left out, by chooser key.
  left: new Map<string, Set<string>>(),
  starts: new Map<string, string>(), // the organizer's drafts of start positions
  conn: null as Connection | null,
};
(window as unknown as { anychess: unknown }).anychess = { tournament: page };

async function start(): Promise<void> {
  const m = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  if (!m) {
    await listPage();
    return;
  }
  page.id = decodeURIComponent(m[1]);
  byId("tour-view").hidden = false;
  await takeFragment();
  byId<HTMLFormElement>("join").addEventListener("submit", (e) => {
    e.preventDefault();
    void join();
  });
  byId("challenge-button").addEventListener("click", () => void challenge());
  await refresh();
  page.conn = new Connection({
    url: `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws/tournament/${encodeURIComponent(page.id)}`,
    hello: () => null,
    onMessage: (msg: ServerMessage) => {
      const v = msg as unknown as View;
      if (v.type === "tournament") render(v);
    },
    onStatus: (ok, text) => {
      const el = byId("conn");
      el.textContent = ok ? "● live" : `○ ${text}`;
      el.className = `conn ${ok ? "ok" : "down"}`;
    },
    onError: (text) => showError(text),
  });
}

// takeFragment hands a link's fragment (#player=N&token=T or
// #organizer=T) to the server, which sets the cookie, and removes it.
async function takeFragment(): Promise<void> {
  if (!location.hash) return;
  const q = new URLSearchParams(location.hash.replace(/^#/, ""));
  history.replaceState(null, "", location.pathname + location.search);
  try {
    if (q.get("organizer")) {
      await postJSON(`/api/tournaments/${encodeURIComponent(page.id)}/login`, { organizer: q.get("organizer") });
      page.organizerLink = `${location.origin}${location.pathname}#organizer=${q.get("organizer")}`;
    } else if (q.get("player") && q.get("token")) {
      await postJSON(`/api/tournaments/${encodeURIComponent(page.id)}/login`, { player: Number(q.get("player")), token: q.get("token") });
    }
  } catch (e) {
    showError(`the link: ${errorText(e)}`);
  }
}

// refresh reads the tournament as this browser's cookies make it (you,
// organizer) and draws it.
async function refresh(): Promise<void> {
  try {
    const v = await getJSON<View>(`/api/tournaments/${encodeURIComponent(page.id)}`);
    page.you = v.you ?? 0;
    page.organizer = !!v.organizer;
    render(v);
  } catch (e) {
    showError(`the tournament: ${errorText(e)}`);
  }
}

async function listPage(): Promise<void> {
  byId("list-view").hidden = false;
  byId<HTMLFormElement>("new-tournament").addEventListener("submit", (e) => {
    e.preventDefault();
    void create();
  });
  try {
    const list = await getJSON<Summary[]>("/api/tournaments");
    const ul = byId("t-list");
    clear(ul);
    if (!Array.isArray(list) || list.length === 0) ul.appendChild(h("li", { class: "hint" }, "none yet"));
    for (const t of list ?? []) {
      ul.appendChild(h("li", {}, h("a", { href: `/t/${encodeURIComponent(t.id)}` }, t.name), h("small", {}, ` — ${t.players} player${t.players === 1 ? "" : "s"}, ${t.created.slice(0, 10)}`)));
    }
  } catch (e) {
    showError(`the tournaments: ${errorText(e)}`);
  }
}

async function create(): Promise<void> {
  const body = {
    name: byId<HTMLInputElement>("t-name").value,
    clock: byId<HTMLSelectElement>("t-clock").value,
    noFee: byId<HTMLInputElement>("t-nofee").checked,
  };
  try {
    const a = await postJSON<{ id: string; page: string; organizer: string }>("/api/tournaments", body);
    location.href = new URL(a.organizer, location.href).href;
  } catch (e) {
    showError(`new tournament: ${errorText(e)}`);
  }
}

async function join(): Promise<void> {
  try {
    const a = await postJSON<{ player: number; name: string; link: string }>(`/api/tournaments/${encodeURIComponent(page.id)}/join`, { name: byId<HTMLInputElement>("join-name").value });
    page.link = new URL(a.link, location.href).href;
    showError("");
    await refresh();
  } catch (e) {
    showError(`join: ${errorText(e)}`);
  }
}

// act posts an action on a challenge.
async function act(cid: string, action: string, body: unknown = {}): Promise<unknown> {
  return postJSON(`/api/tournaments/${encodeURIComponent(page.id)}/challenges/${encodeURIComponent(cid)}/${action}`, body);
}

function leftOut(key: string): Set<string> {
  let s = page.left.get(key);
  if (!s) {
    s = new Set();
    page.left.set(key, s);
  }
  return s;
}

async function challenge(): Promise<void> {
  const defender = Number(byId<HTMLSelectElement>("defender").value);
  if (!defender) {
    showError("choose a player to challenge");
    return;
  }
  try {
    await postJSON(`/api/tournaments/${encodeURIComponent(page.id)}/challenges`, { defender, leave: Array.from(leftOut("challenge")).join(" ") });
    page.left.delete("challenge");
    showError("");
  } catch (e) {
    showError(`challenge: ${errorText(e)}`);
  }
}

// armyChooser draws the setup of the army (own ranks 1–5 from the left,
// rows 1–9 from the top) for a player with the points given: a click
// leaves a piece out or puts it back. With 30 points or more the army is
// full and nothing is chosen.
function armyChooser(key: string, v: View, points: number): HTMLElement {
  const setup = v.setup ?? [];
  const full = setup.reduce((n, s) => n + s.value, 0);
  const el = h("div", { class: "army", "data-key": key });
  if (points >= v.rules.FullArmyPoints) {
    el.appendChild(h("p", { class: "hint" }, `With ${points} points you field the full army (${full} points).`));
    return el;
  }
  const left = leftOut(key);
  const sum = () => setup.filter((s) => !left.has(s.place)).reduce((n, s) => n + s.value, 0);
  const note = h("p", { class: "army-note" });
  const update = () => {
    const n = sum();
    note.textContent = `Army: ${n} points; you have ${points}.` + (n > points ? ` Leave out ${n - points} more.` : "");
    note.classList.toggle("over", n > points);
  };
  el.appendChild(h("p", { class: "hint" }, `With ${points} points your army may be worth no more than ${points}: click the pieces to leave out (your own end is on the left).`));
  const grid = h("div", { class: "army-grid" });
  const maxRank = Math.max(...setup.map((s) => s.rank), 1);
  for (let row = 1; row <= 9; row++) {
    for (let rank = 1; rank <= maxRank; rank++) {
      const s = setup.find((x) => x.rank === rank && x.row === row);
      if (!s) {
        grid.appendChild(h("span", { class: "army-empty" }));
        continue;
      }
      const b = h("button", { type: "button", class: "slot", "data-place": s.place, title: `${s.name} (${s.value}), own rank ${s.rank}, row ${s.row}` }, s.letter);
      b.classList.toggle("left-out", left.has(s.place));
      b.addEventListener("click", () => {
        if (left.has(s.place)) left.delete(s.place);
        else left.add(s.place);
        b.classList.toggle("left-out", left.has(s.place));
        update();
      });
      grid.appendChild(b);
    }
  }
  grid.style.gridTemplateColumns = `repeat(${maxRank}, 2.2em)`;
  el.appendChild(grid);
  el.appendChild(note);
  update();
  return el;
}

function standingOf(v: View, num: number): Standing | undefined {
  return (v.standings ?? []).find((s) => s.player === num);
}

function render(v: View): void {
  if (!v || v.id !== page.id) return;
  page.view = v;
  document.title = `${v.name} · Longchess tournament · anychess`;
  byId("title").textContent = `${v.name} — Longchess tournament`;
  byId("t-title").textContent = `${v.name}: standings`;
  const fee = v.noFee ? "no challenge fee" : `challenge fee ${v.rules.ChallengeFee}`;
  byId("t-about").textContent = `Capture the Map with rivers, no modifications; ${fee}; clock ${v.clock || "none"}; start ${v.rules.StartPoints} points; out below ${v.rules.EliminationBelow}. ${v.battles} battle${v.battles === 1 ? "" : "s"} recorded.`;
  renderStandings(v);
  renderMe(v);
  renderChallenges(v);
}

function renderStandings(v: View): void {
  const t = byId("standings");
  clear(t);
  const cols = ["#", "player", "points", "battles", "won", "lost", "captured", "pieces lost", "status"];
  t.appendChild(h("thead", {}, h("tr", {}, ...cols.map((c, i) => h("th", { class: i === 3 || i === 6 || i === 7 ? "wide" : "", title: i === 6 ? "points of the pieces captured from others" : i === 7 ? "points of the pieces lost to others" : "" }, c)))));
  const body = h("tbody");
  for (const s of v.standings ?? []) {
    let status = "in";
    if (s.out) status = `out after battle ${s.out}`;
    else if (s.busy) {
      const c = (v.challenges ?? []).find((x) => x.id === s.busy);
      status = c?.state === "playing" ? "in a battle" : "challenged";
    }
    const tr = h("tr", { class: `standing${s.out ? " out" : ""}${s.player === page.you ? " you" : ""}`, "data-player": s.player },
      h("td", {}, String(s.rank)), h("td", { class: "name" }, s.name), h("td", { class: "points" }, String(s.points)),
      h("td", { class: "wide" }, String(s.battles)), h("td", {}, String(s.won)), h("td", {}, String(s.lost)),
      h("td", { class: "wide" }, String(s.captured)), h("td", { class: "wide" }, String(s.forfeited)), h("td", { class: "status" }, status));
    body.appendChild(tr);
  }
  if ((v.standings ?? []).length === 0) body.appendChild(h("tr", {}, h("td", { colspan: 9, class: "hint" }, "No players yet: join!")));
  t.appendChild(body);
}

function renderMe(v: View): void {
  const me = standingOf(v, page.you);
  byId("join-card").hidden = !!me;
  byId("you-card").hidden = !me;
  const org = byId("organizer-card");
  org.hidden = !page.organizer;
  if (page.organizer && page.organizerLink) {
    const box = byId("organizer-link");
    if (!box.firstChild) box.appendChild(h("input", { readonly: true, value: page.organizerLink, class: "invite-link", id: "organizer-url" }));
  }
  if (!me) return;
  byId("you-title").textContent = `You: ${me.name}, ${me.points} points${me.out ? ` (out after battle ${me.out})` : ""}`;
  const linkBox = byId("your-link");
  if (page.link && !linkBox.firstChild) {
    linkBox.hidden = false;
    linkBox.appendChild(h("p", {}, "Your link is your key to this tournament (from another browser too); keep it:"));
    linkBox.appendChild(h("input", { readonly: true, value: page.link, class: "invite-link", id: "player-url" }));
  }
  const busy = !!me.busy;
  const canChallenge = !me.out && !busy;
  byId("challenge-card").hidden = !canChallenge;
  const note = byId("busy-note");
  note.hidden = canChallenge;
  note.textContent = me.out ? "You are out of the tournament." : "You are in a challenge: one at a time.";
  if (!canChallenge) return;
  const sel = byId<HTMLSelectElement>("defender");
  const before = sel.value;
  clear(sel);
  sel.appendChild(h("option", { value: "" }, "— choose —"));
  for (const s of v.standings ?? []) {
    if (s.player === me.player || s.out) continue;
    const o = h("option", { value: s.player }, `${s.name} (${s.points})${s.busy ? " — busy" : ""}`);
    if (s.busy) o.disabled = true;
    sel.appendChild(o);
  }
  if (Array.from(sel.options).some((o) => o.value === before && !o.disabled)) sel.value = before;
  const army = byId("challenge-army");
  clear(army);
  army.appendChild(armyChooser("challenge", v, me.points));
}

function result(c: Challenge): string {
  switch (c.result) {
    case "attacker":
      return `${c.attackerName} won`;
    case "defender":
      return `${c.defenderName} won`;
    case "draw":
      return "drawn";
    case "surrender":
      return `${c.defenderName} surrendered`;
    case "unfinished":
      return `${c.attackerName} withdrew`;
  }
  return c.result ?? "";
}

function renderChallenges(v: View): void {
  const ul = byId("challenges");
  clear(ul);
  const list = v.challenges ?? [];
  if (list.length === 0) ul.appendChild(h("li", { class: "hint" }, "No challenges yet."));
  for (const c of list) {
    const li = h("li", { class: `challenge ${c.state}`, "data-id": c.id, "data-state": c.state, "data-start": c.start ? "yes" : null });
    // Colours and armies once there is a battle (the attacker's army from the challenge on).
    const attacker = c.game ? `${c.attackerName} (${c.attackerColour}, ${c.attackerArmy})` : c.state === "offered" ? `${c.attackerName} (${c.attackerArmy})` : c.attackerName;
    const head = `${c.battle ? `Battle ${c.battle}: ` : ""}${attacker} challenges ${c.defenderName}${c.defenderArmy ? ` (${c.defenderArmy})` : ""}`;
    li.appendChild(h("div", { class: "ch-head" }, head));
    let what = "";
    if (c.state === "offered") what = `waiting for ${c.defenderName} to defend or surrender`;
    else if (c.state === "playing") what = "the battle is being played";
    else what = result(c) + (c.attackerLost || c.defenderLost ? `; pieces lost: ${c.attackerName} ${c.attackerLost || "-"}, ${c.defenderName} ${c.defenderLost || "-"}` : "");
    li.appendChild(h("div", { class: "ch-state" }, what));
    const actions = h("div", { class: "actions" });
    const button = (cls: string, text: string, fn: () => Promise<unknown>) => {
      const b = h("button", { type: "button", class: cls }, text);
      b.addEventListener("click", () => {
        b.disabled = true;
        fn()
          .then(() => showError(""))
          .catch((e) => showError(`${text}: ${errorText(e)}`))
          .finally(() => {
            b.disabled = false;
          });
      });
      actions.appendChild(b);
    };
    const me = standingOf(v, page.you);
    if (c.state === "offered" && page.you === c.defender && me) {
      li.appendChild(armyChooser(`defend-${c.id}`, v, me.points));
      button("defend primary", "Defend", async () => {
        await act(c.id, "defend", { leave: Array.from(leftOut(`defend-${c.id}`)).join(" ") });
        await play(c.id);
      });
      button("surrender", "Surrender", () => act(c.id, "surrender"));
    }
    if (c.state === "offered" && page.you === c.attacker) button("withdraw", "Withdraw", () => act(c.id, "withdraw"));
    if (c.state === "playing" && (page.you === c.attacker || page.you === c.defender)) button("play primary", "Play your battle", () => play(c.id));
    if (c.game && !(c.state === "playing" && (page.you === c.attacker || page.you === c.defender))) {
      actions.appendChild(h("a", { href: c.game, class: "watch" }, c.state === "done" ? "the game" : "watch"));
    }
    if (c.state === "offered" && page.organizer) {
      const ta = h("textarea", { class: "start-text", rows: 2, placeholder: "organizer: a start position for this battle (the variant's position text)" });
      ta.value = page.starts.get(c.id) ?? "";
      for (const ev of ["input", "change"]) ta.addEventListener(ev, () => page.starts.set(c.id, ta.value));
      li.appendChild(ta);
      button("set-start", c.start ? "Change the start" : "Set the start", () => act(c.id, "start", { start: ta.value }));
    }
    if (c.start) li.appendChild(h("div", { class: "hint" }, "The organizer set this battle's start position."));
    li.appendChild(actions);
    ul.appendChild(li);
  }
}

// play seats this browser in its battle's game (the server sets the
// game's seat cookie from the player's) and opens it.
async function play(cid: string): Promise<void> {
  const a = (await act(cid, "play")) as { game: string };
  location.href = new URL(a.game, location.href).href;
}

void start().catch((e) => showError(errorText(e)));

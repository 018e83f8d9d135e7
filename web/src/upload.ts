// The upload page: a variant file (typed, pasted or opened) sent to
// POST /api/uploads; the server's error shown as the loader writes it
// (FILE:LINE: FIELD: message), with its line selected in the text; an
// accepted variant's links (rules, play, source); the uploaded variants.

import { byId, clear, errorText, getJSON, h, postJSON, showError } from "./dom";
import type { VariantInfo } from "./wire";

interface Accepted {
  name: string;
  title: string;
  rules: string;
  play: string;
  parents: string[] | null;
  board: string;
  players: number;
  pieces: number;
  perft: number[] | null;
  checkMs: number;
}

// example is a small variant file: chess with camels for the queen's knights.
const example = `# Chess with a camel, a (3,1) leaper, in place of each queen's knight.
inherits = "chess"
name = "camel-chess"
title = "Camel Chess"
help = """
Camel Chess: chess whose queen's knights are camels.
The camel (C) leaps three squares one way and one at right angles,
over anything in between. Everything else is chess.
"""
start = "rcbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBNR w KQkq - 0 1"

[[pieces]]
letter = "C"
name = "camel"
betza = "C"
value = 250
before = "P"
`;

let fileName = "upload.toml";
const page = { accepted: null as Accepted | null, error: "" };
(window as unknown as { anychess: unknown }).anychess = { upload: page };

function start(): void {
  const text = byId<HTMLTextAreaElement>("upload-text");
  byId("upload-example").addEventListener("click", () => {
    text.value = example;
    setFile("camel-chess.toml");
  });
  byId<HTMLInputElement>("upload-file").addEventListener("change", (e) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (!f) return;
    if (f.size > 64 << 10) {
      showUploadError(`${f.name}: the file is ${f.size} bytes, more than 65536`);
      return;
    }
    void f.text().then((t) => {
      text.value = t;
      setFile(f.name);
    });
  });
  byId<HTMLFormElement>("upload-form").addEventListener("submit", (e) => {
    e.preventDefault();
    void upload();
  });
  void listUploads();
}

// setFile keeps the file's name for the server's errors, as it accepts it.
function setFile(name: string): void {
  fileName = name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "").slice(0, 64) || "upload.toml";
  byId("upload-file-name").textContent = fileName;
}

function showUploadError(msg: string): void {
  page.error = msg;
  const el = byId("upload-error");
  el.textContent = msg;
  el.hidden = msg === "";
  if (!msg) return;
  // FILE:LINE: … selects the line in the text.
  const m = /^[^:\n]+:(\d+):/.exec(msg);
  if (!m) return;
  const ta = byId<HTMLTextAreaElement>("upload-text");
  const lines = ta.value.split("\n");
  const n = Number(m[1]);
  if (n < 1 || n > lines.length) return;
  const from = lines.slice(0, n - 1).reduce((k, l) => k + l.length + 1, 0);
  ta.focus();
  ta.setSelectionRange(from, from + lines[n - 1].length);
  const lineHeight = ta.scrollHeight / Math.max(lines.length, 1);
  ta.scrollTop = Math.max(0, (n - 3) * lineHeight);
}

async function upload(): Promise<void> {
  const text = byId<HTMLTextAreaElement>("upload-text").value;
  const done = byId("upload-done");
  done.hidden = true;
  page.accepted = null;
  showUploadError("");
  showError("");
  if (text.trim() === "") {
    showUploadError("the file is empty: type, paste or open a variant file");
    return;
  }
  const button = byId<HTMLButtonElement>("upload-button");
  button.disabled = true;
  try {
    const a = await postJSON<Accepted>("/api/uploads", { file: fileName, text });
    page.accepted = a;
    clear(done);
    done.hidden = false;
    done.appendChild(h("p", { class: "ok" }, `Accepted: ${a.title} (${a.name})`));
    const facts = [`board ${a.board}`, `${a.players} players`, `${a.pieces} kinds of piece`];
    if (a.parents && a.parents.length) facts.push(`inherits ${a.parents.join(" ← ")}`);
    if (a.perft && a.perft.length) facts.push(`perft ${a.perft.join(", ")}`);
    facts.push(`checked in ${a.checkMs} ms`);
    done.appendChild(h("p", { class: "hint" }, facts.join(" · ")));
    done.appendChild(h("div", { class: "actions" },
      h("a", { href: a.rules, class: "button", id: "upload-rules" }, "Rules and pieces"),
      h("a", { href: a.play, class: "button", id: "upload-play" }, "Play it"),
      h("a", { href: `/api/uploads/${encodeURIComponent(a.name)}`, id: "upload-source" }, "the file")));
    void listUploads();
  } catch (e) {
    showUploadError(errorText(e));
  } finally {
    button.disabled = false;
  }
}

async function listUploads(): Promise<void> {
  try {
    const vs = await getJSON<VariantInfo[]>("/api/variants");
    const ul = byId("uploaded");
    clear(ul);
    const up = (vs ?? []).filter((v) => v.uploaded);
    if (up.length === 0) ul.appendChild(h("li", { class: "hint" }, "none yet"));
    for (const v of up) {
      ul.appendChild(h("li", {}, h("a", { href: `/rules/${encodeURIComponent(v.name)}` }, v.title || v.name), " · ",
        h("a", { href: `/?variant=${encodeURIComponent(v.name)}` }, "play"), " · ",
        h("a", { href: `/api/uploads/${encodeURIComponent(v.name)}` }, "file")));
    }
  } catch (e) {
    showError(`the variants: ${errorText(e)}`);
  }
}

start();

// The SVG board: any geometry the server describes (wire.Board) — bounded
// boards with holes, pass-through cells, water, regions, zones and labels,
// and the unbounded plane through a window that pans and zooms. The square
// grid is one rect filled with a checker pattern; only special cells,
// pieces, highlights and markers are nodes. The board knows no rule: it
// draws what it is given and reports the square clicked.

import { clear, h, svg } from "./dom";
import { approx, fileLetters, floorBig, key, parseGoto, tryParse, type Pt } from "./coord";
import type { Board, MarkOn, PieceOn } from "./wire";

// Dir is the compass direction shown at the top of the screen: 0 north,
// 1 east, 2 south, 3 west.
export type Dir = 0 | 1 | 2 | 3;

export function dirOf(forward: string | undefined): Dir {
  switch (forward) {
    case "east":
      return 1;
    case "south":
      return 2;
    case "west":
      return 3;
  }
  return 0;
}

export const dirNames = ["north", "east", "south", "west"];

export interface Dest {
  at: Pt;
  kind: "move" | "capture" | "special" | "both" | "initial";
}

export interface Highlights {
  last: Pt[];
  check: Pt[];
  selected: Pt | null;
  dests: Dest[];
}

// The smallest square on any screen, in CSS pixels (phones need 32).
export const minSquare = 33;
const maxSquare = 72;
const labelMargin = 0.42;

const namedColors: Record<string, string> = {
  white: "#f7f3ea",
  black: "#262421",
  red: "#d0342c",
  blue: "#2f6bd8",
  yellow: "#f2c530",
  green: "#2e9d4f",
  orange: "#ee8a1e",
  purple: "#8a4fc2",
};
const palette = ["#f7f3ea", "#262421", "#d0342c", "#2f6bd8", "#2e9d4f", "#f2c530", "#8a4fc2", "#ee8a1e"];

// ownerColor is seat i's colour: its name when that is a colour ("red"),
// else a fixed palette by seat.
export function ownerColor(b: Board, i: number): string {
  const name = b.players?.[i]?.name?.toLowerCase() ?? "";
  return namedColors[name] ?? palette[((i % palette.length) + palette.length) % palette.length];
}

// inkOn is black or white, whichever reads on the colour c.
export function inkOn(c: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(c);
  if (!m) return "#000";
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? "#1a1a1a" : "#ffffff";
}

let uid = 0;

interface Placed {
  p: Pt;
  on: PieceOn;
}

export interface ViewOptions {
  // up is the direction shown at the top before the user turns the board.
  up: Dir;
  // maxHeight gives the height the board may take (CSS px), from its width.
  maxHeight: () => number;
  // mayTurn lets fitting lay a long board the other way (forward to the right).
  mayTurn: boolean;
}

// BoardView draws one board into a container element.
export class BoardView {
  readonly root: HTMLDivElement;
  readonly svg: SVGSVGElement;
  readonly board: Board;
  readonly unbounded: boolean;
  private readonly id = ++uid;
  private baseUp: Dir;
  private userTurn = 0;
  private up: Dir = 0;
  private opts: ViewOptions;

  // The plane's window: the local origin square and the window's centre
  // relative to it, in squares; scale is CSS px per square.
  private ox = 0n;
  private oy = 0n;
  private fx = 0.5;
  private fy = 0.5;
  scale = 40;
  private W = 0;
  private H = 0;
  private vb = { x: 0, y: 0, w: 1, h: 1 };

  private pieces: Placed[] = [];
  private marks: { p: Pt; m: MarkOn }[] = [];
  private hl: Highlights = { last: [], check: [], selected: null, dests: [] };
  private a1: Pt | null;

  private gBase: SVGGElement;
  private gHigh: SVGGElement;
  private gMarks: SVGGElement;
  private gPieces: SVGGElement;
  private gDots: SVGGElement;
  private gEdge: SVGGElement;
  private gLabels: SVGGElement;
  private info: HTMLDivElement | null = null;
  private more: HTMLDivElement | null = null;
  private legend: HTMLDivElement | null = null;
  private gotoBox: HTMLInputElement | null = null;
  private hover: Pt | null = null;

  // onSquare is called with the square clicked or tapped.
  onSquare: (p: Pt) => void = () => {};
  // onMessage shows a problem (a bad go-to text).
  onMessage: (msg: string) => void = () => {};

  constructor(parent: HTMLElement, board: Board, opts: ViewOptions) {
    this.board = board;
    this.unbounded = board.unbounded;
    this.opts = opts;
    this.baseUp = opts.up;
    this.a1 = tryParse(board.lettersA1);
    this.root = h("div", { class: "board-view" + (this.unbounded ? " plane" : "") });
    parent.appendChild(this.root);
    if (this.unbounded) this.root.appendChild(this.planeBar());
    const scroller = h("div", { class: "board-scroll" });
    this.root.appendChild(scroller);
    if (!this.unbounded) {
      // Said when the board is wider than the screen (at 32 px squares a
      // 13-file board is wider than a phone).
      this.more = h("div", { class: "board-more", hidden: true }, "◂ the board is wider than the screen: swipe it sideways ▸");
      this.root.appendChild(this.more);
    }
    this.svg = svg("svg", { class: "board", tabindex: 0, "data-variant": board.variant, role: "img", "aria-label": board.title }, scroller);
    if (!this.unbounded) {
      this.svg.setAttribute("data-files", String(board.files));
      this.svg.setAttribute("data-ranks", String(board.ranks));
    }
    this.gBase = svg("g", { class: "layer-base" }, this.svg);
    this.gHigh = svg("g", { class: "layer-high" }, this.svg);
    this.gMarks = svg("g", { class: "layer-marks" }, this.svg);
    this.gPieces = svg("g", { class: "layer-pieces" }, this.svg);
    this.gDots = svg("g", { class: "layer-dots" }, this.svg);
    this.gLabels = svg("g", { class: "layer-labels" }, this.svg);
    this.gEdge = svg("g", { class: "layer-edge" }, this.svg);
    if (this.unbounded) {
      this.info = h("div", { class: "plane-info" });
      this.root.appendChild(this.info);
    }
    this.listen();
  }

  // ---- geometry -------------------------------------------------------

  // toS maps a point of board space (local to the origin, y up) to screen
  // units (one unit a square, y down) for the current direction.
  private toS(bx: number, by: number): [number, number] {
    switch (this.up) {
      case 0:
        return [bx, -by];
      case 2:
        return [-bx, by];
      case 1:
        return [-by, -bx];
      default:
        return [by, bx];
    }
  }

  private fromS(sx: number, sy: number): [number, number] {
    switch (this.up) {
      case 0:
        return [sx, -sy];
      case 2:
        return [-sx, sy];
      case 1:
        return [-sy, -sx];
      default:
        return [sy, sx];
    }
  }

  // local is a square's board-space position relative to the origin (only
  // for squares in or near the window).
  private local(p: Pt): [number, number] {
    return [Number(p.x - this.ox), Number(p.y - this.oy)];
  }

  private cellRect(lx: number, ly: number): { x: number; y: number } {
    const [ax, ay] = this.toS(lx, ly);
    const [bx, by] = this.toS(lx + 1, ly + 1);
    return { x: Math.min(ax, bx), y: Math.min(ay, by) };
  }

  private center(lx: number, ly: number): [number, number] {
    return this.toS(lx + 0.5, ly + 0.5);
  }

  // direction is the direction shown at the top.
  direction(): Dir {
    return this.up;
  }

  // turn rotates the board by quarter turns (2 flips it).
  turn(quarters: number): void {
    this.userTurn = (this.userTurn + quarters + 4) % 4;
    this.layout();
  }

  // setUp sets the direction at the top for a seat (undoing user turns).
  setUp(d: Dir): void {
    this.baseUp = d;
    this.userTurn = 0;
    this.layout();
  }

  // inWindow tells whether a square is in the drawn window.
  inWindow(p: Pt, margin = 0): boolean {
    if (!this.unbounded) return p.x >= 0n && p.y >= 0n && p.x < BigInt(this.board.files) && p.y < BigInt(this.board.ranks);
    let [x0, x1, y0, y1] = this.windowBounds();
    x0 += margin;
    y0 += margin;
    x1 -= margin;
    y1 -= margin;
    const dx = p.x - this.ox;
    const dy = p.y - this.oy;
    return dx >= BigInt(x0) && dx <= BigInt(x1) && dy >= BigInt(y0) && dy <= BigInt(y1);
  }

  // windowBounds are the local squares the window shows (partly or wholly).
  private windowBounds(): [number, number, number, number] {
    const pts = [
      this.fromS(this.vb.x, this.vb.y),
      this.fromS(this.vb.x + this.vb.w, this.vb.y + this.vb.h),
    ];
    const xs = pts.map((q) => q[0]);
    const ys = pts.map((q) => q[1]);
    return [Math.floor(Math.min(...xs)), Math.ceil(Math.max(...xs)) - 1, Math.floor(Math.min(...ys)), Math.ceil(Math.max(...ys)) - 1];
  }

  // ---- layout ---------------------------------------------------------

  // layout sizes the board to its container and draws it all.
  layout(): void {
    const W = Math.max(200, this.root.clientWidth || this.root.parentElement?.clientWidth || 600);
    const H = Math.max(240, this.opts.maxHeight());
    if (this.unbounded) {
      this.up = ((this.baseUp + this.userTurn) % 4) as Dir;
      this.W = W;
      const chrome = (this.root.querySelector(".plane-bar") as HTMLElement | null)?.offsetHeight ?? 0;
      this.H = Math.max(240, Math.min(H - chrome - 24, Math.max(320, W * 1.1)));
      this.svg.setAttribute("width", String(this.W));
      this.svg.setAttribute("height", String(this.H));
      this.drawAll();
      return;
    }
    const first = ((this.baseUp + this.userTurn) % 4) as Dir;
    const cands: Dir[] = [first];
    if (this.opts.mayTurn && this.userTurn === 0 && this.board.files !== this.board.ranks) cands.push(((first + 3) % 4) as Dir);
    let best = first;
    let bestScore = -1;
    for (const d of cands) {
      const [w, hh] = this.units(d);
      const score = Math.min(W / w, Math.max(H / hh, minSquare));
      if (score > bestScore + 0.01) {
        best = d;
        bestScore = score;
      }
    }
    this.up = best;
    const [w, hh] = this.units(best);
    let s = H / hh >= minSquare ? Math.min(W / w, H / hh) : W / w;
    s = Math.max(minSquare, Math.min(maxSquare, s));
    s = Math.floor(s * 4) / 4;
    this.scale = s;
    this.W = w * s;
    this.H = hh * s;
    this.svg.setAttribute("width", String(this.W));
    this.svg.setAttribute("height", String(this.H));
    if (this.more) this.more.hidden = this.W <= W + 1;
    this.drawAll();
  }

  // units is the size of a bounded board and its labels in squares when d
  // is at the top.
  private units(d: Dir): [number, number] {
    const across = d === 0 || d === 2 ? this.board.files : this.board.ranks;
    const down = d === 0 || d === 2 ? this.board.ranks : this.board.files;
    return [across + labelMargin, down + labelMargin];
  }

  // aspect is the widest a bounded board can be laid (width / height).
  aspect(): number {
    if (this.unbounded) return 1;
    const a = this.board.files / this.board.ranks;
    return Math.max(a, 1 / a);
  }

  private setViewBox(): void {
    if (this.unbounded) {
      const w = this.W / this.scale;
      const hh = this.H / this.scale;
      const [cx, cy] = this.toS(this.fx, this.fy);
      this.vb = { x: cx - w / 2, y: cy - hh / 2, w, h: hh };
    } else {
      const a = this.toS(0, 0);
      const b = this.toS(this.board.files, this.board.ranks);
      const x0 = Math.min(a[0], b[0]);
      const y0 = Math.min(a[1], b[1]);
      const w = Math.abs(a[0] - b[0]);
      const hh = Math.abs(a[1] - b[1]);
      this.vb = { x: x0 - labelMargin, y: y0, w: w + labelMargin, h: hh + labelMargin };
    }
    this.svg.setAttribute("viewBox", `${this.vb.x} ${this.vb.y} ${this.vb.w} ${this.vb.h}`);
    this.svg.setAttribute("data-up", dirNames[this.up]);
  }

  // squarePx is the size of a square on the screen in CSS px.
  squarePx(): number {
    const m = this.svg.getScreenCTM();
    return m ? Math.hypot(m.a, m.b) : this.scale;
  }

  // ---- drawing --------------------------------------------------------

  private drawAll(): void {
    this.setViewBox();
    this.drawBase();
    this.drawDynamic();
  }

  private drawDynamic(): void {
    this.drawHighlights();
    this.drawMarks();
    this.drawPieces();
    this.drawDots();
    this.drawLabels();
    this.drawEdge();
    this.drawInfo();
  }

  private drawBase(): void {
    clear(this.gBase);
    const defs = svg("defs", {}, this.gBase);
    const pid = `chk${this.id}`;
    // a1 (board x+y even) is dark: shift the pattern when the origin
    // square's screen corner has the other parity.
    const r0 = this.cellRect(0, 0);
    const cornerOdd = ((((r0.x + r0.y) % 2) + 2) % 2) === 1;
    const originDark = ((this.ox + this.oy) % 2n === 0n);
    const darkAtEven = originDark !== cornerOdd;
    const pat = svg("pattern", { id: pid, patternUnits: "userSpaceOnUse", width: 2, height: 2, x: darkAtEven ? 0 : 1, y: 0 }, defs);
    svg("rect", { width: 2, height: 2, class: "sq-light" }, pat);
    svg("rect", { width: 1, height: 1, class: "sq-dark" }, pat);
    svg("rect", { x: 1, y: 1, width: 1, height: 1, class: "sq-dark" }, pat);
    const hatch = svg("pattern", { id: `pass${this.id}`, patternUnits: "userSpaceOnUse", width: 0.25, height: 0.25, patternTransform: "rotate(45)" }, defs);
    svg("rect", { width: 0.25, height: 0.25, class: "pass-bg" }, hatch);
    svg("line", { x1: 0, y1: 0, x2: 0, y2: 0.25, class: "pass-line" }, hatch);
    const waves = svg("pattern", { id: `water${this.id}`, patternUnits: "userSpaceOnUse", width: 0.5, height: 0.3 }, defs);
    svg("rect", { width: 0.5, height: 0.3, class: "water-bg" }, waves);
    svg("path", { d: "M0 0.18 Q0.125 0.08 0.25 0.18 T0.5 0.18", class: "water-line" }, waves);

    if (this.unbounded) {
      const m = 1;
      svg("rect", { x: Math.floor(this.vb.x) - m, y: Math.floor(this.vb.y) - m, width: Math.ceil(this.vb.w) + 2 * m, height: Math.ceil(this.vb.h) + 2 * m, fill: `url(#${pid})`, class: "grid" }, this.gBase);
      return;
    }
    const a = this.toS(0, 0);
    const b = this.toS(this.board.files, this.board.ranks);
    svg("rect", { x: Math.min(a[0], b[0]), y: Math.min(a[1], b[1]), width: Math.abs(a[0] - b[0]), height: Math.abs(a[1] - b[1]), fill: `url(#${pid})`, class: "grid" }, this.gBase);
    this.drawRegions();
    for (const c of this.board.cells ?? []) {
      if (!Number.isInteger(c.x) || !Number.isInteger(c.y)) continue;
      const r = this.cellRect(c.x, c.y);
      const fill = c.kind === "water" ? `url(#water${this.id})` : c.kind === "pass" ? `url(#pass${this.id})` : undefined;
      svg("rect", { x: r.x, y: r.y, width: 1, height: 1, class: `cell cell-${c.kind}`, "data-kind": c.kind, "data-x": c.x, "data-y": c.y, fill }, this.gBase);
    }
  }

  private drawRegions(): void {
    const zoneAt = new Map<string, number>();
    let other = 0;
    for (const reg of this.board.regions ?? []) {
      const sqs = (reg.squares ?? []).map(tryParse).filter((p): p is Pt => p !== null);
      const g = svg("g", { class: "region", "data-region": reg.name, "data-zone": reg.zone }, this.gBase);
      svg("title", {}, g).textContent = reg.name.replace(/_/g, " ");
      let style: string;
      let color = "";
      if (reg.zone >= 0) {
        style = "zone";
        color = ownerColor(this.board, reg.zone);
      } else if (reg.symbol) {
        style = "symbol";
      } else {
        style = "outline";
        color = palette[2 + (other++ % 6)];
      }
      for (const p of sqs) {
        const [lx, ly] = this.local(p);
        const r = this.cellRect(lx, ly);
        if (style === "zone") {
          zoneAt.set(key(p), reg.zone);
          svg("rect", { x: r.x, y: r.y, width: 1, height: 1, class: "region-sq zone-sq", fill: color }, g);
        } else if (style === "symbol") {
          svg("rect", { x: r.x, y: r.y, width: 1, height: 1, class: `region-sq symbol-sq sym-${symbolClass(reg.symbol ?? "")}` }, g);
          const [cx, cy] = this.center(lx, ly);
          const t = svg("text", { x: cx, y: cy, class: "region-symbol" }, g);
          t.textContent = reg.symbol ?? "";
        } else {
          svg("path", { d: `M${r.x} ${r.y}h0.3L${r.x} ${r.y + 0.3}Z`, class: "region-sq corner-sq", fill: color }, g);
        }
      }
    }
    this.drawLegend();
    // Canals: the borders between squares of different zones.
    const segs: string[] = [];
    for (const [k, z] of zoneAt) {
      const [xs, ys] = k.split(",");
      const x = Number(xs);
      const y = Number(ys);
      const right = zoneAt.get(`${x + 1},${y}`);
      if (right !== undefined && right !== z) segs.push(this.seg(x + 1, y, x + 1, y + 1));
      const up = zoneAt.get(`${x},${y + 1}`);
      if (up !== undefined && up !== z) segs.push(this.seg(x, y + 1, x + 1, y + 1));
    }
    if (segs.length > 0) svg("path", { d: segs.join(" "), class: "canal" }, this.gBase);
  }

  // drawLegend names the regions under the board with their marks.
  private drawLegend(): void {
    if (!this.legend) {
      this.legend = h("div", { class: "region-legend" });
      this.root.appendChild(this.legend);
    }
    clear(this.legend);
    let other = 0;
    for (const reg of this.board.regions ?? []) {
      let mark: HTMLElement;
      if (reg.zone >= 0) {
        mark = h("span", { class: "lg-zone", style: `background:${ownerColor(this.board, reg.zone)}` });
      } else if (reg.symbol) {
        mark = h("span", { class: `lg-symbol sym-${symbolClass(reg.symbol)}` }, reg.symbol);
      } else {
        mark = h("span", { class: "lg-corner", style: `border-top-color:${palette[2 + (other++ % 6)]}` });
      }
      this.legend.appendChild(h("span", { class: "legend-item", "data-region": reg.name }, mark, " " + reg.name.replace(/_/g, " ")));
    }
    this.legend.hidden = this.legend.childElementCount === 0;
  }

  private seg(x0: number, y0: number, x1: number, y1: number): string {
    const a = this.toS(x0, y0);
    const b = this.toS(x1, y1);
    return `M${a[0]} ${a[1]}L${b[0]} ${b[1]}`;
  }

  private drawLabels(): void {
    clear(this.gLabels);
    if (this.unbounded) {
      this.drawPlaneLabels();
      return;
    }
    const b = this.board;
    const ex = this.toS(1, 0);
    const o = this.toS(0, 0);
    const xHorizontal = Math.abs(ex[0] - o[0]) > 0.5;
    const bottom = this.vb.y + this.vb.h - labelMargin / 2;
    const left = this.vb.x + labelMargin / 2;
    const fileText = (x: number) => b.fileLabels?.[x] ?? b.fileNames?.[x] ?? fileLetters(BigInt(x + 1));
    const rankText = (y: number) => b.rankLabels?.[y] ?? String(y + 1);
    for (let x = 0; x < b.files; x++) {
      const [cx, cy] = this.center(x, 0);
      const t = xHorizontal ? svg("text", { x: cx, y: bottom, class: "label file-label" }, this.gLabels) : svg("text", { x: left, y: this.center(x, 0)[1], class: "label file-label" }, this.gLabels);
      t.textContent = fileText(x);
      void cy;
    }
    for (let y = 0; y < b.ranks; y++) {
      const [cx, cy] = this.center(0, y);
      const t = xHorizontal ? svg("text", { x: left, y: cy, class: "label rank-label" }, this.gLabels) : svg("text", { x: cx, y: bottom, class: "label rank-label" }, this.gLabels);
      t.textContent = rankText(y);
    }
  }

  // drawPlaneLabels writes exact coordinates along the window's bottom and
  // left edges, as many as fit.
  private drawPlaneLabels(): void {
    const [x0, x1, y0, y1] = this.windowBounds();
    const ex = this.toS(1, 0);
    const o = this.toS(0, 0);
    const xHorizontal = Math.abs(ex[0] - o[0]) > 0.5;
    const fontU = 13 / this.scale;
    const bottom = this.vb.y + this.vb.h;
    const left = this.vb.x;
    svg("rect", { x: left, y: bottom - fontU * 1.5, width: this.vb.w, height: fontU * 1.5, class: "label-strip" }, this.gLabels);
    const names = this.board.options?.names === "letters" && this.a1;
    const colText = (lx: number, ly: number, horizontalIsX: boolean): string => {
      if (horizontalIsX) {
        const X = this.ox + BigInt(lx);
        return names && this.a1 ? fileLetters(X - this.a1.x + 1n) : X.toString();
      }
      const Y = this.oy + BigInt(ly);
      return names && this.a1 ? (Y - this.a1.y + 1n).toString() : Y.toString();
    };
    // horizontal axis
    const hLo = xHorizontal ? x0 : y0;
    const hHi = xHorizontal ? x1 : y1;
    const sample = colText(hLo, hLo, xHorizontal).length;
    const step = Math.max(1, Math.ceil((sample * fontU * 0.62 + fontU) / 1));
    for (let i = hLo; i <= hHi; i++) {
      const v = xHorizontal ? this.ox + BigInt(i) : this.oy + BigInt(i);
      if (v % BigInt(step) !== 0n) continue;
      const c = xHorizontal ? this.center(i, 0) : this.center(0, i);
      if (c[0] < left + fontU * 2 || c[0] > left + this.vb.w - fontU) continue;
      const t = svg("text", { x: c[0], y: bottom - fontU * 0.45, class: "plane-label", "font-size": fontU }, this.gLabels);
      t.textContent = colText(i, i, xHorizontal);
    }
    // vertical axis
    const vLo = xHorizontal ? y0 : x0;
    const vHi = xHorizontal ? y1 : x1;
    const vstep = Math.max(1, Math.ceil(fontU * 2));
    for (let i = vLo; i <= vHi; i++) {
      const v = xHorizontal ? this.oy + BigInt(i) : this.ox + BigInt(i);
      if (v % BigInt(vstep) !== 0n) continue;
      const c = xHorizontal ? this.center(0, i) : this.center(i, 0);
      if (c[1] > bottom - fontU * 2 || c[1] < this.vb.y + fontU) continue;
      const txt = colText(i, i, !xHorizontal);
      const w = txt.length * fontU * 0.62 + fontU * 0.4;
      svg("rect", { x: left, y: c[1] - fontU * 0.7, width: w, height: fontU * 1.4, class: "label-strip" }, this.gLabels);
      const t = svg("text", { x: left + fontU * 0.2, y: c[1], class: "plane-label plane-label-y", "font-size": fontU }, this.gLabels);
      t.textContent = txt;
    }
  }

  private drawHighlights(): void {
    clear(this.gHigh);
    const sq = (p: Pt, cls: string) => {
      if (!this.inWindow(p)) return;
      const [lx, ly] = this.local(p);
      const r = this.cellRect(lx, ly);
      svg("rect", { x: r.x, y: r.y, width: 1, height: 1, class: cls, "data-x": p.x.toString(), "data-y": p.y.toString() }, this.gHigh);
    };
    for (const p of this.hl.last) sq(p, "hl-last");
    if (this.hl.selected) sq(this.hl.selected, "hl-selected");
    for (const p of this.hl.check) {
      if (!this.inWindow(p)) continue;
      const [cx, cy] = this.center(...this.local(p));
      svg("circle", { cx, cy, r: 0.5, class: "hl-check", "data-x": p.x.toString(), "data-y": p.y.toString() }, this.gHigh);
    }
  }

  private drawMarks(): void {
    clear(this.gMarks);
    const seen = new Map<string, number>(); // marks drawn per square so far
    for (const { p, m } of this.marks) {
      if (!this.inWindow(p)) continue;
      const [lx, ly] = this.local(p);
      const [cx, cy] = this.center(lx, ly);
      const k = key(p);
      const nth = seen.get(k) ?? 0;
      seen.set(k, nth + 1);
      // in the middle of an empty square, in a corner under a piece; a
      // second mark on the square in the next corner
      const occupied = this.pieces.some((q) => q.p.x === p.x && q.p.y === p.y);
      const corners: [number, number][] = [[-0.3, 0.3], [0.3, 0.3], [0.3, -0.3], [-0.3, -0.3]];
      const [dx, dy] = corners[nth % 4];
      const [mx, my, size] = occupied || nth > 0 ? [cx + dx, cy + dy, 0.17] : [cx, cy, 0.3];
      const g = svg("g", { class: "mark", "data-x": p.x.toString(), "data-y": p.y.toString(), "data-value": m.value, "data-name": m.name ?? "", "data-owner": m.owner ?? -1, transform: `translate(${mx} ${my}) scale(${size / 0.16})` }, this.gMarks);
      const owned = typeof m.owner === "number" && m.owner >= 0;
      const color = owned ? ownerColor(this.board, m.owner as number) : "#e05a00";
      svg("path", { d: "M0 -0.16 L0.16 0 L0 0.16 L-0.16 0 Z", fill: color, class: "mark-shape" }, g);
      const t = svg("text", { class: "mark-text", fill: inkOn(color) }, g);
      t.textContent = m.name ? m.name.slice(0, 1).toUpperCase() : String(m.value);
      svg("title", {}, g).textContent = m.name ? `${m.name}${owned ? " of " + (this.board.players?.[m.owner as number]?.name ?? "seat " + ((m.owner as number) + 1)) : ""}` : `mark ${m.value}`;
    }
  }

  private drawPieces(): void {
    clear(this.gPieces);
    const royal = new Set((this.board.pieces ?? []).filter((p) => p.royal).map((p) => p.letter));
    const pawn = new Set((this.board.pieces ?? []).filter((p) => p.pawn).map((p) => p.letter));
    const nameOf = new Map((this.board.pieces ?? []).map((p) => [p.letter, p.name]));
    for (const { p, on } of this.pieces) {
      if (!this.inWindow(p)) continue;
      const [lx, ly] = this.local(p);
      const [cx, cy] = this.center(lx, ly);
      const color = ownerColor(this.board, on.owner);
      const g = svg("g", { class: "piece", "data-x": p.x.toString(), "data-y": p.y.toString(), "data-letter": on.letter, "data-owner": on.owner, transform: `translate(${cx} ${cy})` }, this.gPieces);
      const r = pawn.has(on.letter) ? 0.33 : 0.4;
      svg("circle", { r, fill: color, class: "piece-body" }, g);
      if (royal.has(on.letter)) svg("circle", { r: r - 0.07, class: "piece-royal", stroke: inkOn(color) }, g);
      const t = svg("text", { class: "piece-letter", fill: inkOn(color), "font-size": on.letter.length > 1 ? 0.34 : 0.5 }, g);
      t.textContent = on.letter;
      let title = `${this.board.players?.[on.owner]?.name ?? "seat " + (on.owner + 1)} ${nameOf.get(on.letter) ?? on.letter} on ${this.squareName(p)}`;
      if (on.carry) {
        const cc = ownerColor(this.board, on.carryOwner ?? 0);
        const badge = svg("g", { class: "carry", transform: "translate(0.2 -0.3)", "data-carry": on.carry }, g);
        svg("path", { d: "M0 0.22 L0 -0.14 L0.24 -0.06 L0 0.02", fill: cc, class: "carry-flag" }, badge);
        title += `, carrying ${this.board.players?.[on.carryOwner ?? 0]?.name ?? ""} ${nameOf.get(on.carry) ?? on.carry}`;
      }
      svg("title", {}, g).textContent = title;
    }
  }

  private drawDots(): void {
    clear(this.gDots);
    const occupied = new Set(this.pieces.map((q) => key(q.p)));
    for (const d of this.hl.dests) {
      if (!this.inWindow(d.at)) continue;
      const [cx, cy] = this.center(...this.local(d.at));
      const g = svg("g", { class: `dest dest-${d.kind}`, "data-x": d.at.x.toString(), "data-y": d.at.y.toString(), transform: `translate(${cx} ${cy})` }, this.gDots);
      if (d.kind === "move" || d.kind === "both") {
        svg("circle", { r: occupied.has(key(d.at)) ? 0.45 : 0.16, class: occupied.has(key(d.at)) ? "dot-ring" : "dot" }, g);
      }
      if (d.kind === "initial") svg("circle", { r: 0.16, class: "dot-initial" }, g);
      if (d.kind === "capture" || d.kind === "both") svg("circle", { r: 0.42, class: "ring-capture" }, g);
      if (d.kind === "special") {
        svg("circle", { r: 0.4, class: "ring-special" }, g);
        svg("path", { d: "M-0.15 0H0.15M0 -0.15V0.15", class: "ring-special-cross" }, g);
      }
    }
  }

  // drawEdge puts a marker on the window's edge for each group of pieces
  // outside it, pointing at them; clicking one centres the view there.
  private drawEdge(): void {
    clear(this.gEdge);
    if (!this.unbounded) return;
    const [cxs, cys] = this.toS(this.fx, this.fy);
    const hw = this.vb.w / 2 - 0.35;
    const hh = this.vb.h / 2 - 0.35;
    type Group = { x: number; y: number; owner: number; pts: Pt[]; letters: string[]; dist: number };
    const groups = new Map<string, Group>();
    for (const { p, on } of this.pieces) {
      if (this.inWindow(p)) continue;
      const dxb = approx(p.x - this.ox) + 0.5 - this.fx;
      const dyb = approx(p.y - this.oy) + 0.5 - this.fy;
      const [vx, vy] = this.toS(dxb, dyb);
      const t = Math.min(Math.abs(vx) > 1e-9 ? hw / Math.abs(vx) : Infinity, Math.abs(vy) > 1e-9 ? hh / Math.abs(vy) : Infinity);
      const ex = cxs + vx * t;
      const ey = cys + vy * t;
      const gk = `${on.owner}:${Math.round(ex / 0.8)}:${Math.round(ey / 0.8)}`;
      const dist = Math.hypot(vx, vy);
      let g = groups.get(gk);
      if (!g) {
        g = { x: ex, y: ey, owner: on.owner, pts: [], letters: [], dist };
        groups.set(gk, g);
      }
      g.pts.push(p);
      g.letters.push(on.letter);
      if (dist < g.dist) {
        g.dist = dist;
        g.pts.unshift(g.pts.pop() as Pt);
      }
    }
    for (const g of groups.values()) {
      const target = g.pts[0];
      const color = ownerColor(this.board, g.owner);
      const ang = (Math.atan2(g.y - cys, g.x - cxs) * 180) / Math.PI;
      const m = svg("g", { class: "edge-marker", "data-jump": `${target.x},${target.y}`, "data-count": g.pts.length, transform: `translate(${g.x} ${g.y})` }, this.gEdge);
      svg("path", { d: "M0.2 -0.16 L0.42 0 L0.2 0.16 Z", transform: `rotate(${ang})`, class: "edge-arrow" }, m);
      svg("circle", { r: 0.26, fill: color, class: "edge-body" }, m);
      const t = svg("text", { class: "edge-letter", fill: inkOn(color) }, m);
      t.textContent = g.pts.length > 1 ? String(g.pts.length) : g.letters[0];
      svg("title", {}, m).textContent = `${g.pts.length} piece${g.pts.length > 1 ? "s" : ""} (${g.letters.join(" ")}) that way; nearest at ${this.squareName(target)}: click to go there`;
    }
  }

  private drawInfo(): void {
    if (!this.info) return;
    const [x0, x1, y0, y1] = this.windowBounds();
    const X = (i: number) => (this.ox + BigInt(i)).toString();
    const Y = (i: number) => (this.oy + BigInt(i)).toString();
    const c = this.viewCenter();
    let txt = `centre (${c.x}, ${c.y}) · x ${X(x0)} … ${X(x1)} · y ${Y(y0)} … ${Y(y1)}`;
    if (this.hover) txt += ` · pointer ${this.squareName(this.hover)}`;
    this.info.textContent = txt;
  }

  // squareName writes a square as the server's notation would: a file and
  // rank on a bounded board, (x,y) on the plane (and its letters name when
  // the plane's letters origin is known).
  squareName(p: Pt): string {
    if (this.unbounded) {
      const xy = `(${p.x},${p.y})`;
      if (this.board.options?.names === "letters" && this.a1) return `(${fileLetters(p.x - this.a1.x + 1n)}${p.y - this.a1.y + 1n}) ${xy}`;
      return xy;
    }
    const x = Number(p.x);
    const y = Number(p.y);
    const f = this.board.fileNames?.[x] ?? fileLetters(BigInt(x + 1));
    return `${f}${y + 1}`;
  }

  // ---- state ----------------------------------------------------------

  // setPosition replaces the pieces and marks; bad coordinates are skipped
  // and reported.
  setPosition(pieces: PieceOn[] | null, marks: MarkOn[] | null): number {
    let bad = 0;
    this.pieces = [];
    for (const on of pieces ?? []) {
      const p = tryParse(on.at);
      if (!p || typeof on.letter !== "string") {
        bad++;
        continue;
      }
      this.pieces.push({ p, on });
    }
    this.marks = [];
    for (const m of marks ?? []) {
      const p = tryParse(m.at);
      if (!p) {
        bad++;
        continue;
      }
      this.marks.push({ p, m });
    }
    this.drawDynamic();
    return bad;
  }

  setHighlights(hl: Highlights): void {
    this.hl = hl;
    this.drawHighlights();
    this.drawDots();
  }

  pieceAt(p: Pt): PieceOn | null {
    for (const q of this.pieces) if (q.p.x === p.x && q.p.y === p.y) return q.on;
    return null;
  }

  // ---- the plane's window --------------------------------------------

  viewCenter(): Pt {
    return { x: this.ox + floorBig(this.fx), y: this.oy + floorBig(this.fy) };
  }

  // centerOn moves the plane's window so that square p is in its middle.
  centerOn(p: Pt): void {
    if (!this.unbounded) return;
    this.ox = p.x;
    this.oy = p.y;
    this.fx = 0.5;
    this.fy = 0.5;
    if (this.W > 0) this.drawAll();
  }

  // reveal scrolls a bounded board that is bigger than the screen (a long
  // board upright on a phone, a wide one in its scrolling box) so that the
  // squares of pts are in view, when they are not.
  reveal(pts: Pt[]): void {
    const m = this.svg.getScreenCTM();
    if (this.unbounded || !m || pts.length === 0) return;
    let [l, r, t, b] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const p of pts) {
      const [cx, cy] = this.center(...this.local(p));
      const x = m.a * cx + m.c * cy + m.e;
      const y = m.b * cx + m.d * cy + m.f;
      const half = this.squarePx() / 2;
      l = Math.min(l, x - half);
      r = Math.max(r, x + half);
      t = Math.min(t, y - half);
      b = Math.max(b, y + half);
    }
    const box = (this.svg.parentElement as HTMLElement).getBoundingClientRect();
    const scroller = this.svg.parentElement as HTMLElement;
    if (l < box.left || r > box.right) scroller.scrollLeft += (l + r) / 2 - (box.left + box.right) / 2;
    if (t < 0 || b > window.innerHeight) window.scrollBy(0, (t + b) / 2 - window.innerHeight / 2);
  }

  // fit shows every square of pts in the plane's window, with a square or
  // so to spare around them, when that leaves squares of minPx or more (and
  // draws them no bigger than now); it reports whether it did.
  fit(pts: Pt[], minPx: number): boolean {
    if (!this.unbounded || pts.length === 0 || this.W <= 0) return false;
    let [x0, x1, y0, y1] = [pts[0].x, pts[0].x, pts[0].y, pts[0].y];
    for (const p of pts) {
      if (p.x < x0) x0 = p.x;
      if (p.x > x1) x1 = p.x;
      if (p.y < y0) y0 = p.y;
      if (p.y > y1) y1 = p.y;
    }
    const wx = x1 - x0 + 1n;
    const wy = y1 - y0 + 1n;
    if (wx > 4096n || wy > 4096n) return false;
    const bw = Number(wx) + 2.5;
    const bh = Number(wy) + 2.5;
    const [across, down] = this.up % 2 === 0 ? [bw, bh] : [bh, bw];
    const s = Math.min(this.W / across, this.H / down, this.scale);
    if (s < minPx) return false;
    this.scale = s;
    this.ox = x0;
    this.oy = y0;
    this.fx = Number(wx) / 2;
    this.fy = Number(wy) / 2;
    this.drawAll();
    return true;
  }

  // pan moves the window by screen units.
  private pan(dsx: number, dsy: number): void {
    const [bx, by] = this.fromS(dsx, dsy);
    this.fx += bx;
    this.fy += by;
    const ix = Math.floor(this.fx);
    const iy = Math.floor(this.fy);
    this.ox += BigInt(ix);
    this.oy += BigInt(iy);
    this.fx -= ix;
    this.fy -= iy;
    this.drawAll();
  }

  // zoom multiplies the scale, keeping the screen point (sx, sy) in place.
  zoom(factor: number, at?: [number, number]): void {
    if (!this.unbounded) return;
    const ns = Math.max(6, Math.min(120, this.scale * factor));
    const f = ns / this.scale;
    if (f === 1) return;
    if (at) {
      const [cx, cy] = this.toS(this.fx, this.fy);
      // keep the point under the pointer fixed
      this.scale = ns;
      this.pan((at[0] - cx) * (1 - 1 / f), (at[1] - cy) * (1 - 1 / f));
      return;
    }
    this.scale = ns;
    this.drawAll();
  }

  private planeBar(): HTMLElement {
    const bar = h("div", { class: "plane-bar" });
    const btn = (label: string, title: string, fn: () => void, cls = "") => {
      const b = h("button", { type: "button", title, class: cls }, label);
      b.addEventListener("click", fn);
      bar.appendChild(b);
    };
    btn("−", "zoom out", () => this.zoom(1 / 1.25), "zoom-out");
    btn("+", "zoom in", () => this.zoom(1.25), "zoom-in");
    for (const [lbl, dx, dy] of [["←", -4, 0], ["↑", 0, -4], ["↓", 0, 4], ["→", 4, 0]] as [string, number, number][]) {
      btn(lbl, "move the view", () => this.pan(dx, dy), "pan");
    }
    const form = h("form", { class: "goto" });
    this.gotoBox = h("input", { type: "text", placeholder: this.board.options?.names === "letters" && this.a1 ? "go to e8 or x,y" : "go to x,y", "aria-label": "go to square", class: "goto-box", size: 18 });
    form.appendChild(this.gotoBox);
    form.appendChild(h("button", { type: "submit" }, "Go"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const r = parseGoto(this.gotoBox?.value ?? "", this.a1);
      if (typeof r === "string") {
        this.onMessage(r);
        return;
      }
      this.onMessage("");
      this.centerOn(r);
    });
    bar.appendChild(form);
    return bar;
  }

  // ---- input ------------------------------------------------------------

  // squareAt maps a point on the screen to the square under it.
  squareAt(clientX: number, clientY: number): Pt | null {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const u = pt.matrixTransform(m.inverse());
    const [bx, by] = this.fromS(u.x, u.y);
    if (!Number.isFinite(bx) || !Number.isFinite(by)) return null;
    const p = { x: this.ox + floorBig(bx), y: this.oy + floorBig(by) };
    if (!this.unbounded && !this.inWindow(p)) return null;
    return p;
  }

  private screenUnits(clientX: number, clientY: number): [number, number] | null {
    const m = this.svg.getScreenCTM();
    if (!m) return null;
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const u = pt.matrixTransform(m.inverse());
    return [u.x, u.y];
  }

  private listen(): void {
    const pointers = new Map<number, { x: number; y: number }>();
    let downAt: { x: number; y: number } | null = null;
    let moved = false;
    let pinch: { d: number; scale: number } | null = null;
    const el = this.svg;
    let jumpAt: Element | null = null;
    el.addEventListener("pointerdown", (e) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 1) {
        downAt = { x: e.clientX, y: e.clientY };
        moved = false;
        jumpAt = (e.target as Element | null)?.closest?.("[data-jump]") ?? null;
      }
      if (this.unbounded) {
        el.setPointerCapture?.(e.pointerId);
        if (pointers.size === 2) {
          const [a, b] = [...pointers.values()];
          pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), scale: this.scale };
          moved = true;
        }
      }
    });
    el.addEventListener("pointermove", (e) => {
      const prev = pointers.get(e.pointerId);
      if (this.unbounded && !prev && e.pointerType === "mouse") {
        this.hover = this.squareAt(e.clientX, e.clientY);
        this.drawInfo();
      }
      if (!prev) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (!this.unbounded) return;
      if (pinch && pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (pinch.d > 0) {
          const target = pinch.scale * (d / pinch.d);
          const mid = this.screenUnits((a.x + b.x) / 2, (a.y + b.y) / 2) ?? undefined;
          this.zoom(target / this.scale, mid);
        }
        return;
      }
      if (downAt && !moved && Math.hypot(e.clientX - downAt.x, e.clientY - downAt.y) > 5) moved = true;
      if (moved && pointers.size === 1) {
        const s = this.squarePx();
        this.pan(-(e.clientX - prev.x) / s, -(e.clientY - prev.y) / s);
      }
    });
    const end = (e: PointerEvent, cancel: boolean) => {
      const had = pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (!had || cancel || moved || pointers.size > 0) {
        if (pointers.size === 0) downAt = null;
        return;
      }
      downAt = null;
      const jump = jumpAt;
      jumpAt = null;
      if (jump) {
        const p = parseGoto(jump.getAttribute("data-jump") ?? "", null);
        if (typeof p !== "string") this.centerOn(p);
        return;
      }
      const sq = this.squareAt(e.clientX, e.clientY);
      if (sq) this.onSquare(sq);
    };
    el.addEventListener("pointerup", (e) => end(e, false));
    el.addEventListener("pointercancel", (e) => end(e, true));
    el.addEventListener("pointerleave", () => {
      if (this.hover) {
        this.hover = null;
        this.drawInfo();
      }
    });
    el.addEventListener(
      "wheel",
      (e) => {
        if (!this.unbounded) return;
        e.preventDefault();
        const at = this.screenUnits(e.clientX, e.clientY) ?? undefined;
        this.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, at);
      },
      { passive: false },
    );
    el.addEventListener("keydown", (e) => {
      if (!this.unbounded) return;
      const step = e.shiftKey ? 8 : 1;
      const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      if (moves[e.key]) {
        this.pan(...moves[e.key]);
      } else if (e.key === "+" || e.key === "=") {
        this.zoom(1.25);
      } else if (e.key === "-") {
        this.zoom(1 / 1.25);
      } else {
        return;
      }
      e.preventDefault();
      e.stopPropagation();
    });
  }
}

function symbolClass(s: string): string {
  switch (s) {
    case "=":
      return "bridge";
    case "#":
      return "keep";
  }
  return "other";
}

// seatUp chooses the direction to show at the top for seat you: its
// forward when the variant's players face different ways; else the side
// where the seat's zone lies at the bottom (Martian Chess); else north.
export function seatUp(b: Board, you: number): Dir {
  const players = b.players ?? [];
  const seat = you >= 0 && you < players.length ? you : 0;
  const fwd = new Set(players.map((p) => p.forward));
  if (fwd.size > 1) return dirOf(players[seat]?.forward);
  const zone = (b.regions ?? []).find((r) => r.zone === seat);
  if (zone && !b.unbounded && b.files > 0 && b.ranks > 0) {
    let sx = 0;
    let sy = 0;
    let n = 0;
    for (const c of zone.squares ?? []) {
      const p = tryParse(c);
      if (!p) continue;
      sx += Number(p.x) + 0.5 - b.files / 2;
      sy += Number(p.y) + 0.5 - b.ranks / 2;
      n++;
    }
    if (n > 0) {
      // screen (right, down) of the zone's centre for each direction at
      // the top; pick the one putting it lowest, then leftmost.
      let best: Dir = 0;
      let score = -Infinity;
      for (const d of [0, 1, 2, 3] as Dir[]) {
        const [x, y] = d === 0 ? [sx, -sy] : d === 2 ? [-sx, sy] : d === 1 ? [-sy, -sx] : [sy, sx];
        const s = y * 1000 - x;
        if (s > score + 1e-6) {
          score = s;
          best = d;
        }
      }
      return best;
    }
  }
  return dirOf(players[seat]?.forward);
}

// openOn shows every piece in the plane's first window when they fit at
// squares of 20 px (32 px on a phone's narrow screen); else it centres the
// window on the pieces' middle when the seat's royal piece is then in
// sight, else on the royal piece.
export function openOn(v: BoardView, pieces: PieceOn[] | null, you: number): void {
  const pts = (pieces ?? []).map((p) => tryParse(p.at)).filter((p): p is Pt => p !== null);
  if (v.fit(pts, window.innerWidth < 700 ? 32 : 20)) return;
  const mid = startSquare(pieces, v.board, -2);
  const own = startSquare(pieces, v.board, you);
  v.centerOn(mid);
  if (!v.inWindow(own, 1)) v.centerOn(own);
}

// startSquare is where the plane's window opens: the seat's royal piece,
// else the pieces' middle, else the origin.
export function startSquare(pieces: PieceOn[] | null, b: Board, you: number): Pt {
  const royal = new Set((b.pieces ?? []).filter((p) => p.royal).map((p) => p.letter));
  const mine = you === -2 ? [] : (pieces ?? []).filter((p) => p.owner === (you >= 0 ? you : 0) && royal.has(p.letter));
  if (mine.length > 0) {
    const p = tryParse(mine[0].at);
    if (p) return p;
  }
  const pts = (pieces ?? []).map((p) => tryParse(p.at)).filter((p): p is Pt => p !== null);
  if (pts.length === 0) return { x: 0n, y: 0n };
  pts.sort((a, b) => (a.x < b.x ? -1 : a.x > b.x ? 1 : 0));
  const mx = pts[pts.length >> 1].x;
  pts.sort((a, b) => (a.y < b.y ? -1 : a.y > b.y ? 1 : 0));
  return { x: mx, y: pts[pts.length >> 1].y };
}

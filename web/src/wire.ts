// The JSON the server sends: TypeScript mirrors of package wire's Go types
// (wire/wire.go, wire/state.go) and of the answers of doc/WEB.md's JSON API.
// Coordinates are decimal strings (64-bit on the infinite plane).

export interface Coord {
  x: string;
  y: string;
}

export interface Cell {
  x: number;
  y: number;
  kind: "hole" | "pass" | "water" | string;
}

export interface Region {
  name: string;
  symbol?: string;
  zone: number;
  squares: Coord[];
}

export interface Player {
  name: string;
  forward: "north" | "south" | "east" | "west" | string;
  team: number;
}

export interface Piece {
  letter: string;
  name: string;
  betza: string;
  royal?: boolean;
  pawn?: boolean;
}

export interface Declaration {
  name: string;
  help: string;
}

export interface Board {
  variant: string;
  title: string;
  options: Record<string, string>;
  unbounded: boolean;
  files: number;
  ranks: number;
  cells: Cell[] | null;
  regions: Region[] | null;
  fileLabels?: string[] | null;
  rankLabels?: string[] | null;
  fileNames?: string[] | null;
  players: Player[] | null;
  pieces: Piece[] | null;
  declarations: Declaration[] | null;
  help: string;
  candidateNote?: string;
  // lettersA1 is the square an unbounded board's letter names call (a1).
  lettersA1?: Coord | null;
}

export interface SeatInfo {
  name: string;
  plays: string;
  connected: boolean;
  // away: milliseconds the seat's person has been gone (no connection);
  // claimable: gone past the server's limit in a game of two sides.
  away?: number;
  claimable?: boolean;
}

export interface PieceOn {
  at: Coord;
  letter: string;
  owner: number;
  carry?: string;
  carryOwner?: number;
}

// MarkOn is one mark on a square: what the variant calls it and whose it
// is (-1: bits no kind of mark names, shown by their raw value).
export interface MarkOn {
  at: Coord;
  value: number;
  name?: string;
  owner?: number;
}

export interface MoveInfo {
  text: string;
  san: string;
  from?: Coord | null;
  to?: Coord | null;
  victims?: Coord[] | null;
  special?: boolean;
  promo?: string;
}

export interface Played {
  text: string;
  san: string;
  player: number;
  spentMs: number;
  clockMs: number;
}

export interface Outcome {
  status: "ongoing" | "win" | "draw" | string;
  winners: number[] | null;
  reason: string;
  text: string;
}

export interface TakebackInfo {
  by: number;
  agreed: number[] | null;
}

export interface State {
  type: "state";
  game: string;
  you: number;
  ply: number;
  turn: number;
  seats: SeatInfo[] | null;
  position: string;
  pieces: PieceOn[] | null;
  marks: MarkOn[] | null;
  lastMove?: MoveInfo | null;
  check: Coord[] | null;
  status: string[] | null;
  clocks: number[] | null;
  running: number;
  outcome: Outcome;
  drawOffers: number[] | null;
  takeback?: TakebackInfo | null;
  takebacks: boolean;
  moves: Played[] | null;
  legal: MoveInfo[] | null;
  // rematch is the id of the game's rematch, once a player asked for one.
  rematch?: string;
  // notices: what was announced at the table (a seat handed to the
  // computer, a win claimed).
  notices?: string[] | null;
}

export interface ErrorMessage {
  type: "error";
  message: string;
  ply: number;
}

export interface Pong {
  type: "pong";
}

export type ServerMessage = State | ErrorMessage | Pong;

export interface ClientMessage {
  type: "hello" | "move" | "resign" | "draw" | "takeback" | "claim" | "ping";
  ply?: number;
  move?: string;
  action?: string;
  seat?: number;
  token?: string;
}

// GET /api/variants
export interface VariantOption {
  name: string;
  description: string;
  default: string;
  values: string[] | null;
}

export interface VariantInfo {
  name: string;
  title: string;
  players: number;
  options: VariantOption[] | null;
  // uploaded marks a variant uploaded to the server.
  uploaded?: boolean;
}

// POST /api/games, /api/import, /api/games/{id}/rematch. A seat is
// numbered from 1 as in links; you (the creator's seat) from 0, -1 for none.
export interface SeatLink {
  seat: number;
  name: string;
  plays: string;
  link?: string;
}

export interface Created {
  id: string;
  you: number;
  seats: SeatLink[];
  spectate: string;
}

// GET /api/rules: the board and one diagram per piece (wire.Diagram): the
// piece, owner's, alone at at; the squares it moves to only, captures on
// only, both, and reaches only before its first move (initial). window is
// the part of an unbounded board the diagram covers.
export interface Diagram {
  letter: string;
  name: string;
  betza: string;
  royal?: boolean;
  owner: number;
  at: Coord;
  window?: { min: Coord; max: Coord } | null;
  moves: Coord[] | null;
  captures: Coord[] | null;
  both: Coord[] | null;
  initial: Coord[] | null;
}

export interface RulesAnswer {
  board: Board;
  diagrams: Diagram[] | null;
}

// checkBoard throws when a board misses what the page needs to draw it.
export function checkBoard(b: unknown): Board {
  if (typeof b !== "object" || b === null) throw new Error("the server sent no board");
  const bb = b as Board;
  if (typeof bb.unbounded !== "boolean") throw new Error("the board has no 'unbounded' field");
  if (!bb.unbounded) {
    if (!Number.isInteger(bb.files) || !Number.isInteger(bb.ranks) || bb.files < 1 || bb.ranks < 1 || bb.files > 1000 || bb.ranks > 1000) {
      throw new Error(`the board's size ${bb.files}×${bb.ranks} is not drawable`);
    }
  }
  return bb;
}

// checkState throws when a state message misses its main fields.
export function checkState(s: State): State {
  if (!Number.isInteger(s.ply) || !Number.isInteger(s.turn) || !Number.isInteger(s.you)) {
    throw new Error("the server's state has no ply, turn or seat");
  }
  if (typeof s.outcome !== "object" || s.outcome === null) {
    throw new Error("the server's state has no outcome");
  }
  const lists: (keyof State)[] = ["seats", "pieces", "marks", "check", "status", "clocks", "drawOffers", "moves", "legal"];
  for (const k of lists) {
    const v = s[k];
    if (v !== null && v !== undefined && !Array.isArray(v)) throw new Error(`the server's state has a bad ${k} list`);
  }
  for (const m of s.legal ?? []) {
    if (typeof m !== "object" || m === null || typeof m.text !== "string") throw new Error("the server's state has a bad legal move");
  }
  return s;
}

// The lobby (GET /ws/lobby, GET /api/lobby, GET /api/seeks/{id}): wire/lobby.go.
export interface SeekSeat {
  seat: number; // 1-based
  player: string;
  plays: string; // open, computer:N, random
  taken: boolean;
  name?: string;
}

export interface Seek {
  id: string;
  variant: string;
  title: string;
  options: Record<string, string> | null;
  start?: string;
  clock: string;
  takebacks: boolean;
  unlisted: boolean;
  creator: number; // 1-based
  created: number;
  state: "open" | "started" | "cancelled" | "expired" | "gone" | string;
  game?: string;
  seats: SeekSeat[] | null;
  open: number;
  link: string;
}

export interface LiveGame {
  id: string;
  variant: string;
  title: string;
  options: Record<string, string> | null;
  seats: SeatInfo[] | null;
  ply: number;
  spectators: number;
  created: number;
  watch: string;
}

export interface NewSeek {
  variant: string;
  options?: Record<string, string>;
  start?: string;
  clock?: string;
  takebacks?: boolean;
  seats: string[]; // you, open, computer:N, random
  unlisted?: boolean;
}

export interface HeldSeat {
  seek: string;
  seat: number;
  token: string;
}

export interface LobbyRequest {
  type: "hello" | "look" | "create" | "accept" | "quick" | "leave" | "cancel" | "ping";
  seek?: string;
  seat?: number;
  name?: string;
  held?: HeldSeat[];
  new?: NewSeek;
  variant?: string;
  options?: Record<string, string>;
  clock?: string;
}

export type LobbyMessage =
  | { type: "seeks"; seeks: Seek[] | null }
  | { type: "games"; games: LiveGame[] | null }
  | { type: "seek"; seek: Seek }
  | { type: "seated"; seek: Seek; seat: number; token: string }
  | { type: "released"; seek: string; seat: number }
  | ErrorMessage
  | Pong;

// Exact board coordinates: the server's decimal strings read into BigInt,
// so the infinite plane's 64-bit coordinates never lose a digit.

import type { Coord } from "./wire";

export interface Pt {
  x: bigint;
  y: bigint;
}

const whole = /^-?\d{1,20}$/;

// parse reads a wire coordinate; it throws on anything but two integers.
export function parse(c: Coord | null | undefined): Pt {
  if (!c || typeof c.x !== "string" || typeof c.y !== "string" || !whole.test(c.x) || !whole.test(c.y)) {
    throw new Error(`bad coordinate ${JSON.stringify(c)}`);
  }
  return { x: BigInt(c.x), y: BigInt(c.y) };
}

// tryParse is parse, or null for a missing or bad coordinate.
export function tryParse(c: Coord | null | undefined): Pt | null {
  try {
    return parse(c);
  } catch {
    return null;
  }
}

export function key(p: Pt): string {
  return p.x + "," + p.y;
}

export function wireKey(c: Coord): string {
  return c.x + "," + c.y;
}

export function same(a: Pt | null | undefined, b: Pt | null | undefined): boolean {
  return !!a && !!b && a.x === b.x && a.y === b.y;
}

export function toWire(p: Pt): Coord {
  return { x: p.x.toString(), y: p.y.toString() };
}

// floorBig is the largest integer at or below a finite float.
export function floorBig(f: number): bigint {
  return BigInt(Math.floor(f));
}

// approx turns a (possibly huge) integer into a float for directions and
// distances only, never for a square's identity.
export function approx(n: bigint): number {
  return Number(n);
}

// fileLetters writes a plane file number in bijective base 26: 1 is a,
// 26 z, 27 aa; 0 is φ; negatives take a minus sign.
export function fileLetters(n: bigint): string {
  if (n === 0n) return "φ";
  const neg = n < 0n;
  let m = neg ? -n : n;
  let s = "";
  while (m > 0n) {
    m -= 1n;
    s = String.fromCharCode(97 + Number(m % 26n)) + s;
    m /= 26n;
  }
  return (neg ? "-" : "") + s;
}

// readFileLetters reads fileLetters' text back ("φ" or "0" for zero).
export function readFileLetters(s: string): bigint | null {
  if (s === "φ" || s === "0") return 0n;
  const neg = s.startsWith("-");
  const body = neg ? s.slice(1) : s;
  if (!/^[a-z]{1,14}$/.test(body)) return null;
  let n = 0n;
  for (const ch of body) n = n * 26n + BigInt(ch.charCodeAt(0) - 96);
  return neg ? -n : n;
}

// The plane's coordinates stay within ±(2^62 − 1) (core.MaxPlaneCoord).
export const planeLimit = (1n << 62n) - 1n;

// parseGoto reads a square typed by a person: "x,y", "(x,y)", or, with a
// letters origin a1, "e8" / "(e8)" / "(-b3)". It returns an error text for
// anything else.
export function parseGoto(text: string, a1: Pt | null): Pt | string {
  let t = text.trim().toLowerCase().replace(/\s+/g, "");
  if (t.startsWith("(") && t.endsWith(")")) t = t.slice(1, -1);
  const xy = /^(-?\d{1,19}),(-?\d{1,19})$/.exec(t);
  if (xy) {
    const p = { x: BigInt(xy[1]), y: BigInt(xy[2]) };
    if (p.x > planeLimit || p.x < -planeLimit || p.y > planeLimit || p.y < -planeLimit) {
      return "that square is outside ±2^62";
    }
    return p;
  }
  const lr = /^(-?[a-zφ]+|0)(-?\d{1,19})$/.exec(t);
  if (lr) {
    if (!a1) return "this board's letter names are not known to the page: type x,y";
    const f = readFileLetters(lr[1]);
    if (f === null) return `bad file ${lr[1]}`;
    const p = { x: f - 1n + a1.x, y: BigInt(lr[2]) - 1n + a1.y };
    if (p.x > planeLimit || p.x < -planeLimit || p.y > planeLimit || p.y < -planeLimit) {
      return "that square is outside ±2^62";
    }
    return p;
  }
  return `“${text}”: type x,y (like 9007199254740993,4) or a square name`;
}

// Small DOM helpers shared by the pages.

export const svgNS = "http://www.w3.org/2000/svg";

type Attrs = Record<string, string | number | boolean | undefined | null>;

// svg makes an SVG element with attributes (undefined, null and false are
// left out).
export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Attrs = {}, parent?: Element): SVGElementTagNameMap[K] {
  const el = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    el.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(el);
  return el;
}

// h makes an HTML element with attributes and children (strings become text).
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string | null | undefined)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = String(v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return el;
}

// byId finds a page element, failing loudly when the page lacks it.
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

// showError writes a message into the page's error line (and the console).
export function showError(msg: string): void {
  const el = document.getElementById("error");
  if (el) {
    el.textContent = msg;
    el.hidden = msg === "";
  }
  if (msg) console.warn(msg);
}

// errorText is an exception's message.
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

// getJSON fetches JSON; a 4xx/5xx answer's {error} becomes the thrown
// message.
export async function getJSON<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
    throw new Error(`${url}: the answer is not JSON`);
  }
  if (!res.ok) {
    const msg = body && typeof body === "object" && typeof (body as { error?: unknown }).error === "string" ? (body as { error: string }).error : `${res.status} ${res.statusText}`;
    throw new Error(msg);
  }
  return body as T;
}

// postJSON posts a JSON body and reads a JSON answer (or none, for 204).
export async function postJSON<T>(url: string, body: unknown): Promise<T> {
  return getJSON<T>(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
}

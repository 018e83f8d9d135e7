// The game's websocket: connects, says hello with a seat token when the
// page has one, pings, and reconnects with backoff when the connection
// drops (a server restart); the server sends the state on every connection.

import type { ClientMessage, ServerMessage } from "./wire";

export interface ConnOptions {
  url: string;
  hello: () => ClientMessage | null;
  onMessage: (m: ServerMessage) => void;
  onStatus: (connected: boolean, text: string) => void;
  onError: (text: string) => void;
}

export class Connection {
  private ws: WebSocket | null = null;
  private delay = 500;
  private timer: number | undefined;
  private pinger: number | undefined;
  private closed = false;
  private opts: ConnOptions;

  constructor(opts: ConnOptions) {
    this.opts = opts;
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.opts.url);
    } catch (e) {
      this.retry(`cannot connect: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      const hello = this.opts.hello();
      if (hello) ws.send(JSON.stringify(hello));
      this.opts.onStatus(true, "connected");
      window.clearInterval(this.pinger);
      this.pinger = window.setInterval(() => this.send({ type: "ping" }), 25000);
    };
    ws.onmessage = (ev) => {
      let m: unknown;
      try {
        m = JSON.parse(typeof ev.data === "string" ? ev.data : "");
      } catch {
        this.opts.onError("the server sent a message that is not JSON");
        return;
      }
      if (typeof m !== "object" || m === null || typeof (m as { type?: unknown }).type !== "string") {
        this.opts.onError("the server sent a message without a type");
        return;
      }
      this.opts.onMessage(m as ServerMessage);
    };
    ws.onclose = () => {
      window.clearInterval(this.pinger);
      if (this.ws === ws) this.ws = null;
      this.retry("connection lost; reconnecting…");
    };
    ws.onerror = () => {
      // onclose follows and reconnects
    };
  }

  private retry(text: string): void {
    if (this.closed) return;
    this.opts.onStatus(false, text);
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  // send sends a message; it reports false when there is no connection.
  send(m: ClientMessage): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    window.clearInterval(this.pinger);
    this.ws?.close();
  }
}

// wsURL is the websocket address of a game on this page's host.
export function wsURL(id: string): string {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/ws/${encodeURIComponent(id)}`;
}

// Sounds made with WebAudio (no files): move, capture, check, low time and
// game end, with a mute switch remembered in localStorage.

export type Sound = "move" | "capture" | "check" | "lowtime" | "end";

const muteKey = "anychess-mute";
let ctx: AudioContext | null = null;

export function muted(): boolean {
  try {
    return localStorage.getItem(muteKey) === "1";
  } catch {
    return false;
  }
}

export function setMuted(m: boolean): void {
  try {
    localStorage.setItem(muteKey, m ? "1" : "0");
  } catch {
    // storage refused (private mode): the switch lasts for this page only
  }
  mutedNow = m;
}

let mutedNow = muted();

// tones are (frequency Hz, start s, length s, gain) per sound.
const tones: Record<Sound, [number, number, number, number][]> = {
  move: [[520, 0, 0.07, 0.25]],
  capture: [
    [300, 0, 0.09, 0.35],
    [190, 0.05, 0.12, 0.3],
  ],
  check: [
    [740, 0, 0.09, 0.25],
    [990, 0.1, 0.12, 0.25],
  ],
  lowtime: [
    [880, 0, 0.08, 0.2],
    [880, 0.16, 0.08, 0.2],
  ],
  end: [
    [523, 0, 0.3, 0.2],
    [659, 0.08, 0.3, 0.2],
    [784, 0.16, 0.4, 0.2],
  ],
};

// counts how many sounds were asked for, by kind (read by the tests).
export const played: Record<string, number> = {};

export function play(s: Sound): void {
  played[s] = (played[s] ?? 0) + 1;
  (window as unknown as { anychessSounds?: Record<string, number> }).anychessSounds = played;
  if (mutedNow) return;
  try {
    if (!ctx) {
      const AC = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!AC) return;
      ctx = new AC();
    }
    if (ctx.state === "suspended") void ctx.resume();
    const t0 = ctx.currentTime + 0.01;
    for (const [f, start, len, gain] of tones[s]) {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.type = s === "capture" ? "triangle" : "sine";
      o.frequency.value = f;
      g.gain.setValueAtTime(0, t0 + start);
      g.gain.linearRampToValueAtTime(gain, t0 + start + 0.01);
      g.gain.exponentialRampToValueAtTime(0.001, t0 + start + len);
      o.connect(g).connect(ctx.destination);
      o.start(t0 + start);
      o.stop(t0 + start + len + 0.02);
    }
  } catch {
    // no audio on this device: silence
  }
}

import { useCallback, useEffect, useRef, useState } from 'react';

/** The part of Web Audio's AudioContext the ringing uses (a fake one in tests). */
export interface AudioContextLike {
  readonly state: string;
  readonly currentTime: number;
  readonly destination: AudioNode;
  resume(): Promise<void>;
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
}

export type AudioContextFactory = () => AudioContextLike;

/** The browser's own, or null where there is no Web Audio. */
export const browserAudioContext = (): AudioContextFactory | null =>
  typeof AudioContext === 'undefined' ? null : () => new AudioContext();

/** How long between two beep patterns while an order waits. */
export const RING_EVERY_MS = 4000;
/** Three short beeps, high and clear over a kitchen's noise. */
const BEEPS = 3;
const BEEP_SECONDS = 0.15;
const BEEP_GAP_SECONDS = 0.25;
const BEEP_HERTZ = 880;

function beep(context: AudioContextLike) {
  const start = context.currentTime;
  for (let index = 0; index < BEEPS; index++) {
    const at = start + index * BEEP_GAP_SECONDS;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = BEEP_HERTZ;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + BEEP_SECONDS);
  }
}

/**
 * The sound's state: `blocked` until staff tap "Attiva suono" (browsers
 * play nothing before a gesture on the page), `on`, `muted`, or
 * `unsupported` where there is no Web Audio.
 */
export type SoundState = 'blocked' | 'on' | 'muted' | 'unsupported';

/**
 * Rings while `ringing` holds: a beep pattern at once, then every few
 * seconds, until it no longer holds or staff mute it. `enable` must run in
 * a tap's handler: it creates (or resumes) the audio context there.
 */
export function useRinging(ringing: boolean, createContext: AudioContextFactory | null) {
  const context = useRef<AudioContextLike | null>(null);
  const [state, setState] = useState<SoundState>(createContext ? 'blocked' : 'unsupported');

  const enable = useCallback(async () => {
    if (!createContext) return;
    context.current ??= createContext();
    try {
      await context.current.resume();
    } catch {
      // Still not allowed: the button stays for another tap.
    }
    if (context.current.state === 'running') setState('on');
  }, [createContext]);

  const mute = useCallback(() => setState('muted'), []);
  const unmute = useCallback(() => setState('on'), []);

  useEffect(() => {
    const audio = context.current;
    if (!ringing || state !== 'on' || !audio) return;
    const ring = () => {
      if (audio.state === 'running') return beep(audio);
      // The browser suspended the sound (the tablet slept, the page was hidden): ask
      // again; if it is still not allowed, "Attiva suono" comes back for a tap.
      audio.resume().then(
        () => (audio.state === 'running' ? beep(audio) : setState('blocked')),
        () => setState('blocked'),
      );
    };
    ring();
    const timer = setInterval(ring, RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringing, state]);

  return { state, enable, mute, unmute };
}

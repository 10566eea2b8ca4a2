/** A short tone the person scanning hears at once: high for done, low for refused. Silent where no audio. */
export function beep(kind: 'ok' | 'error') {
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
    if (!Context) return
    const audio = new Context()
    const tone = audio.createOscillator()
    const gain = audio.createGain()
    tone.type = kind === 'ok' ? 'sine' : 'square'
    tone.frequency.value = kind === 'ok' ? 1320 : 220
    gain.gain.value = 0.1
    tone.connect(gain).connect(audio.destination)
    tone.start()
    tone.stop(audio.currentTime + (kind === 'ok' ? 0.12 : 0.35))
    tone.onended = () => void audio.close()
  } catch {
    // No sound is better than a broken screen.
  }
}

// The composer's voice-note button, where the browser can record: a press asks for the microphone
// and records, the next press (or MAX_RECORDING_MS) stops, and the recording becomes a file for
// the uploader (widget/attachments/uploader.ts) to attach as audio.
import { MAX_RECORDING_MS } from './upload-policy';
import { h, icon } from '../ui/dom';
import type { UploadStrings } from './uploader-strings';

export const MIC = 'M9 6a3 3 0 0 1 6 0v5a3 3 0 0 1-6 0zM5 11a7 7 0 0 0 14 0M12 18v3';
/** What a recording is sent as when the browser can make it (Chromium, Firefox): the hub widget's type. */
const VOICE_MIME = 'audio/webm';

/**
 * The button and what stops a recording under way; null where the browser cannot record.
 * `note` writes the line under the chips; `full` says why no recording may start now (the
 * attachments are full), or nothing; `gone` is true once the uploader was destroyed; `take` gets the recording.
 */
export function voiceNotes(
  s: UploadStrings,
  note: (text: string) => void,
  announce: (text: string) => void,
  full: () => string | void,
  gone: () => boolean,
  take: (file: File) => void,
): [HTMLButtonElement, () => void] | null {
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder != 'function') return null;
  let stopRecording: (() => void) | null = null;
  const voiceButton = h('button', { type: 'button', class: 'bc-icon-btn bc-voice', 'aria-label': s.record, title: s.record }, [icon(MIC)]);
  const setRecording = (on: boolean) => {
    voiceButton.classList.toggle('bc-rec', on);
    voiceButton.setAttribute('aria-label', on ? s.stopRecording : s.record);
    voiceButton.title = on ? s.stopRecording : s.record;
    note(on ? s.recording : '');
    announce(on ? s.recording : s.recordingStopped);
  };
  let asking = false;
  voiceButton.addEventListener('click', async () => {
    if (stopRecording) return stopRecording();
    // A second press while the browser asks for the microphone starts nothing more.
    if (asking) return;
    const why = full();
    if (why) return note(why);
    let stream: MediaStream | undefined;
    let recorder: MediaRecorder;
    asking = true;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      // webm where the browser records it; otherwise its own default (Safari: mp4).
      recorder = MediaRecorder.isTypeSupported(VOICE_MIME) ? new MediaRecorder(stream, { mimeType: VOICE_MIME }) : new MediaRecorder(stream);
    } catch {
      for (const track of stream?.getTracks() ?? []) track.stop();
      note(s.noMicrophone);
      return announce(s.noMicrophone);
    } finally {
      asking = false;
    }
    const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
    if (gone()) return stopTracks();
    const parts: Blob[] = [];
    const started = Date.now();
    const tick = setInterval(() => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      note(`${s.recording} ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`);
    }, 1000);
    const limit = setTimeout(() => stopRecording?.(), MAX_RECORDING_MS);
    recorder.ondataavailable = (event) => event.data.size && parts.push(event.data);
    recorder.onstop = () => {
      stopTracks();
      const mime = recorder.mimeType.split(';')[0] || VOICE_MIME;
      const blob = new Blob(parts, { type: mime });
      if (blob.size) take(new File([blob], `voice-${Date.now()}.${mime.split('/')[1]}`, { type: mime }));
    };
    stopRecording = () => {
      clearInterval(tick);
      clearTimeout(limit);
      stopRecording = null;
      if (recorder.state !== 'inactive') recorder.stop();
      setRecording(false);
    };
    recorder.start();
    setRecording(true);
  });
  return [voiceButton, () => stopRecording?.()];
}

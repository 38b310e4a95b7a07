// Writes the scan beeps, the item-refused knocks and the auto-buy chime as 16-bit mono WAV files. Run: node resources/sounds/generate.mjs
// Tones are made here rather than downloaded so their licence is ours and they stay tiny.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22050;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Each note: frequency in Hz, milliseconds; a short fade in and out avoids clicks. */
function render(notes, volume) {
  const samples = [];
  for (const [freq, ms] of notes) {
    const count = Math.round((RATE * ms) / 1000);
    const fade = Math.min(count / 4, RATE * 0.005);
    for (let i = 0; i < count; i += 1) {
      const envelope = Math.min(1, i / fade, (count - i) / fade);
      samples.push(freq === 0 ? 0 : Math.sin((2 * Math.PI * freq * i) / RATE) * envelope * volume);
    }
  }
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(s * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// Success: one bright rising chirp. Failure: two low buzzes, easy to tell apart without looking.
fs.writeFileSync(path.join(here, 'scan-ok.wav'), render([[1320, 60], [1760, 70]], 0.5));
fs.writeFileSync(path.join(here, 'scan-error.wav'), render([[220, 140], [0, 60], [196, 200]], 0.6));
// An item that does not belong in the box (wrong, not in the order, one too many): three quick falling knocks, unlike both.
fs.writeFileSync(path.join(here, 'item-refused.wav'), render([[660, 70], [0, 40], [494, 70], [0, 40], [330, 120]], 0.6));
// Auto-buy: three rising notes, longer than the scan chirp, so a label bought with no key is heard as such.
fs.writeFileSync(path.join(here, 'auto-buy.wav'), render([[880, 90], [1175, 90], [1568, 160]], 0.5));

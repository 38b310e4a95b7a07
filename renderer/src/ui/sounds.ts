import okUrl from '../../../resources/sounds/scan-ok.wav';
import errorUrl from '../../../resources/sounds/scan-error.wav';
import itemRefusedUrl from '../../../resources/sounds/item-refused.wav';
import autoBuyUrl from '../../../resources/sounds/auto-buy.wav';

const cache = new Map<string, HTMLAudioElement>();

function play(url: string): void {
  let audio = cache.get(url);
  if (!audio) {
    audio = new Audio(url);
    cache.set(url, audio);
  }
  audio.currentTime = 0;
  // A browser that blocks audio before the first key press must not break scanning.
  void audio.play().catch(() => undefined);
}

/** The bench hears whether a scan was taken without looking up from the box. */
export const sounds = {
  scanOk: () => play(okUrl),
  scanError: () => play(errorUrl),
  /** Scan to verify: an item that does not go in this box (wrong, not in the order, one too many). */
  itemRefused: () => play(itemRefusedUrl),
  /** A label bought on the scan alone (auto-buy): three rising notes, unlike either scan sound. */
  autoBuy: () => play(autoBuyUrl),
};

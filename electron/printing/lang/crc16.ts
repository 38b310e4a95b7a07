/**
 * CRC-16/XMODEM (poly 0x1021, init 0), the check Zebra printers verify on Z64
 * data; ZD420s silently drop labels carrying any other CRC.
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i += 1) {
    let crc = i << 8;
    for (let k = 0; k < 8; k += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[i] = crc;
  }
  return table;
})();

/** Over the bytes of an ASCII string (the base64 text, for Z64). */
export function crc16Xmodem(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i += 1) crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ text.charCodeAt(i)) & 0xff]!;
  return crc;
}

export function crcHex(crc: number): string {
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

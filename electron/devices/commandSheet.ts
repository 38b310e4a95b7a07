import bwipjs from 'bwip-js/node';
import type { CommandSheet } from '../../shared/contract/devices';
import { commandBarcodes, type CommandBarcode } from '../../shared/domain/commandBarcodes';

// Code 128 at 3 px per module and 15 mm bars scans from arm's length with any wedge scanner.
const style = { bcid: 'code128', scale: 3, height: 15, includetext: true, textxalign: 'center', paddingwidth: 10, paddingheight: 6 } as const;

function optionsFor(barcode: CommandBarcode) {
  return { ...style, text: barcode.text, alttext: barcode.text };
}

/** The station's command barcodes, drawn for the command sheet printed from Settings. */
export async function drawCommandSheet(format: 'png' | 'svg'): Promise<CommandSheet> {
  const barcodes = await Promise.all(
    commandBarcodes.map(async (barcode) => {
      const image =
        format === 'svg'
          ? bwipjs.toSVG(optionsFor(barcode))
          : `data:image/png;base64,${(await bwipjs.toBuffer(optionsFor(barcode))).toString('base64')}`;
      return { ...barcode, image };
    }),
  );
  return { format, barcodes };
}

/**
 * The station's own command barcodes: printed once on a command sheet
 * (Settings), taped to the bench, and scanned to act without touching the
 * keyboard. Content is `PS:CMD:<NAME>`, upper case, Code 128: short enough
 * for any scanner, and a prefix no order or tracking number starts with.
 */

export const COMMAND_PREFIX = 'PS:CMD:';

export const stationCommandNames = ['BUY', 'REPRINT_LAST', 'VOID_LAST', 'NEXT', 'CANCEL', 'ZERO_SCALE', 'ANOTHER_BOX'] as const;
export type StationCommand = (typeof stationCommandNames)[number];

export interface CommandBarcode {
  readonly command: StationCommand;
  /** What the barcode encodes. */
  readonly text: string;
  /** Printed above the barcode. */
  readonly label: string;
  /** Printed below it: what happens when it is scanned. */
  readonly description: string;
}

const describe = (command: StationCommand, label: string, description: string): CommandBarcode => ({
  command,
  text: commandBarcodeText(command),
  label,
  description,
});

export const commandBarcodes: readonly CommandBarcode[] = [
  describe('BUY', 'Buy label', 'Buys the selected rate and prints the label'),
  describe('REPRINT_LAST', 'Reprint last', 'Prints the last label again (no new purchase)'),
  describe('VOID_LAST', 'Void last', 'Asks to void the last label bought at this station'),
  describe('NEXT', 'Next order', 'Clears the screen for the next package'),
  describe('CANCEL', 'Cancel', 'Cancels what is in progress; nothing is bought'),
  describe('ZERO_SCALE', 'Zero scale', 'Zeroes the scale (empty the platform first)'),
  describe('ANOTHER_BOX', 'Another box for this order', 'Starts the next box of the order on the bench, with its own label'),
];

export function isStationCommand(value: string): value is StationCommand {
  return (stationCommandNames as readonly string[]).includes(value);
}

export function commandBarcodeText(command: StationCommand): string {
  return `${COMMAND_PREFIX}${command}`;
}

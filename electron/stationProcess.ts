import { requireNode22 } from './runtime/nodeVersion';

// Checked before anything loads a native module: an older Node gets a sentence, not a segfault.
requireNode22();

// Entry of the station process (dist/electron/station.cjs): Electron's main process starts it as a
// utilityProcess; the tests start the same file with Node's fork.
void import('./station/stationProcess').then(({ runStationProcess }) => runStationProcess(process.argv.slice(2)));

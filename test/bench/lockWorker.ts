// One process taking the station's one lock (electron/store/fileLock.ts), for test/integration/station/fileLock.test.ts.
// Run: node dist/test/bench/lockWorker.cjs folder DATA_DIR   takes the data folder, says {"event":"folder","held":bool}
//                                                            and keeps it until stdin ends or it is killed.
//      node dist/test/bench/lockWorker.cjs token DIR KEY      says {"event":"ready"}; on the stdin line "go" asks the file token
//                                                            shelf for KEY's token ({"event":"asking"}, {"event":"waiting"} when
//                                                            another process is minting), and when it is its turn to mint says
//                                                            {"event":"minting"} and mints only on the line "finish"; then
//                                                            says {"event":"token","value":...} and ends.
import readline from 'node:readline';
import { createFileTokenShelf } from '../../electron/api/v2/fileTokenShelf';
import { acquireFolderLock } from '../../electron/station/folderLock';

const say = (event: Record<string, unknown>): void => void process.stdout.write(`${JSON.stringify(event)}\n`);
const lines = readline.createInterface({ input: process.stdin });
const nextLine = (wanted: string): Promise<void> =>
  new Promise((resolve) => {
    const listener = (line: string): void => {
      if (line.trim() !== wanted) return;
      lines.off('line', listener);
      resolve();
    };
    lines.on('line', listener);
  });

const [mode, dir, key] = process.argv.slice(2);
if (mode === 'folder' && dir) {
  const lock = acquireFolderLock(dir);
  say({ event: 'folder', held: lock !== null });
  lines.on('close', () => lock?.release());
} else if (mode === 'token' && dir && key) {
  const shelf = createFileTokenShelf(dir, { onWait: () => say({ event: 'waiting' }) });
  say({ event: 'ready' });
  void nextLine('go').then(async () => {
    say({ event: 'asking' });
    const token = await shelf.mintOnce(
      key,
      () => true,
      async () => {
        say({ event: 'minting' });
        await nextLine('finish');
        return { value: `sealed-by-${process.pid}`, refreshAt: Date.now() + 3_600_000 };
      },
    );
    say({ event: 'token', value: token.value });
    lines.close();
  });
} else {
  process.stderr.write('usage: lockWorker folder DATA_DIR | token DIR KEY\n');
  process.exitCode = 2;
}

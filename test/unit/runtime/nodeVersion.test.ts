import { describe, expect, it } from 'vitest';
import { nodeTooOld } from '../../../electron/runtime/nodeVersion';

describe('the Node version check every entry point runs first', () => {
  it('gives one sentence saying what to install on a Node older than 22', () => {
    const words = nodeTooOld({ ...process.versions, node: '20.20.2' });
    expect(words).toMatch(/^Parcel Station needs Node 22 or later, and this is Node 20\.20\.2: install Node 22 LTS/);
    expect(words?.split('. ')).toHaveLength(1);
  });

  it('lets Node 22 and later, and Electron\'s own Node, through', () => {
    expect(nodeTooOld({ ...process.versions, node: '22.0.0' })).toBeNull();
    expect(nodeTooOld({ ...process.versions, node: '24.1.0' })).toBeNull();
    expect(nodeTooOld({ ...process.versions, node: '20.9.0', electron: '45.4.1' })).toBeNull();
  });
});

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

const root = path.resolve(__dirname, '../../..');
const requireHere = createRequire(__filename);
const binaries = requireHere(path.join(root, 'scripts/packaging/native-binaries.cjs')) as {
  BUILT_PER_TARGET: readonly string[];
  nativeModules(root: string): string[];
  findPrebuilt(moduleDir: string, platform: string, arch: string): string | null;
};
type Hook = (context: unknown, env?: NodeJS.ProcessEnv, notarize?: (options: Record<string, string>) => Promise<void>) => Promise<string>;
const notarizeHook = (requireHere(path.join(root, 'scripts/packaging/notarize.cjs')) as { default: Hook }).default;

const targetList = z.array(z.union([z.string(), z.object({ target: z.string(), arch: z.array(z.string()).optional() })]));
const config = z
  .object({
    asarUnpack: z.array(z.string()),
    npmRebuild: z.boolean(),
    beforePack: z.string(),
    afterSign: z.string(),
    afterAllArtifactBuild: z.string(),
    win: z.object({ target: targetList }),
    mac: z.object({ target: targetList, hardenedRuntime: z.boolean() }),
    linux: z.object({ target: targetList }),
  })
  .parse(parse(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')));

const platforms = { win: 'win32', mac: 'darwin', linux: 'linux' } as const;
/** Every (package format, platform, arch) the config builds; an entry without arch builds x64, as electron-builder does. */
const targets = (Object.keys(platforms) as Array<keyof typeof platforms>).flatMap((key) =>
  config[key].target.flatMap((t) => {
    const entry = typeof t === 'string' ? { target: t, arch: ['x64'] } : { target: t.target, arch: t.arch ?? ['x64'] };
    return entry.arch.map((arch) => ({ format: entry.target, platform: platforms[key], arch }));
  }),
);
const modules = binaries.nativeModules(root);
const plan = targets.flatMap(({ format, platform, arch }) =>
  modules.map((name) => {
    const prebuilt = binaries.findPrebuilt(path.join(root, 'node_modules', name), platform, arch);
    const how = prebuilt ? `prebuilt in the package: ${prebuilt}` : binaries.BUILT_PER_TARGET.includes(name) ? 'fetched or built for the target by before-pack' : 'MISSING';
    return { name, format, platform, arch, prebuilt, how };
  }),
);

describe('electron-builder.yml', () => {
  it('builds NSIS for Windows x64 and arm64, dmg for macOS arm64 and x64, AppImage and deb for Linux', () => {
    const built = targets.map((t) => `${t.format}:${t.platform}-${t.arch}`).sort();
    expect(built).toEqual(['AppImage:linux-x64', 'deb:linux-x64', 'dmg:darwin-arm64', 'dmg:darwin-x64', 'nsis:win32-arm64', 'nsis:win32-x64']);
    expect(config.mac.hardenedRuntime).toBe(true);
  });

  it('knows the native modules the app depends on, and unpacks each from the asar', () => {
    expect(modules).toEqual(['better-sqlite3', 'keytar', 'node-hid', 'usb']);
    for (const name of modules) expect(config.asarUnpack).toContain(`**/node_modules/${name}/**`);
    // Prebuilt N-API binaries are used as they are; rebuilding would compile them from source on every packaging machine.
    expect(config.npmRebuild).toBe(false);
    expect(config.beforePack).toBe('scripts/packaging/before-pack.cjs');
    expect(fs.existsSync(path.join(root, config.beforePack))).toBe(true);
    expect(fs.existsSync(path.join(root, config.afterAllArtifactBuild))).toBe(true);
  });

  it.each(plan.map((p) => [`${p.name} in ${p.format} ${p.platform}-${p.arch}: ${p.how}`, p] as const))('%s', (_title, p) => {
    expect(p.how).not.toBe('MISSING');
    if (p.prebuilt) expect(fs.statSync(path.join(root, 'node_modules', p.name, p.prebuilt)).size).toBeGreaterThan(10_000);
    // A module built per target must not also ship a binary for it, or the two could disagree.
    else expect(binaries.BUILT_PER_TARGET).toContain(p.name);
  });

  it('gives Linux node-hid its hidraw build, which the station chooses there', () => {
    expect(binaries.findPrebuilt(path.join(root, 'node_modules', 'node-hid'), 'linux', 'x64')).not.toBeNull();
    expect(fs.existsSync(path.join(root, 'node_modules/node-hid/prebuilds/HID_hidraw-linux-x64/node-napi-v4.node'))).toBe(true);
  });

  it('notarizes macOS builds only with Apple credentials, and says why it skips', async () => {
    expect(config.afterSign).toBe('scripts/packaging/notarize.cjs');
    const mac = { electronPlatformName: 'darwin', appOutDir: '/tmp/out/mac-arm64', packager: { appInfo: { productFilename: 'Parcel Station' } } };
    const calls: Array<Record<string, string>> = [];
    const record = async (options: Record<string, string>) => void calls.push(options);
    await expect(notarizeHook({ ...mac, electronPlatformName: 'win32' }, {}, record)).resolves.toBe('not macOS');
    await expect(notarizeHook(mac, { APPLE_ID: 'dev@example.com' }, record)).resolves.toBe('skipped');
    expect(calls).toEqual([]);
    await expect(notarizeHook(mac, { APPLE_ID: 'dev@example.com', APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh', APPLE_TEAM_ID: 'TEAM123456' }, record)).resolves.toBe('notarized');
    expect(calls).toEqual([{ appPath: '/tmp/out/mac-arm64/Parcel Station.app', appleId: 'dev@example.com', appleIdPassword: 'abcd-efgh', teamId: 'TEAM123456' }]);
  });
});

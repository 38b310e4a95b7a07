/** IPC channel names live here and only here, all under one prefix. */
export const CHANNEL_PREFIX = 'parcel-station:';
export const commandChannel = (name: string): string => `${CHANNEL_PREFIX}cmd:${name}`;
export const EVENT_CHANNEL = `${CHANNEL_PREFIX}event`;

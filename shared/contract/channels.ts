/** IPC channel names live here and only here, all under one prefix. */
export const CHANNEL_PREFIX = 'parcel-station:';
/** Every contract call: (name, input). The station checks the name and the input; the preload knows no command list. */
export const CALL_CHANNEL = `${CHANNEL_PREFIX}call`;
export const EVENT_CHANNEL = `${CHANNEL_PREFIX}event`;
